/**
 * What each diagnostic code of the core and of AgentCard means, in one line (their default severities are
 * `CORE_SEVERITIES` in `diagnostics.ts`): for the command line, the docs and library users, through
 * `DIAGNOSTIC_CODES`.
 */
import { CORE_SEVERITIES, type CodeInfo, type CoreCode } from './diagnostics.ts';

/** The one-line meaning of each code of `CORE_SEVERITIES` (the type asks for every one). */
const CORE_SUMMARIES: Record<CoreCode, string> = {
  'yaml-syntax': 'The YAML (a frontmatter, a YAML card or a config file) does not parse.',
  'yaml-limit':
    'The YAML is too deep, too large, expands too many aliases or contains itself through an alias, so it cannot be read safely.',
  'frontmatter-missing': 'A Markdown card file has no `---` frontmatter block.',
  'frontmatter-unclosed': 'A frontmatter block opens with `---` but no closing `---` line follows.',
  'frontmatter-not-mapping': 'A frontmatter block or YAML card is not a mapping of fields.',
  'text-before-card':
    'Text before the first card of a Markdown file belongs to no card and is ignored.',
  'suspicious-boundary':
    'A `---` block looks like a card header but is read as body text (its YAML does not parse or has no `type`).',
  'unknown-type': 'The `type` is not one of the card types.',
  'missing-type': 'A card has no `type`; it is read as `agent`.',
  'unknown-field': "A field is not allowed for the card's type.",
  'invalid-value': 'A field has a value of the wrong kind or out of range.',
  'missing-field': "A field the card's type requires is absent.",
  'missing-name': 'A card in a bundle has no `name`.',
  'duplicate-name': 'Two agents of the load-set have the same name, whatever their formats.',
  'duplicate-key': 'A mapping has the same key twice.',
  'instruction-conflict':
    'Both the `instruction` field and the body give an instruction (fast-agent profile).',
  'inline-history':
    'The body has `---USER`/`---ASSISTANT`/`---RESOURCE` blocks, which fast-agent rejects (fast-agent profile).',
  'empty-history-block':
    'A `---USER`/`---ASSISTANT` block has no text: dropped, or kept as an empty message where fast-agent keeps it.',
  'unknown-agent-ref': 'A workflow field names an agent that is not in the load-set.',
  'dependency-cycle': 'Agents reference each other in a cycle.',
  'self-reference': 'A workflow names itself as one of its own agents.',
  'messages-file-not-found': 'A `messages` entry names a history file that is not in the load-set.',
  'history-invalid': 'A history file cannot be read (invalid JSON, wrong shape).',
  'history-entry-dropped':
    'A JSON history entry fits no known message form and is dropped, as fast-agent does silently.',
  'resource-not-found':
    'A `---RESOURCE` line in a history file names a file that is not in the load-set.',
  'unresolved-python-ref':
    'A Python reference cannot be resolved without a Python backend; it is not checked.',
  'python-file-not-found':
    'A file-form Python reference names a `.py` file that is not in the load-set.',
  'python-def-not-found':
    'A file-form Python reference names a function that the `.py` file does not define.',
  'instruction-file-not-found':
    'A `{{file:…}}` template in an instruction names a file that is not in the load-set.',
  'default-instruction':
    'A card gives no instruction: it compiles to null, where fast-agent 0.10.9 uses its built-in default (rfc profile).',
  'url-template':
    'A `{{url:…}}` template, which fast-agent fetches when it loads the card; the checker fetches nothing (fast-agent profile).',
  'cwd-not-found': 'A shell `cwd` names a folder that is not in the load-set.',
  'unknown-server':
    'A server is neither configured inline nor in a `fastagent.config.yaml` of the load-set.',
  'config-invalid': 'A `fastagent.config.yaml` cannot be used (not a mapping, bad `mcp.servers`).',
  'skill-manifest': 'A `SKILL.md` is an Agent Skill manifest, not an AgentCard.',
  'unsupported-file':
    'A file given as a card does not have a card extension (.md, .markdown, .yaml, .yml).',
  'deprecated-type': 'The card type is deprecated (`smart` reads as `agent`).',
  'ignored-value': 'A value that fast-agent silently ignores or never checks.',
  portability: 'Valid in the RFC, but fast-agent 0.10.9 rejects it or reads it differently.',
  encoding:
    'The text holds NUL bytes or unpaired surrogates (warning), or bytes that are not UTF-8 (error: fast-agent cannot read it).',
  'not-a-card':
    'A Markdown file found in a folder has no frontmatter, so it is not read as a card (as fast-agent skips it).',
  'input-too-large': 'A file is larger than the checker reads; it is skipped.',
  'path-outside-root':
    'A file a card names is outside the load-set root (or is a device, FIFO or system file); it is not read.',
};

/** The core's and AgentCard's codes with their default severity and meaning. */
export const CORE_CODES = Object.fromEntries(
  Object.entries(CORE_SEVERITIES).map(([code, severity]) => [
    code,
    { severity, summary: CORE_SUMMARIES[code as CoreCode] },
  ]),
) as {
  readonly [Code in CoreCode]: { severity: (typeof CORE_SEVERITIES)[Code]; summary: string };
} satisfies Record<string, CodeInfo>;
