import { problemIn, type CodeInfo, type CoreCode } from '../../diagnostics.ts';

/** Diagnostic codes of the AFM format (part of the one table, `DIAGNOSTIC_CODES`). */
export const AFM_CODES = {
  'afm-frontmatter-not-first': {
    severity: 'warning',
    summary:
      'A `---` block that is not on the first line is body text: AFM reads a frontmatter only at the very top.',
  },
  'afm-missing-section': {
    severity: 'warning',
    summary: 'The body has no `# Role` or no `# Instructions` section, or the section is empty.',
  },
  'afm-duplicate-section': {
    severity: 'warning',
    summary: 'A `# Role` or `# Instructions` heading appears twice; the texts are joined.',
  },
  'afm-body-ignored': {
    severity: 'warning',
    summary:
      'Body text outside `# Role` and `# Instructions` (before them or under another level-1 heading) never reaches the agent.',
  },
  'afm-variable': {
    severity: 'info',
    summary: 'A `${…}` variable: resolved by the runtime, never substituted by the checker.',
  },
  'afm-http-variable-misplaced': {
    severity: 'error',
    summary:
      'An `${http:…}` variable outside a webhook or platformchat `prompt`, where no request exists.',
  },
  'afm-unsupported-prefix': {
    severity: 'warning',
    summary:
      'A variable prefix other than `env:` and `http:`: the spec leaves prefixes to implementations, the reference implementation fails on it.',
  },
  'afm-literal-secret': {
    severity: 'warning',
    summary: 'A credential is written literally where a `${…}` variable is expected.',
  },
  'afm-invalid-identifier': {
    severity: 'error',
    summary:
      'The file name (the agent identifier) starts with a digit, a special character or whitespace.',
  },
  'afm-identifier-style': {
    severity: 'info',
    summary:
      'The file name is not the recommended lowercase letters, digits and hyphens (underscores are tolerated).',
  },
  'afm-draft-shape': {
    severity: 'warning',
    summary:
      'A construct of the spec-text (draft) shape that the reference implementation rejects; the message says how to migrate.',
  },
  'afm-mixed-shape': {
    severity: 'error',
    summary: 'A field of one AFM shape (draft or current) in a file written in the other shape.',
  },
  'afm-portability': {
    severity: 'warning',
    summary: 'Valid by the AFM spec, but the reference implementation (afm-core) rejects it.',
  },
  'afm-invalid-schema': {
    severity: 'error',
    summary: 'An interface signature `input` or `output` is not a valid JSON Schema.',
  },
  'afm-schema-keyword': {
    severity: 'warning',
    summary:
      'A signature schema keyword looks misspelt, or `required` names a property that `properties` does not define.',
  },
  'afm-auth-missing-field': {
    severity: 'error',
    summary:
      'An authentication object lacks a field its `type` needs (bearer: `token`; basic: `username`, `password`; api-key: `api_key`).',
  },
  'afm-duplicate-server': {
    severity: 'error',
    summary: 'Two MCP servers have the same `name`.',
  },
  'afm-interface-mismatch': {
    severity: 'error',
    summary:
      'A field does not apply to this interface type or mode (e.g. `subscription` outside webhook, `polling` outside polling mode).',
  },
  'afm-spec-version': {
    severity: 'warning',
    summary: '`spec_version` is not a version this checker knows (0.3.0, 0.4.0).',
  },
  'afm-skills-not-found': {
    severity: 'warning',
    summary: 'A local `skills` path holds no `SKILL.md` in the load-set.',
  },
} as const satisfies Record<string, CodeInfo>;

/** A code this format's modules raise: one of its own or the core's. */
export type AfmCode = keyof typeof AFM_CODES | CoreCode;

/** `problem` for this format's modules: knows its codes' default severities as well as the core's. */
export const problem = problemIn(AFM_CODES);
