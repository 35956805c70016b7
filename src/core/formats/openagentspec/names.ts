/**
 * Names and references of OpenAgentSpec. The seed spec requires `tool_name`s and `agent_name`s to be RFC 1123
 * DNS subdomains; its last revision (0493410) asks for `[a-z0-9_]` instead. This checker follows the seed
 * and mentions the newer rule (see `docs/formats/openagentspec.md`).
 */

/** Longest name RFC 1123 allows. */
export const MAX_NAME_LENGTH = 253;

const SUBDOMAIN = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/;
const UNDERSCORE_NAME = /^[a-z0-9_]+$/;

/** Why `name` is not an RFC 1123 subdomain, or undefined when it is one. */
export function nameProblem(name: string): string | undefined {
  if (name.length === 0) return 'is empty';
  if (name.length > MAX_NAME_LENGTH) return `is longer than ${MAX_NAME_LENGTH} characters`;
  if (SUBDOMAIN.test(name)) return undefined;
  if (/[A-Z]/.test(name) && SUBDOMAIN.test(name.toLowerCase()))
    return `has uppercase letters (try '${name.toLowerCase()}')`;
  if (UNDERSCORE_NAME.test(name))
    return `has '_', which RFC 1123 does not allow (the spec's last revision 0493410 allows [a-z0-9_]; this checker follows the seed's RFC 1123 rule: try '${name.replace(/_/g, '-')}')`;
  if (!/^[a-z0-9]/.test(name)) return 'must start with a lowercase letter or digit';
  if (!/[a-z0-9]$/.test(name)) return 'must end with a lowercase letter or digit';
  return "may hold only lowercase letters, digits, '-' and '.'";
}

/** True when `name` is valid under RFC 1123 but not under the spec's newer `[a-z0-9_]` rule. */
export function breaksNewerNameRule(name: string): boolean {
  return SUBDOMAIN.test(name) && !UNDERSCORE_NAME.test(name);
}

/** A capability key, read as one of the three reference forms. */
export type Reference =
  | { kind: 'name'; name: string }
  | { kind: 'agent'; name: string }
  | { kind: 'remote'; host: string; path: string[]; name: string; url: string }
  | { kind: 'invalid'; reason: string };

const SCHEME = 'oagent://';
const HOST =
  /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*(:[0-9]{1,5})?$/;

/**
 * Reads a capability key: `agent_name`/`tool_name`, `oagent://agent_name`, or a remote
 * `oagent://hostname[/path]/agent_name`. The name itself is checked separately (`nameProblem`).
 */
export function readReference(key: string): Reference {
  if (key.startsWith(SCHEME)) {
    const rest = key.slice(SCHEME.length);
    const parts = rest.split('/');
    if (parts.some((p) => p === ''))
      return { kind: 'invalid', reason: `'${key}' has an empty part (a doubled or trailing '/')` };
    if (parts.length === 1) return { kind: 'agent', name: parts[0]! };
    const host = parts[0]!;
    if (!HOST.test(host)) return { kind: 'invalid', reason: `'${host}' is not a hostname` };
    return {
      kind: 'remote',
      host,
      path: parts.slice(1, -1),
      name: parts[parts.length - 1]!,
      url: `https://${rest}`,
    };
  }
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(key);
  if (scheme)
    return {
      kind: 'invalid',
      reason: `'${scheme[1]}://' is not a reference scheme (agents are referenced as 'oagent://…')`,
    };
  return { kind: 'name', name: key };
}
