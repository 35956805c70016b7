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
 * fingerprint (length and hash), so it is only ever restored onto that text. The text itself is not
 * included: the workspace stores it already. Version 2 hashes with `fingerprint`; version 1 (stored by
 * earlier releases) with `legacyFingerprint`, still read.
 */
export interface SavedHistory {
  version: 1 | 2;
  /** Length of the text the history belongs to, in UTF-16 code units. */
  length: number;
  /** Hash of that text (hex). */
  hash: string;
  /** `EditorState.toJSON({ history: historyField })` without its `doc`. */
  state: { selection: unknown; history: unknown };
}

/**
 * A polynomial hash of a text in two lanes, `h = Σ c_i · B^(n−1−i) mod 2^32` with a different odd `B` in
 * each, and `p = B^n mod 2^32` kept so that the hashes of two texts give the hash of their concatenation
 * (`join`). `Math.imul` makes every product exact modulo 2^32, and fast.
 */
interface PolyHash {
  h1: number;
  h2: number;
  p1: number;
  p2: number;
}

const B1 = 0x01000193;
const B2 = 0x5bd1e995;

function hashString(text: string): PolyHash {
  let h1 = 0;
  let h2 = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = (Math.imul(h1, B1) + c) | 0;
    h2 = (Math.imul(h2, B2) + c) | 0;
  }
  return { h1, h2, p1: power(B1, text.length), p2: power(B2, text.length) };
}

/** `base^exponent mod 2^32`, by squaring. */
function power(base: number, exponent: number): number {
  let result = 1;
  let square = base;
  for (let e = exponent; e > 0; e = Math.floor(e / 2)) {
    if (e % 2 === 1) result = Math.imul(result, square);
    square = Math.imul(square, square);
  }
  return result;
}

/** The hash of the text of `a` followed by the text of `b`. */
function join(a: PolyHash, b: PolyHash): PolyHash {
  return {
    h1: (Math.imul(a.h1, b.p1) + b.h1) | 0,
    h2: (Math.imul(a.h2, b.p2) + b.h2) | 0,
    p1: Math.imul(a.p1, b.p1),
    p2: Math.imul(a.p2, b.p2),
  };
}

const LINE_BREAK = hashString('\n');

/**
 * Hashes of document nodes. Documents share their unchanged nodes between versions, so after an edit only
 * the changed leaf and the branches above it are hashed again: saving the history of a 1 MB file after a
 * keystroke no longer reads all of it (10 ms of the main thread at every pause in typing).
 */
const nodeHashes = new WeakMap<Text, PolyHash>();

function hashText(doc: Text): PolyHash {
  let hash = nodeHashes.get(doc);
  if (hash !== undefined) return hash;
  const children = doc.children;
  if (children === null) hash = hashString(doc.toString());
  else {
    // A branch's text is its children's texts with a line break between each two.
    hash = hashText(children[0]!);
    for (let i = 1; i < children.length; i++)
      hash = join(join(hash, LINE_BREAK), hashText(children[i]!));
  }
  nodeHashes.set(doc, hash);
  return hash;
}

const hex = (hash: PolyHash) =>
  `${(hash.h1 >>> 0).toString(16).padStart(8, '0')}${(hash.h2 >>> 0).toString(16).padStart(8, '0')}`;

/** The fingerprint of a text, as stored in a version 2 `SavedHistory`. */
export function fingerprint(text: string | Text): { length: number; hash: string } {
  return {
    length: text.length,
    hash: hex(typeof text === 'string' ? hashString(text) : hashText(text)),
  };
}

/** A 53-bit hash (cyrb53) of a text: the fingerprint of version 1 histories. */
export function legacyFingerprint(text: string): { length: number; hash: string } {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return { length: text.length, hash: (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16) };
}

/** Serialises the undo history and selection of `state`, which must include `history()`. */
export function saveHistory(state: EditorState): SavedHistory {
  const json = state.toJSON({ history: historyField }) as Record<string, unknown>;
  return {
    version: 2,
    ...fingerprint(state.doc),
    state: { selection: json['selection'], history: json['history'] },
  };
}

function isSavedHistory(value: unknown): value is SavedHistory {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const state = v['state'];
  return (
    (v['version'] === 1 || v['version'] === 2) &&
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
  const print = saved.version === 1 ? legacyFingerprint(doc) : fingerprint(doc);
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
