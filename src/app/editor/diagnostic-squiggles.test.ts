import { EditorState } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { describe, expect, it } from 'vitest';
import { diagnosticsAt, nextDiagnostic, squiggleRanges } from './diagnostic-squiggles.ts';
import {
  setShownDiagnostics,
  shownDiagnostics,
  type ShownDiagnostic,
} from './shown-diagnostics.ts';
import { shownDiagnostic } from './shown-diagnostic-fixture.ts';

const doc = 'name: a\n\nmodle: x\nend';

const withShown = (list: ShownDiagnostic[], anchor = 0) =>
  EditorState.create({ doc, selection: { anchor }, extensions: shownDiagnostics }).update({
    effects: setShownDiagnostics.of(list),
  }).state;

describe('squiggleRanges', () => {
  const state = EditorState.create({ doc });

  it('underlines a range within a line as it is', () => {
    expect(squiggleRanges(state, 9, 14)).toEqual([{ from: 9, to: 14 }]);
  });

  it('splits a range over several lines into one range per line, skipping line breaks', () => {
    expect(squiggleRanges(state, 2, 14)).toEqual([
      { from: 2, to: 7 },
      { from: 9, to: 14 },
    ]);
  });

  it('widens an empty range to the character after it, or before it at the end of a line', () => {
    expect(squiggleRanges(state, 9, 9)).toEqual([{ from: 9, to: 10 }]);
    expect(squiggleRanges(state, 7, 7)).toEqual([{ from: 6, to: 7 }]);
  });

  it('keeps an empty range on an empty line empty', () => {
    expect(squiggleRanges(state, 8, 8)).toEqual([{ from: 8, to: 8 }]);
  });

  it('treats a range that covers only a line break as the character before it', () => {
    expect(squiggleRanges(state, 7, 8)).toEqual([{ from: 6, to: 7 }]);
  });
});

describe('diagnosticsAt', () => {
  const state = withShown([shownDiagnostic(9, 14), shownDiagnostic(20, 20)]);

  it('finds a diagnostic from inside its range', () => {
    expect(diagnosticsAt(state, 11, 1)).toHaveLength(1);
  });

  it('at an end, counts only the side that lies inside', () => {
    expect(diagnosticsAt(state, 9, 1)).toHaveLength(1);
    expect(diagnosticsAt(state, 9, -1)).toHaveLength(0);
    expect(diagnosticsAt(state, 14, -1)).toHaveLength(1);
    expect(diagnosticsAt(state, 14, 1)).toHaveLength(0);
  });

  it('finds an empty range at its position', () => {
    expect(diagnosticsAt(state, 20, 1)).toHaveLength(1);
    expect(diagnosticsAt(state, 19, 1)).toHaveLength(0);
  });
});

describe('nextDiagnostic', () => {
  /** Runs the command on a stand-in view and returns the state it dispatched, if any. */
  function run(state: EditorState): EditorState | null {
    let next: EditorState | null = null;
    const view = {
      state,
      dispatch: (spec: Parameters<EditorState['update']>[0]) => {
        next = state.update(spec).state;
      },
    } as unknown as EditorView;
    nextDiagnostic(view);
    return next;
  }

  it('selects the first problem after the cursor', () => {
    const next = run(withShown([shownDiagnostic(0, 4), shownDiagnostic(9, 14)], 5));
    expect(next?.selection.main).toMatchObject({ from: 9, to: 14 });
  });

  it('wraps to the first problem after the last one', () => {
    const next = run(withShown([shownDiagnostic(0, 4), shownDiagnostic(9, 14)], 15));
    expect(next?.selection.main).toMatchObject({ from: 0, to: 4 });
  });

  it('does nothing without problems', () => {
    expect(run(withShown([], 3))).toBeNull();
  });
});
