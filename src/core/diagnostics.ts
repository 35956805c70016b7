/**
 * Diagnostics: every problem the core finds in user input is a `Diagnostic` value, never an exception.
 * Codes are a public contract (CI users key on them); each lives once: the core's and AgentCard's in
 * `CORE_CODES` here, another format's in that format's `codes.ts`; `diagnostic-codes.ts` joins them into the
 * one table, `DIAGNOSTIC_CODES`. A format's table is not imported here at run time, so the playground's worker
 * loads it only with that format (it needs a code's default severity only where the code is raised).
 */

import { shiftFixes, type Fix } from './fixes/fix.ts';
import type { A2A_CODES } from './formats/a2a/codes.ts';
import type { AFM_CODES } from './formats/afm/codes.ts';
import type { OPENAGENTSPEC_CODES } from './formats/openagentspec/codes.ts';
import type { TSAGENT_CODES } from './formats/tsagent/codes.ts';

/** How bad a problem is. `error` makes a card (or the load) fail; the others are advice. */
export type Severity = 'error' | 'warning' | 'info';

/** One entry of the code table: default severity, a one-line meaning, and its docs anchor. */
export interface CodeInfo {
  readonly severity: Severity;
  readonly summary: string;
}

/**
 * The diagnostic codes of the core and of AgentCard (the other formats' are in their `codes.ts`; all of them
 * together are `DIAGNOSTIC_CODES`). Keys are stable kebab-case codes; `docs/diagnostics.md` documents each one
 * and a test keeps the two in step.
 */
