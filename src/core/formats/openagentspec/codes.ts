import { problemIn, type CodeInfo, type CoreCode } from '../../diagnostics.ts';

/** Diagnostic codes of the OpenAgentSpec format (part of the one table, `DIAGNOSTIC_CODES`). */
export const OPENAGENTSPEC_CODES = {
  'oas-missing-kind': {
    severity: 'error',
    summary: 'A file that looks like an OpenAgentSpec agent has no `kind: openagentspec:v1/agent`.',
  },
  'oas-unknown-kind': {
    severity: 'error',
    summary:
      'The `kind` is not `openagentspec:v1/agent` (a misspelling, another version, or the tool kind).',
  },
  'oas-invalid-name': {
    severity: 'error',
    summary:
      'An agent or tool name is not an RFC 1123 DNS subdomain (lowercase letters, digits, `-`, `.`).',
  },
  'oas-name-rule': {
    severity: 'info',
    summary:
      "A hyphenated name is valid under the spec's RFC 1123 rule; its last revision asks for `[a-z0-9_]`.",
  },
  'oas-invalid-reference': {
    severity: 'error',
    summary:
      'A capability key is not a reference: `name`, `oagent://name` or `oagent://host[/path]/name`.',
  },
  'oas-remote-reference': {
    severity: 'info',
    summary: 'A capability is a remote agent (`oagent://host/…/name`), which servers MAY support.',
  },
  'oas-empty-restriction': {
    severity: 'warning',
    summary: 'A restriction has neither `require_review` nor `assertion`, so it restricts nothing.',
  },
  'oas-cel-syntax': {
    severity: 'error',
    summary: 'A CEL expression (an assertion or an `exposes` value) does not parse.',
  },
  'oas-cel-unknown-variable': {
    severity: 'error',
    summary:
      'A CEL expression names a variable that the Engagement object does not have (`started_at`, `user`, `recent`, `history`).',
  },
  'oas-cel-unknown-field': {
    severity: 'error',
    summary: 'A CEL expression reads a field that the Engagement object does not define.',
  },
  'oas-cel-unknown-capability': {
    severity: 'warning',
    summary:
      'A CEL expression reads `recent`/`history` of a tool or agent that is not one of the capabilities.',
  },
  'oas-cel-hyphen-name': {
    severity: 'error',
    summary:
      'A hyphenated name after `.` in CEL parses as subtraction; use bracket access (`recent["a-b"]`).',
  },
  'oas-cel-limit': {
    severity: 'warning',
    summary:
      'A CEL expression is too long or nests too deeply, or there are too many of them; it is not checked.',
  },
} as const satisfies Record<string, CodeInfo>;

/** A code this format's modules raise: one of its own or the core's. */
export type OpenAgentSpecCode = keyof typeof OPENAGENTSPEC_CODES | CoreCode;

/** `problem` for this format's modules: knows its codes' default severities as well as the core's. */
export const problem = problemIn(OPENAGENTSPEC_CODES);
