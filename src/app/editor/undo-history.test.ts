import { history, isolateHistory, redo, undo, undoDepth } from '@codemirror/commands';
import { EditorState, type Transaction } from '@codemirror/state';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fingerprint, legacyFingerprint, restoreState, saveHistory } from './undo-history.ts';

/** Applies `edits` (each its own undo step) to a state made from `doc`. */
function edited(doc: string, edits: Array<{ from: number; to?: number; insert: string }>) {
  let state = EditorState.create({ doc, extensions: history() });
  for (const change of edits) {
    state = state.update({ changes: change, annotations: isolateHistory.of('full') }).state;
  }
  return state;
}

function runUndo(state: EditorState): EditorState {
  let next = state;
  undo({ state, dispatch: (tr: Transaction) => (next = tr.state) });
  return next;
}

describe('saveHistory / restoreState', () => {
  it('round-trips through JSON: undo after a restore gives back the earlier text', () => {
    const state = edited('hello', [{ from: 5, insert: ' world' }]);
    const saved = JSON.parse(JSON.stringify(saveHistory(state))) as unknown;
    const restored = restoreState(saved, state.doc.toString(), { extensions: history() });
    expect(restored).not.toBeNull();
    expect(undoDepth(restored!)).toBe(undoDepth(state));
    expect(runUndo(restored!).doc.toString()).toBe('hello');
  });

  it('keeps the selection', () => {
    let state = edited('abc', [{ from: 3, insert: 'def' }]);
    state = state.update({ selection: { anchor: 1, head: 4 } }).state;
    const restored = restoreState(saveHistory(state), 'abcdef', { extensions: history() });
    expect(restored?.selection.main).toMatchObject({ anchor: 1, head: 4 });
  });

  it('refuses a history taken from another text', () => {
    const state = edited('hello', [{ from: 5, insert: '!' }]);
    const saved = saveHistory(state);
    expect(restoreState(saved, 'hello?', { extensions: history() })).toBeNull();
    expect(restoreState(saved, 'hellp!', { extensions: history() })).toBeNull();
  });

  it('refuses values that are not saved histories, without throwing', () => {
    const config = { extensions: history() };
    for (const bad of [null, 42, 'x', {}, { version: 2 }, { version: 1, length: 1, hash: 'a' }])
      expect(restoreState(bad, 'x', config)).toBeNull();
    const tampered = { ...saveHistory(edited('x', [{ from: 1, insert: 'y' }])) };
    tampered.state = { selection: { ranges: 'no', main: 0 }, history: { done: 'no' } };
    expect(restoreState(tampered, 'xy', config)).toBeNull();
  });

  it('restores a version 1 history (as stored by earlier releases) onto its text', () => {
    const state = edited('hello', [{ from: 5, insert: ' world' }]);
    const saved = saveHistory(state);
    const v1 = { ...saved, version: 1, ...legacyFingerprint('hello world') };
    const restored = restoreState(v1, 'hello world', { extensions: history() });
    expect(restored && runUndo(restored).doc.toString()).toBe('hello');
    expect(restoreState(v1, 'hello wordl', { extensions: history() })).toBeNull();
    // A version 2 fingerprint read as version 1 does not match.
    expect(
      restoreState({ ...saved, version: 1 }, 'hello world', { extensions: history() }),
    ).toBeNull();
  });

  it('refuses a history whose changes do not fit the text, even with a matching fingerprint', () => {
    const state = edited('hello', [{ from: 5, insert: '!' }]);
    const saved = saveHistory(state);
    const other = edited('a much longer text', [{ from: 0, insert: '>' }]);
    const forged = { ...saved, state: saveHistory(other).state };
    expect(restoreState(forged, 'hello!', { extensions: history() })).toBeNull();
  });
});

describe('fingerprint', () => {
  it('is the same for a string and the equal document, and differs for other text', () => {
    const text = 'line 1\nline 2\n'.repeat(200);
    const doc = EditorState.create({ doc: text }).doc;
    expect(fingerprint(doc)).toEqual(fingerprint(text));
    expect(fingerprint(text + ' ')).not.toEqual(fingerprint(text));
    expect(fingerprint('ab').hash).not.toBe(fingerprint('ba').hash);
    expect(fingerprint('a\nb').hash).not.toBe(fingerprint('ab\n').hash);
  });

  it("of an edited document (its unchanged parts' hashes reused) is the fingerprint of its text", () => {
    const line = fc.stringMatching(/^[a-z é]{0,12}$/);
    const edit = fc.record({
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      removed: fc.nat({ max: 40 }),
      insert: fc.array(line, { maxLength: 4 }).map((lines) => lines.join('\n')),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 3000 }),
        fc.array(edit, { maxLength: 12 }),
        (lines, edits) => {
          let state = EditorState.create({ doc: lines.join('\n') });
          fingerprint(state.doc); // hashes every part once, as the first save does
          for (const { at, removed, insert } of edits) {
            const from = Math.floor(at * state.doc.length);
            const to = Math.min(state.doc.length, from + removed);
            state = state.update({ changes: { from, to, insert } }).state;
            expect(fingerprint(state.doc)).toEqual(fingerprint(state.doc.toString()));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('of version 1 histories is the hash earlier releases stored', () => {
    expect(legacyFingerprint('hello world')).toEqual({ length: 11, hash: 'b9417d15d1014' });
    expect(legacyFingerprint('line 1\nline 2\n').hash).toBe('4e3a90f3ba161');
  });
});

describe('a restored history', () => {
  it('undoes step by step', () => {
    const state = edited('a', [
      { from: 1, insert: 'b' },
      { from: 2, insert: 'c' },
    ]);
    const restored = restoreState(saveHistory(state), 'abc', { extensions: history() })!;
    expect(runUndo(restored).doc.toString()).toBe('ab');
    expect(runUndo(runUndo(restored)).doc.toString()).toBe('a');
  });

  it('redoes what was undone before saving', () => {
    let state = edited('a', [{ from: 1, insert: 'b' }]);
    state = runUndo(state);
    const restored = restoreState(saveHistory(state), 'a', { extensions: history() })!;
    let next = restored;
    redo({ state: restored, dispatch: (tr) => (next = tr.state) });
    expect(next.doc.toString()).toBe('ab');
  });
});
