import { history, isolateHistory } from '@codemirror/commands';
import { bracketMatching, indentOnInput } from '@codemirror/language';
import { highlightSelectionMatches, search } from '@codemirror/search';
import {
  Annotation,
  ChangeSet,
  Compartment,
  EditorState,
  Facet,
  type Extension,
  type StateEffect,
  type Transaction,
} from '@codemirror/state';
import {
  drawSelection,
  dropCursor,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  lineNumbers,
  tooltips,
} from '@codemirror/view';
import type { Profile } from '../../core/index.ts';
import type { FixHost } from '../state/fix-application.ts';
import { cursorCard } from './cursor-card.ts';
import type { TextEdit } from '../analysis/protocol.ts';
import { docText, docTextAfter, rememberText } from './doc-text.ts';
import { diagnosticsDisplay } from './diagnostics-lint.ts';
import { cardEditorConfig, documentKind } from './editor-config.ts';
import { editorKeys } from './editor-keys.ts';
import {
  editorTheme,
  themeCompartment,
  themeVariant,
  type EditorThemeName,
} from './editor-theme.ts';
import { fieldCompletion } from './field-completion.ts';
import { fieldHover } from './field-hover.ts';
import { lazyLanguage } from './language-loader.ts';
import { fixHost, quickFixes } from './quick-fixes.ts';
import { textChange } from '../state/text-change.ts';
import { schemaAssist } from './schema-assist-loader.ts';
import { historyPersistence, restoreState, type SavedHistory } from './undo-history.ts';

export { textChange } from '../state/text-change.ts';

/**
 * What the editor tells its host. `change` is called from the view's `dispatchTransactions` (see
 * `dispatchReportingEdits`), the others synchronously from the view's update.
 */
export interface EditorHooks {
  /**
   * The user changed the text (typing, paste, undo…); not called for `externalText` changes. `edit` is
   * the one range that changed, when there was one (so the analysis can be sent a patch).
   */
  change(text: string, edit: TextEdit | null): void;
  /** The undo history to store for `path`, debounced (see `historyPersistence`). */
  history(saved: SavedHistory, path: string): void;
  /** The cursor moved into the card with this `CardInfo.index` (-1: no card). */
  cursorCard(index: number): void;
  /** Ctrl/Cmd-Enter; return false to let the key insert a blank line. */
  run(): boolean;
  /** Where fixes that reach other files go (absent: such fixes are not offered). */
  fixes?: FixHost;
}

/** The editor settings that can change without loading another file. */
export interface EditorSettings {
  profile: Profile;
  readonly: boolean;
  theme: EditorThemeName;
}

/** Everything needed to open one file in the editor. */
export interface EditorStateOptions extends EditorSettings {
  path: string;
  doc: string;
  /**
   * Saved undo histories to try, best first (`SavedHistory` values, untrusted): the first that belongs
   * to exactly `doc` is restored; null and undefined entries are skipped.
   */
  histories?: readonly unknown[];
  hooks: EditorHooks;
}

/** Marks a transaction that loads text from outside the editor: it is not reported as a user edit. */
export const externalText = Annotation.define<boolean>();

const profileCompartment = new Compartment();
const readonlyCompartment = new Compartment();

function readonlyExtension(readonly: boolean): Extension {
  return readonly
    ? [EditorState.readOnly.of(true), EditorView.contentAttributes.of({ 'aria-readonly': 'true' })]
    : [];
}

/** The hooks of the host that opened the state, for `dispatchReportingEdits`. */
const editorHooks = Facet.define<EditorHooks, EditorHooks | null>({
  combine: (values) => values[0] ?? null,
});

/**
 * The view's `dispatchTransactions` (pass it to `new EditorView`): reports a user edit (any document
 * change without the `externalText` annotation) to the state's `EditorHooks.change`, then lets the
 * view update. Reporting before the update, rather than from an update listener, sends the analysis
 * request before the view rewrites its DOM, so the worker checks the edit while the main thread is
 * still busy with the keystroke.
 */
