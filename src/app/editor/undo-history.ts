import { history, historyField, redo, redoDepth, undo, undoDepth } from '@codemirror/commands';
import {
  EditorState,
  Facet,
  type EditorStateConfig,
  type Extension,
  type Text,
  type Transaction,
} from '@codemirror/state';
import { ViewPlugin, type EditorView, type ViewUpdate } from '@codemirror/view';

/**
 * An editor's undo history and selection as plain JSON, tied to the exact text it was taken from by a
 * fingerprint (length and a 53-bit hash), so it is only ever restored onto that text. The text itself
 * is not included: the workspace stores it already.
 */
export interface SavedHistory {
  version: 1;
  /** Length of the text the history belongs to, in UTF-16 code units. */
  length: number;
  /** Hash of that text (hex). */
  hash: string;
  /** `EditorState.toJSON({ history: historyField })` without its `doc`. */
  state: { selection: unknown; history: unknown };
}

/** A 53-bit hash (cyrb53) of a document, fed chunk by chunk so large documents are never joined. */
function hashChunks(chunks: Iterable<string>): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}

function textChunks(doc: Text): Iterable<string> {
  return { [Symbol.iterator]: () => doc.iter() };
}

/** The fingerprint of a text, as stored in `SavedHistory`. */
export function fingerprint(text: string | Text): { length: number; hash: string } {
  return typeof text === 'string'
    ? { length: text.length, hash: hashChunks([text]) }
    : { length: text.length, hash: hashChunks(textChunks(text)) };
}

/** Serialises the undo history and selection of `state`, which must include `history()`. */
export function saveHistory(state: EditorState): SavedHistory {
  const json = state.toJSON({ history: historyField }) as Record<string, unknown>;
  return {
    version: 1,
    ...fingerprint(state.doc),
    state: { selection: json['selection'], history: json['history'] },
  };
}

function isSavedHistory(value: unknown): value is SavedHistory {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const state = v['state'];
  return (
    v['version'] === 1 &&
    typeof v['length'] === 'number' &&
    typeof v['hash'] === 'string' &&
    typeof state === 'object' &&
    state !== null &&
    'history' in state
  );
}

/**
 * True when the history replays cleanly: undoing every step and redoing as many leads back to the same
 * text, and the steps that were already undone redo without error.
 */
function replays(start: EditorState): boolean {
  let state = start;
  const dispatch = (tr: Transaction) => {
    state = tr.state;
  };
  const done = undoDepth(start);
  const undone = redoDepth(start);
  for (let n = 0; n < done; n++) if (!undo({ state, dispatch })) return false;
  for (let n = 0; n < done; n++) if (!redo({ state, dispatch })) return false;
  if (!state.doc.eq(start.doc)) return false;
  for (let n = 0; n < undone; n++) if (!redo({ state, dispatch })) return false;
  return true;
}

/**
 * Creates an editor state for `doc` with a saved undo history, or returns null when `saved` is not a
 * `SavedHistory` (it is untrusted: it comes from storage), belongs to another text, or does not replay
 * cleanly. `config.extensions` must include `history()`. Never throws.
 */
export function restoreState(
  saved: unknown,
  doc: string,
  config: EditorStateConfig,
): EditorState | null {
  if (!isSavedHistory(saved)) return null;
  const print = fingerprint(doc);
  if (saved.length !== print.length || saved.hash !== print.hash) return null;
  const json = { doc, selection: saved.state.selection, history: saved.state.history };
  try {
    const probe = EditorState.fromJSON(json, { extensions: history() }, { history: historyField });
    if (!replays(probe)) return null;
    return EditorState.fromJSON(json, config, { history: historyField });
  } catch {
    return null;
  }
}

/** Where and how often an editor's undo history is saved. */
export interface HistoryPersistence {
  /** The file the history belongs to; passed back to `save`. */
  path: string;
  /** Called with the serialised history, at most once per `delay` while the user edits. */
  save: (saved: SavedHistory, path: string) => void;
  /** Quiet time after the last change before saving, in milliseconds (default 500). */
  delay?: number;
}

const persistenceConfig = Facet.define<HistoryPersistence, HistoryPersistence | null>({
  combine: (values) => values[values.length - 1] ?? null,
});

const persistencePlugin = ViewPlugin.fromClass(
  class {
    private timer: ReturnType<typeof setTimeout> | undefined;
    private state: EditorState;
    private readonly flushNow = () => this.flush();
    private readonly onVisibility = () => {
      if (this.view.dom.ownerDocument.visibilityState === 'hidden') this.flush();
    };

    constructor(private readonly view: EditorView) {
      this.state = view.state;
      view.dom.ownerDocument.defaultView?.addEventListener('pagehide', this.flushNow);
      view.dom.ownerDocument.addEventListener('visibilitychange', this.onVisibility);
    }

    update(update: ViewUpdate) {
      this.state = update.state;
      if (!update.docChanged) return;
      clearTimeout(this.timer);
      const delay = update.state.facet(persistenceConfig)?.delay ?? 500;
      this.timer = setTimeout(this.flushNow, delay);
    }

    /** Saves now if a save is pending. */
    flush() {
      if (this.timer === undefined) return;
      clearTimeout(this.timer);
      this.timer = undefined;
      const config = this.state.facet(persistenceConfig);
      config?.save(saveHistory(this.state), config.path);
    }

    // The view destroys its plugins before it takes a new state (another file) and when it is
    // destroyed: a pending save goes out for the state and path it belongs to.
    destroy() {
      this.flush();
      this.view.dom.ownerDocument.defaultView?.removeEventListener('pagehide', this.flushNow);
      this.view.dom.ownerDocument.removeEventListener('visibilitychange', this.onVisibility);
    }
  },
);

/**
 * Saves the undo history through `config.save` about `delay` ms after the last change, and at once
 * when the page is hidden, the view switches to another state, or the view is destroyed.
 */
export function historyPersistence(config: HistoryPersistence): Extension {
  return [persistenceConfig.of(config), persistencePlugin];
}
