import { escapeControls, LineIndex } from '../core/index.ts';

/** The source line a problem is on, ready to print with an underline beneath its range. */
export interface Excerpt {
  /** 1-based line number. */
  line: number;
  /** The line as printed: tabs as one space, control characters escaped, long lines cut to a window. */
  text: string;
  /** Where the underline starts in `text` (0-based, in characters as printed). */
  start: number;
  /** How many characters the underline covers; at least 1. */
  width: number;
}

/** A problem's range, 1-based and with the end exclusive, as on a `Diagnostic`. */
export interface Range {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/**
 * The excerpt of `text` for `range`: its first line, underlined from the start column to the end column
 * (to the end of the line when the range goes on to later lines; one character when it is empty).
 * Escaped control characters are underlined whole. A line longer than `maxWidth` characters is cut to a
 * window that shows the start of the range, with `…` where text was cut. Columns count UTF-16 units, as
 * the diagnostic's do, but a surrogate pair prints as one character; wide (CJK) characters are counted as
 * one, so an underline after them can sit left of its place. Undefined when `range.line` is past the text.
 */
export function sourceExcerpt(text: string, range: Range, maxWidth = 120): Excerpt | undefined {
  const lines = new LineIndex(text);
  if (range.line < 1 || range.line > lines.lineCount) return undefined;
  const lineStart = lines.lineStart(range.line - 1);
  const next = text.indexOf('\n', lineStart);
  const raw = text.slice(lineStart, next === -1 ? text.length : next).replace(/\r$/, '');
  // cells: the printed line, one entry per printed character; at[i]: the cell where raw[i] starts.
  const cells: string[] = [];
  const at: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    at.push(cells.length);
    const code = raw.codePointAt(i)!;
    if (code > 0xffff) {
      at.push(cells.length);
      cells.push(String.fromCodePoint(code));
      i++;
    } else cells.push(...(raw[i] === '\t' ? ' ' : escapeControls(raw[i]!)));
  }
  at.push(cells.length);
  const cell = (column: number) => at[Math.max(0, Math.min(column - 1, raw.length))]!;
  const start = cell(range.column);
  const end = range.endLine === range.line ? cell(range.endColumn) : cells.length;
  let width = Math.max(1, end - start);
  if (cells.length <= maxWidth) return { line: range.line, text: cells.join(''), start, width };
  const from = Math.max(0, Math.min(start - Math.floor(maxWidth / 4), cells.length - maxWidth));
  const shown = cells.slice(from, from + maxWidth);
  const before = from > 0 ? '…' : '';
  const after = from + maxWidth < cells.length ? '…' : '';
  width = Math.min(width, from + maxWidth - start + after.length);
  return {
    line: range.line,
    text: before + shown.join('') + after,
    start: start - from + before.length,
    width,
  };
}
