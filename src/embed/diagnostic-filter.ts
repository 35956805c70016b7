/**
 * The embed's `hide` and `agents` options as a filter over the check's diagnostics: a docs page can show one
 * card of a larger team without the problems that only come from the card being alone.
 */
import type { Diagnostic } from '../core/index.ts';
import type { EmbedOptions } from './embed-options.ts';

// The core's wording of `unknown-agent-ref` (src/core/load-set/passes/references.ts); a test pins it.
const UNKNOWN_AGENT = /^'(.*)' is not an agent of the load-set/s;

/**
 * The filter for `options`, or undefined when it keeps everything: it drops diagnostics whose code is in `hide`,
 * and `unknown-agent-ref` diagnostics about an agent named in `agents`.
 */
export function diagnosticFilter(
  options: Pick<EmbedOptions, 'hide' | 'agents'>,
): ((diagnostic: Diagnostic) => boolean) | undefined {
  if (options.hide.length === 0 && options.agents.length === 0) return undefined;
  const hidden = new Set<string>(options.hide);
  const agents = new Set(options.agents);
  return (diagnostic) => {
    if (hidden.has(diagnostic.code)) return false;
    if (diagnostic.code !== 'unknown-agent-ref') return true;
    const name = unknownAgentName(diagnostic);
    return name === undefined || !agents.has(name);
  };
}

/** The agent an `unknown-agent-ref` diagnostic is about, or undefined for any other diagnostic. */
export function unknownAgentName(
  diagnostic: Pick<Diagnostic, 'code' | 'message'>,
): string | undefined {
  if (diagnostic.code !== 'unknown-agent-ref') return undefined;
  return UNKNOWN_AGENT.exec(diagnostic.message)?.[1];
}
