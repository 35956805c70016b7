/**
 * What a `kind` value says about an OpenAgentSpec file, with the words for it: apart from the detector
 * (`detect-spec.ts`), which needs only whether a kind is this format's, so that these messages load with
 * the format and not with every check.
 */
import { AGENT_KIND, isNearMiss } from './detect-spec.ts';

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
