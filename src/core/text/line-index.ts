/**
 * Maps absolute UTF-16 offsets of a text to 1-based line and column numbers. Lines end at `\n`; a `\r`
 * before it belongs to the line (so CRLF files count lines like LF files). Built once per text, then
 * each lookup is a binary search.
 */
export class LineIndex {
  private readonly starts: number[];

  constructor(readonly text: string) {
    const starts = [0];
    let at = text.indexOf('\n');
    while (at !== -1) {
      starts.push(at + 1);
      at = text.indexOf('\n', at + 1);
    }
    this.starts = starts;
  }

  /** Number of lines (a text without `\n` has one). */
  get lineCount(): number {
    return this.starts.length;
  }

  /** 0-based index of the line holding `offset`; offsets past the end clamp to the last line. */
  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Offset where 0-based line `line` starts. */
  lineStart(line: number): number {
    return this.starts[Math.max(0, Math.min(line, this.starts.length - 1))]!;
  }

  /** 1-based `{line, column}` of an offset (column counts UTF-16 units from the line start, plus one). */
  position(offset: number): { line: number; column: number } {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    const line = this.lineOf(clamped);
    return { line: line + 1, column: clamped - this.starts[line]! + 1 };
  }
}
