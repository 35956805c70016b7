import { problem, type DiagnosticCode, type Severity } from '../../diagnostics.ts';
import type { FormatDiagnostic } from '../format-module.ts';
import type { LocatedNode } from './located-tree.ts';

/**
 * Collects the diagnostics of one TsAgent unit, each in its own file. An exact repeat (same file, code,
 * range and message) is dropped.
 */
export class Findings {
  readonly list: FormatDiagnostic[] = [];
  private readonly seen = new Set<string>();

  /** Adds a problem at `[from, to)` of `file`, with the code's default severity unless one is given. */
  add(
    file: string,
    code: DiagnosticCode,
    message: string,
    from: number,
    to: number,
    severity?: Severity,
  ): void {
    const key = `${file}\u0000${code}\u0000${from}\u0000${to}\u0000${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push({ ...problem(code, message, from, to, severity), file });
  }

  /** Adds a problem covering a node. */
  at(
    file: string,
    node: LocatedNode,
    code: DiagnosticCode,
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
