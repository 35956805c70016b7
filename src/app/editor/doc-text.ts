import type { Text } from '@codemirror/state';

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
