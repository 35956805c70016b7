import type { Diagnostic } from '../../core/index.ts';

/** One row of the Problems list: a diagnostic and its key (what it says, and which of equal ones it is). */
export interface ProblemRow {
  d: Diagnostic;
  key: string;
}

/** What a row shows of a diagnostic: another answer with these equal draws the same row. */
function sameRow(a: Diagnostic, b: Diagnostic): boolean {
  return (
    a.line === b.line &&
    a.column === b.column &&
    a.hint === b.hint &&
    a.cause?.line === b.cause?.line &&
    (a.cause === undefined) === (b.cause === undefined)
  );
}

/**
 * The Problems list's rows, grouped by file in the order the diagnostics come, from one answer to the
 * next. Each row is keyed by what it says (file, severity, code, message, and which of equal ones it is),
 * not by where it is, so that a problem that comes or goes adds or removes its own row. A row that shows
 * the same as in the last answer (same line, column, hint and likely cause's line) is the same object as
 * then, so the list leaves its DOM alone: an edit above a problem moves its offsets, not what its row
 * says. Its offsets may then be older than the text: `latest` gives the newest diagnostic of a key, for a
 * click to jump to.
 */
export class ProblemRows {
  private rows = new Map<string, ProblemRow>();
  private newest = new Map<string, Diagnostic>();

  /** The rows of `diagnostics`, by file. */
  group(diagnostics: readonly Diagnostic[]): Array<[string, ProblemRow[]]> {
    const byFile = new Map<string, ProblemRow[]>();
    const seen = new Map<string, number>();
    const rows = new Map<string, ProblemRow>();
    const newest = new Map<string, Diagnostic>();
    for (const d of diagnostics) {
      const shown = `${d.file}|${d.severity}|${d.code}|${d.message}`;
      const n = seen.get(shown) ?? 0;
      seen.set(shown, n + 1);
      const key = `${shown}|${n}`;
      const previous = this.rows.get(key);
      const row = previous && sameRow(previous.d, d) ? previous : { d, key };
      rows.set(key, row);
      newest.set(key, d);
      const list = byFile.get(d.file) ?? [];
      list.push(row);
      byFile.set(d.file, list);
    }
    this.rows = rows;
    this.newest = newest;
    return [...byFile.entries()];
  }

  /** The diagnostic of `key` in the last `group` call (its offsets are the newest). */
  latest(key: string): Diagnostic | undefined {
    return this.newest.get(key);
  }
}
