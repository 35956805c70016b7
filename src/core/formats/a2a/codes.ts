import { problemIn, type CodeInfo, type CoreCode } from '../../diagnostics.ts';

/**
 * Diagnostic codes of the A2A AgentCard format (part of the one table, `DIAGNOSTIC_CODES`). Schema
 * violations use the generic `invalid-value` and `missing-field`; repeated keys `duplicate-key` (as a
 * warning: JSON readers keep the last value).
 */
export const A2A_CODES = {
  'a2a-json-syntax': {
    severity: 'error',
    summary: 'An A2A AgentCard file is not valid JSON.',
  },
  'a2a-unknown-property': {
    severity: 'warning',
    summary:
      'A property the v0.3.0 schema does not define (allowed, but often a typo or a field of another version).',
  },
  'a2a-v1-shape': {
    severity: 'warning',
    summary: 'The card uses the A2A v1.0 shape (e.g. `supportedInterfaces`), not v0.3.0.',
  },
  'a2a-protocol-version': {
    severity: 'warning',
    summary: '`protocolVersion` is not `0.3.0`, the version the schema describes.',
  },
  'a2a-no-preferred-transport': {
    severity: 'warning',
    summary:
      'The card has no `preferredTransport`; the spec requires one (the schema defaults it to JSONRPC).',
  },
  'a2a-unknown-transport': {
    severity: 'warning',
    summary: 'A transport is not one of JSONRPC, GRPC, HTTP+JSON.',
  },
  'a2a-mode-not-mime': {
    severity: 'warning',
    summary: 'An input or output mode is not a MIME type (e.g. `text` instead of `text/plain`).',
  },
  'a2a-invalid-url': {
    severity: 'warning',
    summary: 'A URL property does not hold an absolute URL.',
  },
  'a2a-duplicate-skill-id': {
    severity: 'warning',
    summary: 'Two skills of the card have the same `id`.',
  },
  'a2a-unknown-security-scheme': {
    severity: 'warning',
    summary: 'A `security` requirement names a scheme that `securitySchemes` does not define.',
  },
} as const satisfies Record<string, CodeInfo>;

/** A code this format's modules raise: one of its own or the core's. */
export type A2aCode = keyof typeof A2A_CODES | CoreCode;

/** `problem` for this format's modules: knows its codes' default severities as well as the core's. */
export const problem = problemIn(A2A_CODES);
