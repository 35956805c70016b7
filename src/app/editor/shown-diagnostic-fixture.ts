import type { Diagnostic } from '../../core/index.ts';
import type { ShownDiagnostic } from './shown-diagnostics.ts';

/** For tests: an `unknown-field` error shown at `from`–`to` (its core record has the same range). */
export function shownDiagnostic(from: number, to: number): ShownDiagnostic {
  const source: Diagnostic = {
    code: 'unknown-field',
    severity: 'error',
    message: 'x',
    file: 'a.md',
    from,
    to,
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 1,
  };
  return { from, to, severity: 'error', message: 'unknown-field: x', source };
}
