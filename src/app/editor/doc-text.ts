import type { ChangeSet, Text } from '@codemirror/state';
import type { TextEdit } from '../analysis/protocol.ts';

/**
 * How one version's string was made: `base`, a string read whole before, with its part between `head`
 * and `tail` characters from its end replaced by the document's text there. Typing in one place keeps
 * that part small, so a keystroke in a large file copies neither the file nor the previous version:
 * slices of a flat string share its characters, while slicing the previous version (itself joined from
 * pieces) would make the engine copy all of it first.
 */
interface Made {
  text: string;
  base: string;
  head: number;
  tail: number;
}

const made = new WeakMap<Text, Made>();

/** The largest replaced part kept before a version becomes the next base (one copy of the file then). */
const MAX_MIDDLE = 16 * 1024;

/**
 * The document as one string, built once per document version (documents are immutable, so the
 * cache is keyed by the `Text` itself): reporting an edit and finding the card headers of the same
 * version share one copy of a large file.
 */
export function docText(doc: Text): string {
  let m = made.get(doc);
  if (m === undefined) {
    const text = doc.toString();
    m = { text, base: text, head: text.length, tail: 0 };
    made.set(doc, m);
  }
  return m.text;
}

/**
 * Records that `text` is the text of `doc` (a document just made from that string), so that the first
 * keystroke in a freshly loaded file builds its text from `text` instead of serialising the document (6 ms
 * for a 1 MB file). Ignored when the lengths differ or a text is already known.
 */
export function rememberText(doc: Text, text: string): void {
  if (doc.length === text.length && !made.has(doc))
    made.set(doc, { text, base: text, head: text.length, tail: 0 });
}

/** The string already made for `doc` (by `docText` or `docTextAfter`), or undefined: never builds one. */
export function madeText(doc: Text): string | undefined {
  return made.get(doc)?.text;
}

/**
 * The first `n` characters of `doc`: a slice of the version's base when they lie before its edited part
 * (no copy), else read from the document.
 */
export function docHead(doc: Text, n: number): string {
  if (n >= doc.length) return docText(doc);
  const m = made.get(doc);
  return m !== undefined && n <= m.head ? m.base.slice(0, n) : doc.sliceString(0, n);
}

/**
 * The text of `doc` after `changes` turned `before` into it, and the one edit that did it when a single
 * range changed (null otherwise). When the text of `before` is known, the new text is built from its base
 * (see `Made`), so a keystroke neither serialises the document nor copies the previous text.
 * `maxMiddle`: see `MAX_MIDDLE` (a parameter for tests).
 */
export function docTextAfter(
  before: Text,
  doc: Text,
  changes: ChangeSet,
  maxMiddle = MAX_MIDDLE,
): { text: string; edit: TextEdit | null } {
  let edit: TextEdit | null = null;
  let count = 0;
  changes.iterChanges((fromA, toA, _fromB, _toB, inserted) => {
    count++;
    edit = { from: fromA, to: toA, insert: inserted.toString() };
  });
  if (count !== 1) edit = null;
  const known = made.get(doc);
  if (known !== undefined) return { text: known.text, edit };
  const previous = made.get(before);
  const single = edit as TextEdit | null;
  if (previous === undefined || single === null) return { text: docText(doc), edit };
  const head = Math.min(previous.head, single.from);
  const tail = Math.min(previous.tail, before.length - single.to);
  let m: Made;
  if (doc.length - head - tail <= maxMiddle) {
    const { base } = previous;
    const text =
      base.slice(0, head) +
      doc.sliceString(head, doc.length - tail) +
      base.slice(base.length - tail);
    m = { text, base, head, tail };
  } else {
    // The edited part grew large (edits far apart): the previous version becomes the base.
    const text =
      previous.text.slice(0, single.from) + single.insert + previous.text.slice(single.to);
    m = { text, base: previous.text, head: single.from, tail: before.length - single.to };
  }
  made.set(doc, m);
  return { text: m.text, edit };
}