export function dispatchReportingEdits(trs: readonly Transaction[], view: EditorView): void {
  const first = trs[0];
  const hooks = first?.startState.facet(editorHooks);
  if (first && hooks && trs.some((tr) => tr.docChanged && !tr.annotation(externalText))) {
    const changes = trs.reduce(
      (all, tr) => all.compose(tr.changes),
      ChangeSet.empty(first.startState.doc.length),
    );
    const { text, edit } = docTextAfter(first.startState.doc, trs.at(-1)!.newDoc, changes);
    try {
      hooks.change(text, edit);
    } finally {
      // Whatever the host does with the report, the keystroke itself is never lost.
      view.update(trs);
    }
    return;
  }
  view.update(trs);
}

/**
 * Tooltips (hover, problems, completion, quick fixes) go into the document's body, not the editor: the
 * playground gives the editor size and layout containment (EditorPane.svelte), which would make it their
 * containing block and its box would cut them off at its edges.
 */
function tooltipsOutside(): Extension {
  return typeof document === 'undefined' ? [] : tooltips({ parent: document.body });
}

/**
 * The editor state for one file: language by path (loaded lazily), card hover and completion, pushed
 * diagnostics with their quick fixes, the card under the cursor, undo history (restored from `options.histories` when one
 * belongs to this text, and saved through `hooks.history`), keys, theme and accessibility label.
 */
export function createEditorState(options: EditorStateOptions): EditorState {
  const { path, hooks } = options;
  const extensions: Extension[] = [
    cardEditorConfig.of({ path }),
    profileCompartment.of(cardEditorConfig.of({ profile: options.profile })),
    readonlyCompartment.of(readonlyExtension(options.readonly)),
    lazyLanguage(documentKind(path)),
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    drawSelection(),
    dropCursor(),
    EditorState.allowMultipleSelections.of(true),
    indentOnInput(),
    bracketMatching(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    search({ top: true }),
    tooltipsOutside(),
    EditorView.lineWrapping,
    EditorView.contentAttributes.of({ 'aria-label': `Editor: ${path || 'untitled file'}` }),
    editorTheme(options.theme),
    diagnosticsDisplay(),
    quickFixes(),
    fieldHover(),
    fieldCompletion(),
    schemaAssist(),
    cursorCard((index) => hooks.cursorCard(index)),
    // Shorter than the autosave delay, so the history usually travels in the same save as the text.
    historyPersistence({ path, delay: 250, save: (saved, p) => hooks.history(saved, p) }),
    editorKeys(() => hooks.run()),
    editorHooks.of(hooks),
    hooks.fixes ? fixHost.of(hooks.fixes) : [],
  ];
  const config = { doc: options.doc, extensions };
  let state: EditorState | null = null;
  for (const saved of options.histories ?? []) {
    if (saved === undefined || saved === null) continue;
    state = restoreState(saved, options.doc, config);
    if (state) break;
  }
  state ??= EditorState.create(config);
  rememberText(state.doc, options.doc);
  return state;
}

/**
 * The effects that bring `state` to `settings`; empty when it already has them (so calling this on
 * every prop change costs nothing when nothing changed).
 */
export function reconfigureEditor(
  state: EditorState,
  settings: EditorSettings,
): StateEffect<unknown>[] {
  const effects: StateEffect<unknown>[] = [];
  if (state.facet(cardEditorConfig).profile !== settings.profile)
    effects.push(
      profileCompartment.reconfigure(cardEditorConfig.of({ profile: settings.profile })),
    );
  if (state.readOnly !== settings.readonly)
    effects.push(readonlyCompartment.reconfigure(readonlyExtension(settings.readonly)));
  if (state.facet(EditorView.darkTheme) !== (settings.theme === 'dark'))
    effects.push(themeCompartment.reconfigure(themeVariant(settings.theme)));
  return effects;
}

/**
 * Replaces the view's text with `text` as an external change (not reported through `hooks.change`):
 * only the differing middle is replaced (`textChange`), so the selection and scroll position survive
 * where the text is unchanged. The change is undoable, as one step of its own. Does nothing when the text is
 * already `text`.
 */
export function replaceText(view: EditorView, text: string): void {
  const change = textChange(docText(view.state.doc), text);
  // An undo step of its own (a "Fix all" or another tab's text must not merge with the typing before it).
  if (!change) return;
  view.dispatch({
    changes: change,
    annotations: [externalText.of(true), isolateHistory.of('full')],
  });
  rememberText(view.state.doc, text);
}
