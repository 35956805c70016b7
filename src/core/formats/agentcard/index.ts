import { isCardPath } from './analyze-card-file.ts';
import type { FormatModule } from '../format-module.ts';
import { emitAgentCard } from './emit-agentcard.ts';

/**
 * The AgentCard format: any remaining card file (`.md`, `.markdown`, `.yaml`, `.yml`). The load-set checker
 * reads these itself (bundles, cross references and histories span files), so there is no `analyze`.
 */
export const agentCardFormat: FormatModule = {
  id: 'agentcard',
  label: 'AgentCard',
  detect: (path) => isCardPath(path),
  emit: emitAgentCard,
};
