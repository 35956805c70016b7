import { Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { docText } from './doc-text.ts';

describe('docText', () => {
  it('gives the document as a string, the same string for the same document', () => {
    const doc = Text.of(['a', 'b']);
    expect(docText(doc)).toBe('a\nb');
    expect(docText(doc)).toBe(docText(doc));
    expect(docText(Text.of(['c']))).toBe('c');
  });
});
