/**
 * Tab for keyboard users, as VS Code's "Tab moves focus" mode: while the mode is on, Tab and Shift-Tab
 * move focus past the editor instead of indenting, so tabbing through the page never changes the text.
 * It is on when an editor opens and goes off by itself the first time the user types or clicks in the
 * editor (then Tab indents, and Escape then Tab leaves); Ctrl-M (Shift-Alt-M on macOS) turns it on or off
 * for good. A short hint in the editor's corner says which it is when the editor gets focus and when the
 * mode changes, then fades after `HINT_MS` so that it does not cover the text being typed.
 */
import { toggleTabFocusMode } from '@codemirror/commands';
import { Transaction, type Extension } from '@codemirror/state';
import { EditorView, keymap, ViewPlugin, type ViewUpdate } from '@codemirror/view';
import { SHORTCUTS } from '../help/shortcuts.ts';

/** The mode of one view: kept by view (not by state), so it survives loading another file. */
interface TabMode {
  /** True: Tab moves focus. */
  moves: boolean;
  /** True once the user chose with Ctrl-M: typing and clicking no longer change the mode. */
  chosen: boolean;
}

const modes = new WeakMap<EditorView, TabMode>();

/** How long the hint stays after the editor gets focus or the mode changes, ms. */
export const HINT_MS = 4000;

/** The tab mode of `view` (created on first use: Tab moves focus, not chosen). */
export function tabMode(view: EditorView): Readonly<TabMode> {
  let mode = modes.get(view);
  if (!mode) modes.set(view, (mode = { moves: true, chosen: false }));
  return mode;
}

/** The key that toggles the mode, as the hint spells it. */
function toggleKey(): string {
  return /Mac|iPhone|iPad/.test(navigator.platform) ? '⇧⌥M' : 'Ctrl+M';
}

/** The hint's words for a mode. */
export function tabHint(moves: boolean, key: string): string {
  return moves
    ? `Tab moves focus · ${key}: Tab indents`
    : `Tab indents · Esc then Tab to leave · ${key}: Tab moves focus`;
}

function setMode(view: EditorView, moves: boolean, chosen: boolean): void {
  const mode = tabMode(view) as TabMode;
  mode.moves = moves;
  mode.chosen = mode.chosen || chosen;
  view.setTabFocusMode(moves);
  const plugin = view.plugin(tabFocusPlugin);
  plugin?.render();
  plugin?.show();
}

const tabFocusPlugin = ViewPlugin.fromClass(
  class {
    readonly hint: HTMLElement;
    private timer: ReturnType<typeof setTimeout> | undefined;
    constructor(readonly view: EditorView) {
      // The mode is applied on focus: a view under construction cannot take it yet, and one that is
      // loading another file keeps it (it belongs to the view).
      this.hint = document.createElement('div');
      this.hint.className = 'cm-tab-hint';
      this.hint.setAttribute('aria-live', 'polite');
      view.dom.appendChild(this.hint);
      this.render();
    }
    update(update: ViewUpdate): void {
      const mode = tabMode(this.view);
      const typed = update.transactions.some(
        (tr) => tr.docChanged && tr.annotation(Transaction.userEvent) !== undefined,
      );
      if (typed && mode.moves && !mode.chosen) setMode(this.view, false, false);
    }
    render(): void {
      this.hint.textContent = tabHint(tabMode(this.view).moves, toggleKey());
    }
    /** Shows the hint for `HINT_MS` (it is drawn only while the editor has focus). */
    show(): void {
      this.hint.classList.add('cm-tab-hint-on');
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.hint.classList.remove('cm-tab-hint-on'), HINT_MS);
    }
    destroy(): void {
      clearTimeout(this.timer);
      this.hint.remove();
    }
  },
  {
    eventObservers: {
      focus(_event, view) {
        view.setTabFocusMode(tabMode(view).moves);
        view.plugin(tabFocusPlugin)?.show();
      },
      mousedown(_event, view) {
        const mode = tabMode(view);
        if (mode.moves && !mode.chosen) setMode(view, false, false);
      },
    },
  },
);

/** Toggles "Tab moves focus" for good (the user chose). Always handles the key. */
function toggleTabMoves(view: EditorView): boolean {
  setMode(view, !tabMode(view).moves, true);
  return true;
}

/** Whether a binding is CodeMirror's own Ctrl-M toggle, which `tabFocus` replaces. */
export function isBuiltInTabToggle(binding: { run?: unknown }): boolean {
  return binding.run === toggleTabFocusMode;
}

/** The mode, its Ctrl-M (Shift-Alt-M on macOS) toggle, the hint and the editor's focus ring. */
export const tabFocus: Extension = [
  keymap.of([{ key: SHORTCUTS.tabMode.key, mac: SHORTCUTS.tabMode.mac, run: toggleTabMoves }]),
  tabFocusPlugin,
  EditorView.theme({
    // The ring is drawn above everything in the editor (the sticky gutter would cover an outline).
    '&.cm-focused': { outline: 'none' },
    '&.cm-focused::after': {
      content: '""',
      position: 'absolute',
      inset: '0',
      boxSizing: 'border-box',
      zIndex: '300',
      border: '2px solid var(--ed-link)',
      pointerEvents: 'none',
    },
    '.cm-tab-hint': {
      display: 'none',
      position: 'absolute',
      right: '6px',
      bottom: '6px',
      zIndex: '250',
      padding: '1px 6px',
      borderRadius: '4px',
      border: '1px solid var(--ed-border)',
      backgroundColor: 'var(--ed-panel-bg)',
      color: 'var(--ed-muted)',
      font: '12px system-ui, -apple-system, "Segoe UI", sans-serif',
      pointerEvents: 'none',
      opacity: '0',
      transition: 'opacity 0.3s',
    },
    '&.cm-focused .cm-tab-hint': { display: 'block' },
    '.cm-tab-hint.cm-tab-hint-on': { opacity: '1' },
    '@media (prefers-reduced-motion: reduce)': { '.cm-tab-hint': { transition: 'none' } },
  }),
];
