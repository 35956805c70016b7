/**
 * Line scanning shared by the card splitters. A line's `text` excludes its terminator (`\n` or `\r\n`);
 * `next` is the offset just after the terminator (or the text length for the last line).
 */
export interface Line {
  start: number;
  end: number;
  next: number;
}

/** Splits `text` from `from` into lines. Linear; a 10 MB line is one entry. */
export function scanLines(text: string, from = 0): Line[] {
  const lines: Line[] = [];
  let start = from;
  while (start <= text.length) {
    const nl = text.indexOf('\n', start);
    if (nl === -1) {
      if (start < text.length || lines.length === 0)
        lines.push({ start, end: text.length, next: text.length });
      break;
    }
    const end = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    lines.push({ start, end, next: nl + 1 });
    start = nl + 1;
  }
  return lines;
}

/** The text of a line without its terminator. */
export function lineText(text: string, line: Line): string {
  return text.slice(line.start, line.end);
}

/** True when the line has only spaces and tabs. */
export function isBlankLine(text: string, line: Line): boolean {
  for (let i = line.start; i < line.end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/** Offset of the first character after a leading byte-order mark (0 or 1). */
export function bomLength(text: string): number {
  return text.charCodeAt(0) === 0xfeff ? 1 : 0;
}
