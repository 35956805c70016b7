import { describe, expect, it } from 'vitest';
import { embedMarkup } from '../../markdown/embed-markup.ts';
import { HEIGHT_CASES, MEASURED_WIDTHS } from '../../../tests/support/embed-height-cases.ts';
import { estimateHeight, lineCount, UNKNOWN_HEIGHT, visualLines } from './estimate-height.ts';
import { parseOutputShape } from './output-shape.ts';
import { parseProblemRows } from './problem-rows-shape.ts';

/** The reserve of the element the plugins write for `fences`, at `width`, as the element works it out. */
function reserve(fences: (typeof HEIGHT_CASES)[number]['fences'], width: number): number {
  const { attributes, files } = embedMarkup(fences, { onWarning: () => {} });
  const attribute = (name: string) => {
    const value = attributes.find(([key]) => key === name)?.[1];
    return value === undefined ? null : value === true ? '' : value;
  };
  const view = attribute('view');
  return estimateHeight({
    lines: visualLines(files[0]!.text, view, width),
    view,
    width,
    problems: Number(attribute('data-problems')),
    problemRows: parseProblemRows(attribute('data-problem-rows')),
    output: parseOutputShape(attribute('data-output')),
    files: files.map((file) => file.name),
    readonly: attribute('readonly') !== null,
  });
}

describe('estimateHeight', () => {
  for (const example of HEIGHT_CASES)
    it(`reserves ${example.name} at its measured height, never less (a line too many at most)`, () => {
      for (const width of MEASURED_WIDTHS) {
        const over = reserve(example.fences, width) - example.measured[width];
        expect(over, `${width} px`).toBeGreaterThanOrEqual(-2);
        expect(over, `${width} px`).toBeLessThanOrEqual(example.over ?? 3);
      }
    });

  it('opens a clean split embed on Output: taller than its editor alone', () => {
    const editorOnly = estimateHeight({ lines: 5, view: 'editor', width: 688 });
    expect(estimateHeight({ lines: 5, view: 'split', width: 688, problems: 0 })).toBeGreaterThan(
      editorOnly + 100,
    );
  });

  it('without the plugins’ shapes, reserves a short card’s Output, or a row per problem', () => {
    const clean = estimateHeight({ lines: 5, view: null, width: 688 });
    expect(Math.abs(clean - 398)).toBeLessThanOrEqual(10);
    const three = estimateHeight({ lines: 8, view: null, width: 358, problems: 3 });
    expect(three).toBeGreaterThan(
      estimateHeight({ lines: 8, view: null, width: 358, problems: 1 }),
    );
  });

  it('grows by one editor line per line of text', () => {
    expect(
      estimateHeight({ lines: 40, view: 'editor', width: 688 }) -
        estimateHeight({ lines: 30, view: 'editor', width: 688 }),
    ).toBe(210);
  });

  it('never gives 0: an unknown length reserves a default', () => {
    expect(estimateHeight({ lines: 0, view: 'split', width: 700 })).toBe(UNKNOWN_HEIGHT);
    expect(estimateHeight({ lines: Number.NaN, view: 'split', width: 700 })).toBe(UNKNOWN_HEIGHT);
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
