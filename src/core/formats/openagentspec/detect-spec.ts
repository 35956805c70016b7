/**
 * Recognising OpenAgentSpec files by content: the exact `kind`, near-misses of it (a misspelt kind such as
 * agent-os's `openOAgentSpec:v1/agent`, another version, the tool kind), and files without `kind` whose
 * top-level keys are those of an agent spec (`intent`, `owner`, `capabilities`).
 */

/** The `kind` of this version of the spec. */
export const AGENT_KIND = 'openagentspec:v1/agent';

/** How much of a file detection reads (detection runs on every file of every check). */
const DETECT_CHARS = 256 * 1024;
const EXTENSION = /\.(ya?ml|json)$/i;

/** How a `kind` value relates to this format. */
export type KindReading =
  { kind: 'agent' } | { kind: 'other'; message: string; suggestion?: string } | { kind: 'foreign' };

/** Reads a `kind` value: the agent kind, a near-miss of it (with the reason), or something unrelated. */
export function readKind(value: string): KindReading {
  if (value === AGENT_KIND) return { kind: 'agent' };
  const folded = value.trim().toLowerCase();
  if (folded === AGENT_KIND)
    return {
      kind: 'other',
      message: `The kind is spelled exactly '${AGENT_KIND}'`,
      suggestion: AGENT_KIND,
    };
  const match = /^(.*?):v?([0-9][^/]*)\/(.*)$/.exec(folded);
  if (!isNearMiss(folded)) return { kind: 'foreign' };
  if (match && /^openagentspec$/.test(match[1]!) && match[2] === '1' && match[3] === 'tool')
    return {
      kind: 'other',
      message: `'${value}' is an OpenAgentSpec tool definition; this checker reads agents ('${AGENT_KIND}') only`,
    };
  if (match && match[1] === 'openagentspec' && match[3] === 'agent')
    return {
      kind: 'other',
      message: `'${value}' is not a version this checker reads; it reads '${AGENT_KIND}'`,
    };
  const agentOs = folded === 'openoagentspec:v1/agent' ? " (agent-os's spelling)" : '';
  return {
    kind: 'other',
    message: `Unknown kind '${value}'${agentOs}; did you mean '${AGENT_KIND}'?`,
    suggestion: AGENT_KIND,
  };
}

function isNearMiss(folded: string): boolean {
  const letters = folded.replace(/[^a-z0-9:/]/g, '');
  return (
    letters.includes('agentspec') || letters.startsWith('oagent') || /^open\w*spec/.test(letters)
  );
}

/** The top-level keys an agent spec has (besides `kind`); three of them without `kind` claim a file. */
const SPEC_KEYS = ['intent', 'owner', 'capabilities', 'guardrails', 'exposes', 'lifespan'];

/** How many leading characters `detectSpec` reads of a file at `path`. */
export const specDetectionReach = (path: string): number =>
  EXTENSION.test(path) ? DETECT_CHARS : 0;

/**
 * Whether `path` with `text` is (or nearly is) an OpenAgentSpec agent: a `.yaml`/`.yml`/`.json` file with the
 * agent kind or a near-miss of it, or without `kind` but with `intent` and `owner` and another spec key.
 * Cheap and never throws.
 */
export function detectSpec(path: string, text: string): boolean {
  if (!EXTENSION.test(path)) return false;
  const head = text.length > DETECT_CHARS ? text.slice(0, DETECT_CHARS) : text;
  const json = /^\s*\{/.test(head);
  const kinds = [
    ...head.matchAll(/(?:^|[{,])[ \t]*["']?kind["']?[ \t]*:[ \t]*["']?([^"'\s#,}]+)/gm),
  ];
  if (kinds.some((m) => readKind(m[1]!).kind !== 'foreign')) return true;
  if (kinds.length > 0 && !json) return false;
  const keys = SPEC_KEYS.filter((key) =>
    new RegExp(json ? `["']${key}["']\\s*:` : `^["']?${key}["']?[ \\t]*:`, 'm').test(head),
  );
  return keys.includes('intent') && keys.includes('owner') && keys.length >= 3;
}
