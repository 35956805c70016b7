import type { FormatModule } from '../format-module.ts';

/** The A2A AgentCard format. Placeholder until the format lands: claims no file. */
export const a2aFormat: FormatModule = {
  id: 'a2a',
  label: 'A2A AgentCard',
  detect: () => false,
};
