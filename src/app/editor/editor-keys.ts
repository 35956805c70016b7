import { defaultKeymap, historyKeymap, indentWithTab } from '@codemirror/commands';
import { searchKeymap } from '@codemirror/search';
import { Prec, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { SHORTCUTS } from '../help/shortcuts.ts';
import { nextDiagnostic } from './diagnostic-squiggles.ts';
import { isBuiltInTabToggle, tabFocus } from './tab-focus.ts';

/** How long after Escape a Tab press leaves the editor instead of indenting, in milliseconds. */
export const TAB_ESCAPE_MS = 2000;

/**
 * Escape then Tab (or Shift-Tab) moves focus out of the editor, so Tab-to-indent never traps keyboard
 * users. CodeMirror does this itself only when no key binding handles the Escape; closing the
 * completion list or collapsing a selection does, so an observer (which sees every keydown before the
 * bindings run) turns the mode on for every Escape.
 */
export const escapeReleasesTab: Extension = EditorView.domEventObservers({
  keydown(event, view) {
    if (event.key === 'Escape' && !event.altKey && !event.ctrlKey && !event.metaKey)
      view.setTabFocusMode(TAB_ESCAPE_MS);
  },
});

/**
 * The editor's key bindings: Ctrl/Cmd-Enter calls `run` (when it returns false, the default binding,
 * insert a blank line, applies), then the standard, search and history keymaps (completion brings its
 * own), F8 to select the next problem, and Tab/Shift-Tab to indent, except while Tab moves focus
 * (`tabFocus`: on until the user types or clicks, Ctrl-M toggles) or just after Escape
 * (`escapeReleasesTab`). The keys of the playground's own bindings come from `SHORTCUTS`, the list the
 * Help dialog shows.
 */
export function editorKeys(run: () => boolean): Extension {
  return [
    Prec.highest(keymap.of([{ key: SHORTCUTS.run.key, run: () => run() }])),
    tabFocus,
    keymap.of([
      ...defaultKeymap.filter((binding) => !isBuiltInTabToggle(binding)),
      ...searchKeymap,
      ...historyKeymap,
      { key: SHORTCUTS.nextProblem.key, run: nextDiagnostic },
      indentWithTab,
    ]),
    escapeReleasesTab,
  ];
}
