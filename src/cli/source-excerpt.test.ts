import { describe, expect, it } from 'vitest';
import { sourceExcerpt } from './source-excerpt.ts';

const at = (line: number, column: number, endLine: number, endColumn: number) => ({
  line,
  column,
  endLine,
  endColumn,
});

describe('sourceExcerpt', () => {
  it('underlines the range on its line', () => {
    expect(sourceExcerpt('name: a\nmodle: x\n', at(2, 1, 2, 6))).toEqual({
      line: 2,
      text: 'modle: x',
      start: 0,
      width: 5,
    });
  });

  it('underlines to the end of the line when the range runs on, and one character when it is empty', () => {
    expect(sourceExcerpt('a: |\n  b\n', at(1, 1, 2, 4))).toMatchObject({ start: 0, width: 4 });
    expect(sourceExcerpt('abc\r\n', at(1, 4, 1, 4))).toEqual({
      line: 1,
      text: 'abc',
      start: 3,
      width: 1,
    });
  });

  it('prints control characters escaped and keeps the underline under the range after them', () => {
    const excerpt = sourceExcerpt('"a\u001b[2J\u202eb": 1\n', at(1, 8, 1, 9))!;
    expect(excerpt.text).toBe('"a\\e[2J\\u202eb": 1');
    expect(excerpt.text.slice(excerpt.start, excerpt.start + excerpt.width)).toBe('b');
    const esc = sourceExcerpt('x\u001by', at(1, 2, 1, 3))!;
    expect(esc.text.slice(esc.start, esc.start + esc.width)).toBe('\\e');
  });

  it('prints a tab as one space and an astral character as one character', () => {
    const excerpt = sourceExcerpt('\t🚀 key: v', at(1, 5, 1, 8))!;
    expect(excerpt.text).toBe(' 🚀 key: v');
    expect([...excerpt.text].slice(excerpt.start, excerpt.start + excerpt.width).join('')).toBe(
      'key',
    );
  });

  it('cuts a long line to a window around the range, marked with …', () => {
    const line = 'x'.repeat(500) + 'BAD' + 'y'.repeat(500);
    const excerpt = sourceExcerpt(line, at(1, 501, 1, 504), 40)!;
    expect(excerpt.text).toBe('…' + 'x'.repeat(10) + 'BAD' + 'y'.repeat(27) + '…');
    expect(excerpt.text.slice(excerpt.start, excerpt.start + excerpt.width)).toBe('BAD');
  });

  it('is undefined for a line the text does not have', () => {
    expect(sourceExcerpt('one line', at(3, 1, 3, 2))).toBeUndefined();
  });
});
