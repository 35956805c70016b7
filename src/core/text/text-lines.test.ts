import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  endOfLineBefore,
  fenceLines,
  firstNonBlankLine,
  isBlankLine,
  lineText,
  scanLines,
} from './text-lines.ts';

/** Texts made of the pieces that matter to fences and blank lines. */
const text = fc
  .array(
    fc.constantFrom(
      '---',
      '----',
      '-',
      ' ',
      '\t',
      '\n',
      '\r\n',
      '\r',
      'a',
      '\uFEFF',
      'x---',
      '--- ',
    ),
    { maxLength: 13, size: 'max' },
  )
  .map((pieces) => pieces.join(''));

/** The runs of a property over `text`: as many texts as before, from a fixed seed. */
const RUNS = { seed: 7, numRuns: 5000 };

describe('fenceLines', () => {
  it('finds exactly the lines scanLines reads as `---`, from any start', () => {
    fc.assert(
      fc.property(text, (text) => {
        for (const from of [0, text.charCodeAt(0) === 0xfeff ? 1 : 0]) {
          const expected = scanLines(text, from).filter((l) => lineText(text, l) === '---');
          expect(fenceLines(text, from)).toEqual(expected);
        }
      }),
      RUNS,
    );
  });
});

describe('firstNonBlankLine', () => {
  it('finds the line scanLines gives as the first with more than spaces and tabs', () => {
    fc.assert(
      fc.property(text, (text) => {
        const expected = scanLines(text).find((l) => !isBlankLine(text, l));
        expect(firstNonBlankLine(text)).toEqual(expected);
      }),
      RUNS,
    );
  });
});

describe('endOfLineBefore', () => {
  it('gives the end of the previous line, without its CR', () => {
    const text = 'a\r\nb\n---\n';
    const lines = scanLines(text);
    for (let i = 1; i < lines.length; i++)
      expect(endOfLineBefore(text, lines[i]!.start)).toBe(lines[i - 1]!.end);
  });
});
