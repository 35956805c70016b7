/**
 * Diagnostics: every problem the core finds in user input is a `Diagnostic` value, never an exception.
 * Codes are a public contract (CI users key on them); each lives once: the core's and AgentCard's severities
 * in `CORE_SEVERITIES` here and their meanings in `core-codes.ts`, another format's in that format's
 * `codes.ts` (its module's `codes`); `diagnostic-codes.ts` joins them into the one table, `DIAGNOSTIC_CODES`. A format's table is not imported here at run time, so the playground's worker
 * loads it only with that format (it needs a code's default severity only where the code is raised).
 */

import { shiftFixes, type Fix } from './fixes/fix.ts';
import type { FormatCode } from './formats/registry.ts';

/** How bad a problem is. `error` makes a card (or the load) fail; the others are advice. */
export type Severity = 'error' | 'warning' | 'info';

/** One entry of the code table: default severity, a one-line meaning, and its docs anchor. */
export interface CodeInfo {
  readonly severity: Severity;
  readonly summary: string;
}

/**
 * The default severity of each diagnostic code of the core and of AgentCard; their one-line meanings are in
 * `core-codes.ts` (the checker needs only the severities, so the playground's worker does not load the
 * meanings). The other formats' codes are in their `codes.ts`; all of them together are `DIAGNOSTIC_CODES`
 * (`diagnostic-codes.ts`). Keys are stable kebab-case codes; `docs/diagnostics.md` documents each one and a
 * test keeps the two in step.
 */
export const CORE_SEVERITIES = {
  'yaml-syntax': 'error',
  'yaml-limit': 'error',
  'frontmatter-missing': 'error',
  'frontmatter-unclosed': 'error',
  'frontmatter-not-mapping': 'error',
  'text-before-card': 'warning',
  'suspicious-boundary': 'warning',
  'unknown-type': 'error',
  'missing-type': 'warning',
  'unknown-field': 'error',
  'invalid-value': 'error',
  'missing-field': 'error',
  'missing-name': 'error',
  'duplicate-name': 'error',
  'duplicate-key': 'error',
  'instruction-conflict': 'error',
  'inline-history': 'error',
  'empty-history-block': 'warning',
  'unknown-agent-ref': 'error',
  'dependency-cycle': 'error',
  'self-reference': 'error',
  'messages-file-not-found': 'error',
  'history-invalid': 'error',
  'history-entry-dropped': 'warning',
  'resource-not-found': 'warning',
  'unresolved-python-ref': 'warning',
  'python-file-not-found': 'error',
  'python-def-not-found': 'error',
  'instruction-file-not-found': 'error',
  'default-instruction': 'info',
  'url-template': 'info',
  'cwd-not-found': 'error',
  'unknown-server': 'warning',
  'config-invalid': 'error',
  'skill-manifest': 'error',
  'unsupported-file': 'error',
  'deprecated-type': 'warning',
  'ignored-value': 'warning',
  portability: 'warning',
  encoding: 'warning',
  'not-a-card': 'info',
  'input-too-large': 'error',
  'path-outside-root': 'warning',
} as const satisfies Record<string, Severity>;

/** A code of `CORE_SEVERITIES`: what `problem` raises. */
export type CoreCode = keyof typeof CORE_SEVERITIES;

/** A stable diagnostic code: a key of `DIAGNOSTIC_CODES`. */
export type DiagnosticCode = CoreCode | FormatCode;

/**
 * One problem found in user input. `from`/`to` are absolute UTF-16 offsets into the file's text, `to`
 * exclusive; `line`/`column` (1-based) and `endLine`/`endColumn` are derived from them for display.
 * `card` names the card the problem belongs to, when there is one.
 */
export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  file: string;
  from: number;
  to: number;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  card?: string;
  /** Edits that would fix the problem, when the checker knows them (see `fixes/fix.ts`). */
  fixes?: Fix[];
  /**
   * Plain-language advice on what usually causes this problem and how to fix it (YAML syntax errors
   * and duplicate keys); the `message` stays the parser's own words.
   */
  hint?: string;
  /**
   * Where the problem likely started, when that is on another line than `from`: e.g. the opening quote
   * of a value that is never closed, which the parser notices only at the end of the block.
   */
  cause?: { from: number; to: number; line: number; column: number };
}

/** A diagnostic before positions are turned into lines: what the analysis stages produce. */
export interface RawDiagnostic {
  code: DiagnosticCode;
  message: string;
  from: number;
  to: number;
  severity?: Severity;
  card?: string;
  fixes?: Fix[];
  /**
   * The key of its hint in `YAML_HINTS` (`text/yaml-hint-texts.ts`), which becomes `Diagnostic.hint` when
   * the diagnostic is located (no hint when the table has no such key).
   */
  hintKey?: string;
  /** The likely cause's `[from, to)` (see `Diagnostic.cause`). */
  cause?: { from: number; to: number };
}

/** Builds a raw diagnostic with the code's default severity unless one is given. */
export function problem(
  code: CoreCode,
  message: string,
  from: number,
  to: number,
  severity?: Severity,
): RawDiagnostic {
  return { code, message, from, to, severity: severity ?? CORE_SEVERITIES[code] };
}

/** A diagnostic builder for a format's own codes: `problem` that also knows the codes of `table`. */
export type ProblemIn<Code extends DiagnosticCode> = (
  code: Code | CoreCode,
  message: string,
  from: number,
  to: number,
  severity?: Severity,
) => RawDiagnostic;

/** `problem` for a format's module: default severities from `table` (the format's codes) or `CORE_SEVERITIES`. */
export function problemIn<Code extends DiagnosticCode>(
  table: Readonly<Record<Code, CodeInfo>>,
): ProblemIn<Code> {
  return (code, message, from, to, severity) => ({
    code,
    message,
    from,
    to,
    severity:
      severity ??
      (Object.hasOwn(table, code)
        ? table[code as Code].severity
        : CORE_SEVERITIES[code as CoreCode]),
  });
}

/**
 * A copy of `d` moved by `delta` characters (the text before it changed length): its range, its cause
 * and its own-file fix edits.
 */
export function shiftDiagnostic(d: RawDiagnostic, delta: number): RawDiagnostic {
  const moved: RawDiagnostic = { ...d, from: d.from + delta, to: d.to + delta };
  if (d.cause) moved.cause = { from: d.cause.from + delta, to: d.cause.to + delta };
  if (d.fixes) moved.fixes = shiftFixes(d.fixes, delta);
  return moved;
}

/** Appends every item of `items` to `list` (a spread push overflows the stack past ~100k items). */
export function appendAll<T>(list: T[], items: readonly T[]): void {
  for (const item of items) list.push(item);
}

/** Orders diagnostics by file, then position, then code, so output is stable. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.from - b.from || a.to - b.to || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}
