import { EditorState, Text } from '@codemirror/state';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { docHead, docText, docTextAfter, madeText, rememberText } from './doc-text.ts';

describe('docText', () => {
  it('gives the document as a string, the same string for the same document', () => {
    const doc = Text.of(['a', 'b']);
    expect(docText(doc)).toBe('a\nb');
    expect(docText(doc)).toBe(docText(doc));
    expect(docText(Text.of(['c']))).toBe('c');
  });
});

describe('rememberText', () => {
  it('gives the remembered string as the text, and builds the next version from it, never reading the document', () => {
    const doc = Text.of(['alpha', 'beta']);
    let reads = 0;
    const toString = doc.toString.bind(doc);
    doc.toString = () => (reads++, toString());
    rememberText(doc, 'alpha\nbeta');
    expect(docText(doc)).toBe('alpha\nbeta');
    const state = EditorState.create({ doc });
    const tr = state.update({ changes: { from: 5, insert: '!' } });
    expect(docTextAfter(doc, tr.newDoc, tr.changes).text).toBe('alpha!\nbeta');
    expect(reads).toBe(0);
  });

  it('ignores a string of another length, and keeps a text already known', () => {
    const doc = Text.of(['abc']);
    rememberText(doc, 'abcd');
    expect(madeText(doc)).toBeUndefined();
    expect(docText(doc)).toBe('abc');
    rememberText(doc, 'xyz');
    expect(docText(doc)).toBe('abc');
  });
});

describe('docTextAfter', () => {
  it('builds the new text from the known old one, and gives the one edit', () => {
    const state = EditorState.create({ doc: 'hello world' });
    expect(docText(state.doc)).toBe('hello world');
    const tr = state.update({ changes: { from: 5, to: 11, insert: ', there' } });
    expect(docTextAfter(state.doc, tr.state.doc, tr.changes)).toEqual({
      text: 'hello, there',
      edit: { from: 5, to: 11, insert: ', there' },
    });
    expect(docText(tr.state.doc)).toBe('hello, there');
  });

  it('gives no edit for several changed ranges, and the text all the same', () => {
    const state = EditorState.create({ doc: 'abcdef' });
    docText(state.doc);
    const tr = state.update({
      changes: [
        { from: 0, insert: 'X' },
        { from: 6, insert: 'Y' },
      ],
    });
    expect(docTextAfter(state.doc, tr.state.doc, tr.changes)).toEqual({
      text: 'XabcdefY',
      edit: null,
    });
  });

  it('reads the document when the old text was never asked for', () => {
    const state = EditorState.create({ doc: 'one\ntwo' });
    const tr = state.update({ changes: { from: 3, to: 7, insert: '' } });
    expect(docTextAfter(state.doc, tr.state.doc, tr.changes).text).toBe('one');
  });
});

describe('docTextAfter over many edits', () => {
  const edits = fc.array(
    fc.record({ at: fc.nat(), cut: fc.nat({ max: 6 }), insert: fc.string({ maxLength: 5 }) }),
    { maxLength: 40 },
  );

  it('always gives the document, whether the edited part stays small or grows past the limit', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 60 }),
        edits,
        fc.integer({ min: 0, max: 30 }),
        (start, list, maxMiddle) => {
          let state = EditorState.create({ doc: start });
          expect(docText(state.doc)).toBe(start);
          for (const { at, cut, insert } of list) {
            const from = at % (state.doc.length + 1);
            const to = Math.min(state.doc.length, from + cut);
            const tr = state.update({ changes: { from, to, insert } });
            const { text, edit } = docTextAfter(state.doc, tr.state.doc, tr.changes, maxMiddle);
            expect(text).toBe(tr.state.doc.toString());
            if (from !== to || insert !== '') expect(edit).toEqual({ from, to, insert });
            expect(docText(tr.state.doc)).toBe(text);
            const n = (at * 7) % (text.length + 2);
            expect(docHead(tr.state.doc, n)).toBe(text.slice(0, n));
            state = tr.state;
          }
        },
      ),
    );
  });
});
