import { history, isolateHistory, redo, undo, undoDepth } from '@codemirror/commands';
import { EditorState, type Transaction } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { fingerprint, restoreState, saveHistory } from './undo-history.ts';

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
