import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../core/index.ts';
import { ProblemRows } from './problem-rows.ts';

function diagnostic(over: Partial<Diagnostic>): Diagnostic {
  return {
    code: 'unknown-field',
    severity: 'error',
    message: "Unknown field 'modle' for type 'agent'",
    file: 'a.md',
    from: 20,
    to: 25,
    line: 4,
    column: 1,
    endLine: 4,
    endColumn: 6,
    ...over,
  };
}

/** The first row of the first file. */
function firstRow(groups: ReturnType<ProblemRows['group']>) {
  const row = groups[0]?.[1][0];
  if (!row) throw new Error('no row');
  return row;
}

describe('ProblemRows', () => {
  it('groups rows by file in the order given, keyed by what they say and which of equal ones they are', () => {
    const rows = new ProblemRows();
    const groups = rows.group([
      diagnostic({}),
      diagnostic({ file: 'b.md' }),
      diagnostic({ line: 9, from: 80, to: 85 }),
    ]);
    expect(groups.map(([file, list]) => [file, list.map((r) => r.key)])).toEqual([
      [
        'a.md',
        [
          "a.md|error|unknown-field|Unknown field 'modle' for type 'agent'|0",
          "a.md|error|unknown-field|Unknown field 'modle' for type 'agent'|1",
        ],
      ],
      ['b.md', ["b.md|error|unknown-field|Unknown field 'modle' for type 'agent'|0"]],
    ]);
    expect(groups[0]![1].map((r) => r.d.line)).toEqual([4, 9]);
  });

  it('keeps the row of a problem whose offsets moved but whose row reads the same, and gives its newest offsets', () => {
    const rows = new ProblemRows();
    const first = firstRow(rows.group([diagnostic({})]));
    // Four characters typed on an earlier line: the offsets move, the line and column do not.
    const moved = diagnostic({ from: 24, to: 29 });
    const again = firstRow(rows.group([moved]));
    expect(again).toBe(first);
    expect(rows.latest(first.key)).toBe(moved);
  });

  it('draws a row again when its line, column, hint or likely cause changed', () => {
    const rows = new ProblemRows();
    const row = () => firstRow(rows.group(current));
    let current = [diagnostic({})];
    let shown = row();
    for (const next of [
      diagnostic({ line: 5 }),
      diagnostic({ line: 5, column: 3 }),
      diagnostic({ line: 5, column: 3, hint: 'A hint.' }),
      diagnostic({
        line: 5,
        column: 3,
        hint: 'A hint.',
        cause: { from: 1, to: 2, line: 2, column: 1 },
      }),
      diagnostic({
        line: 5,
        column: 3,
        hint: 'A hint.',
        cause: { from: 1, to: 2, line: 3, column: 1 },
      }),
      diagnostic({ line: 5, column: 3, hint: 'A hint.' }),
    ]) {
      current = [next];
      const drawn = row();
      expect(drawn).not.toBe(shown);
      expect(drawn.d).toBe(next);
      shown = drawn;
    }
  });

  it('forgets the problems of an earlier answer', () => {
    const rows = new ProblemRows();
    const first = firstRow(rows.group([diagnostic({})]));
    expect(rows.group([])).toEqual([]);
    expect(rows.latest(first.key)).toBeUndefined();
    const back = firstRow(rows.group([diagnostic({})]));
    expect(back).not.toBe(first);
  });
});
