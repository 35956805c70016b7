/**
 * Text handling as fast-agent's Python does it: lines as read in text mode, and `str.strip()`.
 */

/** One line of a text: `[start, end)` excludes its line break. */
export interface TextLine {
  start: number;
  end: number;
}

/**
 * Splits `text` into lines the way Python's text mode followed by `split("\n")` does: `\r\n`, `\r` and `\n`
 * all end a line, and a text ending in a line break has a last, empty line (an empty text is one empty line).
 */
export function splitLines(text: string): TextLine[] {
  const lines: TextLine[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 10 && c !== 13) continue;
    lines.push({ start, end: i });
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    start = i + 1;
  }
  lines.push({ start, end: text.length });
  return lines;
}

/** Python's `str.isspace()` for one UTF-16 unit (every Python whitespace character is in the BMP). */
export function isPythonSpace(code: number): boolean {
  return (
    (code >= 9 && code <= 13) ||
    (code >= 0x1c && code <= 0x20) ||
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/** The range of `text.slice(from, to)` left after Python's `strip()`; empty (`from === to`) when all space. */
export function stripRange(text: string, from: number, to: number): TextLine {
  while (from < to && isPythonSpace(text.charCodeAt(from))) from++;
  while (to > from && isPythonSpace(text.charCodeAt(to - 1))) to--;
  return { start: from, end: to };
}

/** Python's `str.strip()` with no argument. */
export function pyStrip(text: string): string {
  const { start, end } = stripRange(text, 0, text.length);
  return text.slice(start, end);
}
