import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import {
  setShownDiagnostics,
  shownDiagnostics,
  type ShownDiagnostic,
} from './shown-diagnostics.ts';
import { shownDiagnostic } from './shown-diagnostic-fixture.ts';

const start = (list: ShownDiagnostic[]) =>
  EditorState.create({ doc: 'abcdefghij'.repeat(3), extensions: shownDiagnostics }).update({
    effects: setShownDiagnostics.of(list),
  }).state;

describe('shownDiagnostics', () => {
  it('moves ranges with edits before them, untouched', () => {
    const state = start([shownDiagnostic(10, 14)]).update({
      changes: { from: 0, insert: '12' },
    }).state;
    expect(state.field(shownDiagnostics)).toMatchObject({
      list: [{ from: 12, to: 16 }],
      touched: false,
    });
  });

  it('reshapes a range edited inside and marks the list touched', () => {
    const state = start([shownDiagnostic(10, 14)]).update({ changes: { from: 11, to: 13 } }).state;
    expect(state.field(shownDiagnostics)).toMatchObject({
      list: [{ from: 10, to: 12 }],
      touched: true,
    });
  });

  it('never lets a deleted range end before it starts', () => {
    const state = start([shownDiagnostic(10, 14)]).update({ changes: { from: 8, to: 20 } }).state;
    const [d] = state.field(shownDiagnostics).list;
    expect(d!.to).toBeGreaterThanOrEqual(d!.from);
  });

  it('takes a new list as it is, untouched', () => {
    const edited = start([shownDiagnostic(10, 14)]).update({
      changes: { from: 11, insert: 'x' },
    }).state;
    const state = edited.update({ effects: setShownDiagnostics.of([shownDiagnostic(1, 2)]) }).state;
    expect(state.field(shownDiagnostics)).toMatchObject({
      list: [{ from: 1, to: 2 }],
      touched: false,
    });
  });
});