export const CORE_CODES = {
  'yaml-syntax': {
    severity: 'error',
    summary: 'The YAML (a frontmatter, a YAML card or a config file) does not parse.',
  },
  'yaml-limit': {
    severity: 'error',
    summary:
      'The YAML is too deep, too large, expands too many aliases or contains itself through an alias, so it cannot be read safely.',
  },
  'frontmatter-missing': {
    severity: 'error',
    summary: 'A Markdown card file has no `---` frontmatter block.',
  },
  'frontmatter-unclosed': {
    severity: 'error',
    summary: 'A frontmatter block opens with `---` but no closing `---` line follows.',
  },
  'frontmatter-not-mapping': {
    severity: 'error',
    summary: 'A frontmatter block or YAML card is not a mapping of fields.',
  },
  'text-before-card': {
    severity: 'warning',
    summary: 'Text before the first card of a Markdown file belongs to no card and is ignored.',
  },
  'suspicious-boundary': {
    severity: 'warning',
    summary:
      'A `---` block looks like a card header but is read as body text (its YAML does not parse or has no `type`).',
  },
  'unknown-type': { severity: 'error', summary: 'The `type` is not one of the card types.' },
  'missing-type': { severity: 'warning', summary: 'A card has no `type`; it is read as `agent`.' },
  'unknown-field': { severity: 'error', summary: "A field is not allowed for the card's type." },
  'invalid-value': {
    severity: 'error',
    summary: 'A field has a value of the wrong kind or out of range.',
  },
  'missing-field': { severity: 'error', summary: "A field the card's type requires is absent." },
  'missing-name': { severity: 'error', summary: 'A card in a bundle has no `name`.' },
  'duplicate-name': {
    severity: 'error',
    summary: 'Two agents of the load-set have the same name, whatever their formats.',
  },
  'duplicate-key': { severity: 'error', summary: 'A mapping has the same key twice.' },
  'instruction-conflict': {
    severity: 'error',
    summary: 'Both the `instruction` field and the body give an instruction (fast-agent profile).',
  },
  'inline-history': {
    severity: 'error',
    summary:
      'The body has `---USER`/`---ASSISTANT`/`---RESOURCE` blocks, which fast-agent rejects (fast-agent profile).',
  },
  'empty-history-block': {
    severity: 'warning',
    summary:
      'A `---USER`/`---ASSISTANT` block has no text: dropped, or kept as an empty message where fast-agent keeps it.',
  },
  'unknown-agent-ref': {
    severity: 'error',
    summary: 'A workflow field names an agent that is not in the load-set.',
  },
  'dependency-cycle': { severity: 'error', summary: 'Agents reference each other in a cycle.' },
  'self-reference': {
    severity: 'error',
    summary: 'A workflow names itself as one of its own agents.',
  },
  'messages-file-not-found': {
    severity: 'error',
    summary: 'A `messages` entry names a history file that is not in the load-set.',
  },
  'history-invalid': {
    severity: 'error',
    summary: 'A history file cannot be read (invalid JSON, wrong shape).',
  },
  'history-entry-dropped': {
    severity: 'warning',
    summary:
      'A JSON history entry fits no known message form and is dropped, as fast-agent does silently.',
  },
  'resource-not-found': {
    severity: 'warning',
    summary: 'A `---RESOURCE` line in a history file names a file that is not in the load-set.',
  },
  'unresolved-python-ref': {
    severity: 'warning',
    summary: 'A Python reference cannot be resolved without a Python backend; it is not checked.',
  },
  'python-file-not-found': {
    severity: 'error',
    summary: 'A file-form Python reference names a `.py` file that is not in the load-set.',
  },
  'python-def-not-found': {
    severity: 'error',
    summary: 'A file-form Python reference names a function that the `.py` file does not define.',
  },
  'instruction-file-not-found': {
    severity: 'error',
    summary: 'A `{{file:…}}` template in an instruction names a file that is not in the load-set.',
  },
  'default-instruction': {
    severity: 'info',
    summary:
      'A card gives no instruction: it compiles to null, where fast-agent 0.10.9 uses its built-in default (rfc profile).',
  },
  'url-template': {
    severity: 'info',
    summary:
      'A `{{url:…}}` template, which fast-agent fetches when it loads the card; the checker fetches nothing (fast-agent profile).',
  },
  'cwd-not-found': {
    severity: 'error',
    summary: 'A shell `cwd` names a folder that is not in the load-set.',
  },
  'unknown-server': {
    severity: 'warning',
    summary:
      'A server is neither configured inline nor in a `fastagent.config.yaml` of the load-set.',
  },
  'config-invalid': {
    severity: 'error',
    summary: 'A `fastagent.config.yaml` cannot be used (not a mapping, bad `mcp.servers`).',
  },
  'skill-manifest': {
    severity: 'error',
    summary: 'A `SKILL.md` is an Agent Skill manifest, not an AgentCard.',
  },
  'unsupported-file': {
    severity: 'error',
    summary: 'A file given as a card does not have a card extension (.md, .markdown, .yaml, .yml).',
  },
  'deprecated-type': {
    severity: 'warning',
    summary: 'The card type is deprecated (`smart` reads as `agent`).',
  },
  'ignored-value': {
    severity: 'warning',
    summary: 'A value that fast-agent silently ignores or never checks.',
  },
  portability: {
    severity: 'warning',
    summary: 'Valid in the RFC, but fast-agent 0.10.9 rejects it or reads it differently.',
  },
  encoding: {
    severity: 'warning',
    summary:
      'The text holds NUL bytes or unpaired surrogates (warning), or bytes that are not UTF-8 (error: fast-agent cannot read it).',
  },
  'not-a-card': {
    severity: 'info',
    summary:
      'A Markdown file found in a folder has no frontmatter, so it is not read as a card (as fast-agent skips it).',
  },
  'input-too-large': {
    severity: 'error',
    summary: 'A file is larger than the checker reads; it is skipped.',
  },
  'path-outside-root': {
    severity: 'warning',
    summary:
      'A file a card names is outside the load-set root (or is a device, FIFO or system file); it is not read.',
  },
} as const satisfies Record<string, CodeInfo>;

/** A code of `CORE_CODES`: what `problem` raises. */
export type CoreCode = keyof typeof CORE_CODES;

/** A stable diagnostic code: a key of `DIAGNOSTIC_CODES`. */
export type DiagnosticCode =
  | CoreCode
  | keyof typeof AFM_CODES
  | keyof typeof OPENAGENTSPEC_CODES
  | keyof typeof TSAGENT_CODES
  | keyof typeof A2A_CODES;

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
  hint?: string;
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
  return { code, message, from, to, severity: severity ?? CORE_CODES[code].severity };
}

/** A diagnostic builder for a format's own codes: `problem` that also knows the codes of `table`. */
export type ProblemIn<Code extends DiagnosticCode> = (
  code: Code | CoreCode,
  message: string,
  from: number,
  to: number,
  severity?: Severity,
) => RawDiagnostic;

/** `problem` for a format's module: default severities from `table` (the format's codes) or `CORE_CODES`. */
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
      (Object.hasOwn(table, code) ? table[code as Code] : CORE_CODES[code as CoreCode]).severity,
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
