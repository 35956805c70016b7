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

/**
 * Whether a folded (trimmed, lower-case) `kind` value is this format's kind or a near-miss of it
 * (`spec-kind.ts` says which); anything else is another format's.
 */
export function isNearMiss(folded: string): boolean {
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
  if (kinds.some((m) => isNearMiss(m[1]!.trim().toLowerCase()))) return true;
  if (kinds.length > 0 && !json) return false;
  const keys = SPEC_KEYS.filter((key) =>
    new RegExp(json ? `["']${key}["']\\s*:` : `^["']?${key}["']?[ \\t]*:`, 'm').test(head),
  );
  return keys.includes('intent') && keys.includes('owner') && keys.length >= 3;
}
