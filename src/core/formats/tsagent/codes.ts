import { problemIn, type CodeInfo, type CoreCode } from '../../diagnostics.ts';

/** Diagnostic codes of the TsAgent format (part of the one table, `DIAGNOSTIC_CODES`). */
export const TSAGENT_CODES = {
  'tsagent-json-syntax': {
    severity: 'error',
    summary: 'A `tsagent.json` is not valid JSON; TsAgent cannot load the agent.',
  },
  'tsagent-missing-prompt': {
    severity: 'error',
    summary: 'An agent folder has a `tsagent.json` but no `prompt.md` (the system prompt).',
  },
  'tsagent-mdt-skipped': {
    severity: 'warning',
    summary:
      'A rule or reference `.mdt` file that TsAgent skips without a word (no `---` frontmatter, CRLF line ends, unclosed frontmatter or no text).',
  },
  'tsagent-references-folder': {
    severity: 'warning',
    summary:
      'References in `references/` (the docs) are not read by TsAgent 1.2, which reads `refs/`.',
  },
  'tsagent-ignored-file': {
    severity: 'info',
    summary: 'A file in an agent folder that is no part of a TsAgent agent; it is ignored.',
  },
  'tsagent-priority-zero': {
    severity: 'warning',
    summary: '`priorityLevel: 0` is read as 500 by TsAgent (`priorityLevel || 500`).',
  },
  'tsagent-tool-parameters': {
    severity: 'error',
    summary: "A tool's `parameters` is not a JSON Schema object (`type: object`, `properties`).",
  },
  'tsagent-unknown-placeholder': {
    severity: 'error',
    summary:
      'A tool prompt template uses a `{placeholder}` that is neither `{name}` nor a declared parameter; it is sent as written.',
  },
  'tsagent-name-parameter': {
    severity: 'warning',
    summary:
      'A tool parameter is called `name`: `{name}` in the prompt is replaced by the tool name first, so the parameter never reaches it.',
  },
  'tsagent-duplicate-name': {
    severity: 'error',
    summary:
      'Two tools (error) or two rules or references (warning) of one agent have the same name.',
  },
  'tsagent-mode-conflict': {
    severity: 'warning',
    summary:
      'The mode fields disagree (tools and skills both given, skills without `autonomous`, tools mode without tools).',
  },
  'tsagent-approval-required': {
    severity: 'info',
    summary:
      'In autonomous or tools mode the model is only offered tools that need no approval; none of this server’s tools qualify.',
  },
  'tsagent-literal-api-key': {
    severity: 'warning',
    summary:
      'A provider setting holds a literal secret (API key, token, password) instead of a reference such as `env://NAME`.',
  },
} as const satisfies Record<string, CodeInfo>;

/** A code this format's modules raise: one of its own or the core's. */
export type TsAgentCode = keyof typeof TSAGENT_CODES | CoreCode;

/** `problem` for this format's modules: knows its codes' default severities as well as the core's. */
export const problem = problemIn(TSAGENT_CODES);
