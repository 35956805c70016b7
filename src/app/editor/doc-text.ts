import type { ChangeSet, Text } from '@codemirror/state';
import type { TextEdit } from '../analysis/protocol.ts';

const strings = new WeakMap<Text, string>();

/**
 * The document as one string, built once per document version (documents are immutable, so the
 * cache is keyed by the `Text` itself): reporting an edit and finding the card headers of the same
 * version share one copy of a large file.
 */
export function docText(doc: Text): string {
  let text = strings.get(doc);
  if (text === undefined) {
    text = doc.toString();
    strings.set(doc, text);
  }
  return text;
}

/**
 * The text of `doc` after `changes` turned `before` into it, and the one edit that did it when a single
 * range changed (null otherwise). When the text of `before` is known, the new text is built from it (the
 * engine joins the pieces without copying a large file), so a keystroke does not serialise the document.
 */
export function docTextAfter(
  before: Text,
  doc: Text,
  changes: ChangeSet,
): { text: string; edit: TextEdit | null } {
  const known = strings.get(doc);
  let edit: TextEdit | null = null;
  let count = 0;
  changes.iterChanges((fromA, toA, _fromB, _toB, inserted) => {
    count++;
    edit = { from: fromA, to: toA, insert: inserted.toString() };
  });
  if (count !== 1) edit = null;
  if (known !== undefined) return { text: known, edit };
  const previous = strings.get(before);
  const single = edit as TextEdit | null;
  if (previous === undefined || single === null) return { text: docText(doc), edit };
  const text = previous.slice(0, single.from) + single.insert + previous.slice(single.to);
  strings.set(doc, text);
  return { text, edit };
}
