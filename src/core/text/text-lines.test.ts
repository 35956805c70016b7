import { describe, expect, it } from 'vitest';
import {
  endOfLineBefore,
  fenceLines,
  firstNonBlankLine,
  isBlankLine,
  lineText,
  scanLines,
} from './text-lines.ts';

// Texts made of the pieces that matter to fences and blank lines, in a seeded order.
function* texts(count: number): Generator<string> {
  const pieces = ['---', '----', '-', ' ', '\t', '\n', '\r\n', '\r', 'a', '\uFEFF', 'x---', '--- '];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  for (let n = 0; n < count; n++) {
    let text = '';
    const length = next() % 14;
    for (let i = 0; i < length; i++) text += pieces[next() % pieces.length];
    yield text;
  }
}

describe('fenceLines', () => {
  it('finds exactly the lines scanLines reads as `---`, from any start', () => {
    for (const text of texts(5000)) {
      for (const from of [0, text.charCodeAt(0) === 0xfeff ? 1 : 0]) {
        const expected = scanLines(text, from).filter((l) => lineText(text, l) === '---');
        expect(fenceLines(text, from), JSON.stringify(text)).toEqual(expected);
      }
    }
  });
});

describe('firstNonBlankLine', () => {
  it('finds the line scanLines gives as the first with more than spaces and tabs', () => {
    for (const text of texts(5000)) {
      const expected = scanLines(text).find((l) => !isBlankLine(text, l));
      expect(firstNonBlankLine(text), JSON.stringify(text)).toEqual(expected);
    }
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
