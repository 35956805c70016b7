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

/**
 * The lines from `from` on whose text is exactly `---`, in order, found with `indexOf` rather than by
 * visiting every line: a 1 MB bundle has tens of thousands of lines and a few thousand fences.
 */
export function fenceLines(text: string, from = 0): Line[] {
  const fences: Line[] = [];
  let at = text.indexOf('---', from);
  while (at !== -1) {
    if (at === from || text.charCodeAt(at - 1) === 10) {
      const end = at + 3;
      if (end === text.length) fences.push({ start: at, end, next: end });
      else if (text.charCodeAt(end) === 10) fences.push({ start: at, end, next: end + 1 });
      else if (text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10)
        fences.push({ start: at, end, next: end + 2 });
    }
    // `---` holds no line break, so no line start is skipped.
    at = text.indexOf('---', at + 3);
  }
  return fences;
}

/** The first line from `from` on with anything but spaces and tabs, or undefined. */
export function firstNonBlankLine(text: string, from = 0): Line | undefined {
  let start = from;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) start = i + 1;
    else if (c !== 32 && c !== 9 && !(c === 13 && text.charCodeAt(i + 1) === 10)) {
      const nl = text.indexOf('\n', i);
      if (nl === -1) return { start, end: text.length, next: text.length };
      const end = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      return { start, end, next: nl + 1 };
    }
  }
  return undefined;
}

/** Where the line before the line starting at `start` ends (its terminator excluded); `start` > 0. */
export function endOfLineBefore(text: string, start: number): number {
  const nl = start - 1;
  return nl > 0 && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
}
