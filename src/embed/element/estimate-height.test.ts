import { describe, expect, it } from 'vitest';
import { estimateHeight, lineCount, UNKNOWN_HEIGHT, visualLines } from './estimate-height.ts';

describe('estimateHeight', () => {
  it('grows by one editor line per line of text, as the embed measured', () => {
    expect(estimateHeight(10, 'split', 700)).toBe(266);
    expect(estimateHeight(30, null, 1000)).toBe(686);
    expect(estimateHeight(10, 'editor', 700)).toBe(297);
  });

  it('reserves room for the results under a narrow split, and for the compiled card in the output view', () => {
    expect(estimateHeight(10, 'split', 400)).toBeGreaterThan(
      estimateHeight(10, 'split', 700) + 200,
    );
    expect(estimateHeight(5, 'output', 700)).toBeGreaterThan(650);
  });

  it('never gives 0: an unknown length reserves a default', () => {
    expect(estimateHeight(0, 'split', 700)).toBe(UNKNOWN_HEIGHT);
    expect(estimateHeight(Number.NaN, 'split', 700)).toBe(UNKNOWN_HEIGHT);
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
  it('counts a long line as the lines it wraps to: the editor is half of a split view', () => {
    expect(visualLines(`a\n${long}\n`, 'split', 700)).toBe(3);
    expect(visualLines(`a\n${long}\n`, 'editor', 700)).toBe(2);
    expect(visualLines(`a\n${long}\n`, 'split', 0)).toBe(2);
  });
});
