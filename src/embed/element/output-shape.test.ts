import { describe, expect, it } from 'vitest';
import {
  formatOutputShape,
  MAX_OUTPUT_BLOCKS,
  outputPanelHeight,
  parseOutputShape,
  type OutputBlock,
} from './output-shape.ts';
import { formatProblemRows, parseProblemRows, type ProblemRow } from './problem-rows-shape.ts';

const SHORT: OutputBlock[] = [
  { kind: 'h', chars: 11 },
  { kind: 'p', chars: 30 },
  { kind: 'v' },
  { kind: 'p', chars: 70 },
  { kind: 'r', depth: 0, chars: 16 },
  { kind: 'r', depth: 1, chars: 11 },
  { kind: 'r', depth: 2, chars: 29 },
];

describe('the data-output attribute', () => {
  it('reads back what it wrote', () => {
    expect(parseOutputShape(formatOutputShape(SHORT))).toEqual(SHORT);
  });

  it('is ignored whole when any token is not one of its own (an attribute any page may write)', () => {
    for (const text of [
      '',
      'h11 <img src=x onerror=alert(1)>',
      'h11 r1.',
      'x1',
      'h1e5',
      'r100.5',
      'h-3',
      'constructor',
    ])
      expect(parseOutputShape(text), text).toBeUndefined();
    expect(parseOutputShape(null)).toBeUndefined();
  });

  it('reads at most MAX_OUTPUT_BLOCKS tokens, and refuses an attribute far longer than they can be', () => {
    expect(
      parseOutputShape(
        Array(MAX_OUTPUT_BLOCKS + 50)
          .fill('v')
          .join(' '),
      ),
    ).toHaveLength(MAX_OUTPUT_BLOCKS);
    expect(parseOutputShape('v '.repeat(100_000))).toBeUndefined();
  });

  it('lays a long tree value out on more lines in a narrower pane, and drops the Convert form when read-only', () => {
    const long: OutputBlock[] = [...SHORT, { kind: 'r', depth: 2, chars: 1000 }];
    expect(outputPanelHeight(long, 250, false)).toBeGreaterThan(
      outputPanelHeight(long, 600, false),
    );
    expect(outputPanelHeight(SHORT, 600, false) - outputPanelHeight(SHORT, 600, true)).toBeCloseTo(
      73.1,
      0,
    );
  });
});

describe('the data-problem-rows attribute', () => {
  const ROWS: ProblemRow[] = [
    { kind: 'file' },
    { kind: 'problem', severity: 'e', message: 43, code: 13, hint: 0 },
    { kind: 'problem', severity: 'i', message: 120, code: 19, hint: 40 },
  ];

  it('reads back what it wrote', () => {
    expect(parseProblemRows(formatProblemRows(ROWS))).toEqual(ROWS);
  });

  it('is ignored whole when any token is not one of its own', () => {
    for (const text of ['', 'g e43.13', 'x43.13.0', 'e43.13.0"><b>', 'e1.1.1 __proto__'])
      expect(parseProblemRows(text), text).toBeUndefined();
  });
});
