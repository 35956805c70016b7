import { forEachDiagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../core/index.ts';
import { diagnosticsDisplay, diagnosticsEffects, toLintDiagnostics } from './diagnostics-lint.ts';
import { shownDiagnostics } from './shown-diagnostics.ts';

const diagnostic = (over: Partial<Diagnostic>): Diagnostic => ({
  code: 'unknown-field',
  severity: 'error',
  message: "Unknown field 'modle'",
  file: 'a.md',
  from: 4,
  to: 9,
  line: 2,
  column: 1,
  endLine: 2,
  endColumn: 6,
  ...over,
});

describe('toLintDiagnostics', () => {
  it('keeps range and severity, and puts the code before the message', () => {
    const [d] = toLintDiagnostics([diagnostic({})], 100);
    expect(d).toMatchObject({ from: 4, to: 9, severity: 'error' });
    expect(d?.message).toBe("unknown-field: Unknown field 'modle'");
  });

  it('maps every severity', () => {
    const severities = (['error', 'warning', 'info'] as const).map(
      (severity) => toLintDiagnostics([diagnostic({ severity })], 100)[0]?.severity,
    );
    expect(severities).toEqual(['error', 'warning', 'info']);
  });

  it('clamps ranges of a longer, older text to the document', () => {
    const result = toLintDiagnostics(
      [
        diagnostic({ from: 8, to: 50 }),
        diagnostic({ from: 40, to: 60 }),
        diagnostic({ from: -3, to: 2 }),
      ],
      10,
    );
    expect(result.map((d) => [d.from, d.to])).toEqual([
      [8, 10],
      [10, 10],
      [0, 2],
    ]);
  });

  it('orders reversed ranges and survives non-numbers', () => {
    const result = toLintDiagnostics(
      [diagnostic({ from: 7, to: 3 }), diagnostic({ from: NaN, to: Infinity })],
      10,
    );
    expect(result.map((d) => [d.from, d.to])).toEqual([
      [3, 7],
      [0, 0],
    ]);
  });
});

describe('diagnosticsEffects', () => {
  const start = () => EditorState.create({ doc: 'x'.repeat(40), extensions: diagnosticsDisplay() });
  const show = (state: EditorState, list: Diagnostic[]) =>
    state.update({ effects: diagnosticsEffects(state, list) }).state;
  const shown = (state: EditorState) =>
    state.field(shownDiagnostics).list.map((d) => [d.from, d.to]);
  const marks = (state: EditorState) => {
    let count = 0;
    forEachDiagnostic(state, () => count++);
    return count;
  };

  it('sets the diagnostics, and nothing when the same list comes again', () => {
    const state = show(start(), [diagnostic({})]);
    expect(shown(state)).toEqual([[4, 9]]);
    expect(marks(state)).toBe(0); // squiggles are a layer, not lint marks in the text
    expect(diagnosticsEffects(state, [diagnostic({})])).toEqual([]);
    expect(diagnosticsEffects(state, [diagnostic({ code: 'missing-type' })])).not.toEqual([]);
    expect(diagnosticsEffects(state, [])).not.toEqual([]);
  });

  it('compares with the shown ranges as later edits moved them', () => {
    const state = show(start(), [diagnostic({})]).update({
      changes: { from: 0, insert: 'ab' },
    }).state;
    expect(diagnosticsEffects(state, [diagnostic({ from: 6, to: 11 })])).toEqual([]);
    expect(diagnosticsEffects(state, [diagnostic({})])).not.toEqual([]);
  });

  it('sets the next list anyway after an edit inside a shown diagnostic', () => {
    const state = show(start(), [diagnostic({})]).update({ changes: { from: 5, to: 6 } }).state;
    expect(diagnosticsEffects(state, [diagnostic({ to: 8 })])).not.toEqual([]);
  });

  it('keeps the shown list in document order whatever order the core gave', () => {
    const state = show(start(), [
      diagnostic({ from: 20, to: 25 }),
      diagnostic({ from: 2, to: 3, severity: 'warning' }),
    ]);
    expect(shown(state)).toEqual([
      [2, 3],
      [20, 25],
    ]);
    expect(
      diagnosticsEffects(state, [
        diagnostic({ from: 2, to: 3, severity: 'warning' }),
        diagnostic({ from: 20, to: 25 }),
      ]),
    ).toEqual([]);
  });
});
