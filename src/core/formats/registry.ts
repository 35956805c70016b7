/**
 * The one list of formats. Detection asks them in order and the first that claims a file wins, so the
 * specific formats come before AgentCard, which takes any remaining card file.
 */
import { a2aFormat } from './a2a/index.ts';
import { afmFormat } from './afm/index.ts';
import { agentCardFormat } from './agentcard/index.ts';
import type { FormatId, FormatModule } from './format-module.ts';
import { openAgentSpecFormat } from './openagentspec/index.ts';
import { tsAgentFormat } from './tsagent/index.ts';

/**
 * Every format, in detection order (AgentCard last: it is the fallback for card files). Each is read
 * through its `analyze`; see `format-module.ts` for the contract.
 */
export const FORMATS: readonly FormatModule[] = [
  afmFormat,
  openAgentSpecFormat,
  tsAgentFormat,
  a2aFormat,
  agentCardFormat,
];

/** The module of a format id. Throws an Error only for an id not in `FORMAT_IDS` (a programming error). */
export function formatModule(id: FormatId): FormatModule {
  const found = FORMATS.find((f) => f.id === id);
  if (!found) throw new Error(`Unknown format id: ${id}`);
  return found;
}

export { detectFormat } from './detectors.ts';
