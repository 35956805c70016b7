import type { Severity } from '../../diagnostics.ts';
import { problem, type TsAgentCode } from './codes.ts';
import type { FormatDiagnostic } from '../format-module.ts';
import type { LocatedEntry, LocatedNode } from './located-tree.ts';
import type { Fix } from '../../fixes/fix.ts';
import { typoFixes, withFixes } from '../../fixes/typo-fix.ts';

/**
 * Collects the diagnostics of one TsAgent unit, each in its own file. An exact repeat (same file, code,
 * range and message) is dropped.
 */
export class Findings {
  readonly list: FormatDiagnostic[] = [];
  private readonly seen = new Set<string>();

  /**
   * Adds a problem at `[from, to)` of `file`, with the code's default severity unless one is given,
   * and its quick fixes (edits in `file` named `''`) when there are any.
   */
  add(
    file: string,
    code: TsAgentCode,
    message: string,
    from: number,
    to: number,
    severity?: Severity,
    fixes?: Fix[],
  ): void {
    const key = `${file}\u0000${code}\u0000${from}\u0000${to}\u0000${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push(withFixes({ ...problem(code, message, from, to, severity), file }, fixes));
  }

  /** Adds a problem covering a node. */
  at(
    file: string,
    node: LocatedNode,
    code: TsAgentCode,
    message: string,
    severity?: Severity,
  ): void {
    this.add(file, code, message, node.from, Math.max(node.to, node.from + 1), severity);
  }

  /** True when an error was added. */
  get failed(): boolean {
    return this.list.some((d) => (d.severity ?? 'error') === 'error');
  }
}

/**
 * The did-you-mean rename of an unknown key among `known`, unless `siblings` already has the
 * correction. A plain key is replaced whole, a quoted one (JSON, quoted YAML) inside its quotes; a key
 * written with escapes gets no fix.
 */
export function keyTypoFixes(
  entry: LocatedEntry,
  known: Iterable<string>,
  siblings: readonly LocatedEntry[],
): Fix[] | undefined {
  const length = entry.keyTo - entry.keyFrom;
  const quoted = length === entry.key.length + 2;
  if (!quoted && length !== entry.key.length) return undefined;
  return typoFixes(entry.key, known, {
    from: quoted ? entry.keyFrom + 1 : entry.keyFrom,
    to: quoted ? entry.keyTo - 1 : entry.keyTo,
    taken: (key) => siblings.some((other) => other.key === key),
  });
}
