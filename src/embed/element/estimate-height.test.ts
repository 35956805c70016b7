import { describe, expect, it } from 'vitest';
import {
  estimateHeight,
  instructionChars,
  lineCount,
  UNKNOWN_HEIGHT,
  visualLines,
} from './estimate-height.ts';

describe('estimateHeight', () => {
  const height = (
    lines: number,
    view: string | null,
    width: number,
    more: { problems?: number; instructionChars?: number } = {},
  ) => estimateHeight({ lines, view, width, ...more });

  it('grows by one editor line per line of text, as the embed measured', () => {
    expect(height(10, 'split', 700)).toBe(266);
    expect(height(30, null, 1000)).toBe(686);
    expect(height(10, 'editor', 700)).toBe(297);
  });

  it('puts the graph above the editor in the graph view (measured: 513 px for five lines)', () => {
    expect(height(5, 'graph', 632)).toBe(513);
    expect(height(5, 'graph', 360)).toBe(513);
  });

  it('reserves the output view of a short card at its measured height, and more for a long instruction', () => {
    expect(height(5, 'output', 632)).toBe(355);
    expect(height(5, 'output', 360)).toBe(369);
    expect(height(9, 'output', 360, { problems: 1 })).toBe(384);
    const long = height(40, 'output', 1000, { instructionChars: 1000 });
    expect(long).toBeGreaterThan(440);
    expect(long).toBeLessThan(500);
  });

  it('under a narrow split, reserves the results as the embed shows them: small when clean, a row per problem', () => {
    // Measured at 360 px: a clean 5-line card 230 px; 10 lines and one problem 407; 8 lines and three 457.
    expect(height(5, 'split', 360)).toBe(230);
    expect(Math.abs(height(10, 'split', 360, { problems: 1 }) - 407)).toBeLessThanOrEqual(25);
    expect(Math.abs(height(8, 'split', 360, { problems: 3 }) - 457)).toBeLessThanOrEqual(25);
  });

  it('beside the editor, problems count only when their rows are taller than the editor: more so in a narrow column', () => {
    // Measured: three problems and eight lines are 447 px at 632 px, 339 at 700, 259 at 900, 224 at 1000.
    for (const [width, measured] of [
      [632, 447],
      [700, 339],
      [900, 259],
      [1000, 224],
    ] as const)
      expect(Math.abs(height(8, 'split', width, { problems: 3 }) - measured)).toBeLessThanOrEqual(
        15,
      );
    expect(height(8, 'split', 632, { problems: 0 })).toBe(224);
  });

  it('never gives 0: an unknown length reserves a default', () => {
    expect(height(0, 'split', 700)).toBe(UNKNOWN_HEIGHT);
    expect(height(Number.NaN, 'split', 700)).toBe(UNKNOWN_HEIGHT);
  });
});

describe('lineCount', () => {
  it('counts lines as the editor does', () => {
    expect(lineCount('')).toBe(1);
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\r\nb\n\n')).toBe(3);
  });
});

describe('visualLines', () => {
  const long = 'x'.repeat(70);
  it('counts a long line as the lines it wraps to: the editor is three fifths of a split view', () => {
    expect(visualLines(`a\n${long}\n`, 'split', 700)).toBe(3);
    expect(visualLines(`a\n${long}\n`, 'graph', 700)).toBe(2);
    expect(visualLines(`a\n${long}\n`, 'editor', 700)).toBe(2);
    expect(visualLines(`a\n${long}\n`, 'split', 0)).toBe(2);
  });
});

describe('instructionChars', () => {
  it('counts what follows the front matter, or the whole text without one', () => {
    expect(instructionChars('---\nname: a\n---\nHello.\n')).toBe(7);
    expect(instructionChars('Hello.\n')).toBe(7);
  });
});
