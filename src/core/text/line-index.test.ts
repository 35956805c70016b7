import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineIndex } from './line-index.ts';

/** Every line start of `index`, in order. */
const starts = (index: LineIndex) =>
  Array.from({ length: index.lineCount }, (_, line) => index.lineStart(line));

describe('LineIndex', () => {
  it('gives 1-based lines and columns, a \\r belonging to its line', () => {
    const index = new LineIndex('ab\r\ncd\n\nx');
    expect(starts(index)).toEqual([0, 4, 7, 8]);
    expect(index.position(0)).toEqual({ line: 1, column: 1 });
    expect(index.position(3)).toEqual({ line: 1, column: 4 });
    expect(index.position(5)).toEqual({ line: 2, column: 2 });
    expect(index.position(99)).toEqual({ line: 4, column: 2 });
  });

  it('made from the index of an earlier text, equals a fresh one (any edit, even across chunks)', () => {
    // Few letters, many line ends; long enough sometimes to cross the 4,096-character chunks.
    const text = fc
      .array(fc.constantFrom('a', 'b', '\n', '\r\n', 'a'.repeat(3000), '\n'.repeat(50)), {
        maxLength: 12,
      })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), text, (before, a, b, insert) => {
        const from = a % (before.length + 1);
        const to = from + (b % (before.length - from + 1));
        const after = before.slice(0, from) + insert + before.slice(to);
        const made = LineIndex.after(new LineIndex(before), after);
        expect(starts(made)).toEqual(starts(new LineIndex(after)));
        expect(made.text).toBe(after);
      }),
      { numRuns: 1500 },
    );
  });

  it('made from the index of an unrelated text, equals a fresh one', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        expect(starts(LineIndex.after(new LineIndex(before), after))).toEqual(
          starts(new LineIndex(after)),
        );
      }),
    );
  });
});
