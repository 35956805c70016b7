/**
 * The AgentCard format: its reader (`reader.ts`) and its writer (`emit-agentcard.ts`).
 */
import type { FormatModule } from '../format-module.ts';
import { emitAgentCard } from './emit-agentcard.ts';
import { agentCardReader } from './reader.ts';

export { agentCardReader };

/**
 * The AgentCard format: any remaining card file (`.md`, `.markdown`, `.yaml`, `.yml`). Its cards are
 * drafts until the load-set passes finish them: see `format-module.ts`.
 */
export const agentCardFormat: FormatModule<Record<never, never>> = {
  ...agentCardReader,
  emit: emitAgentCard,
};
