import type { FormatModule } from '../format-module.ts';

/** The OpenAgentSpec format. Placeholder until the format lands: claims no file. */
export const openAgentSpecFormat: FormatModule = {
  id: 'openagentspec',
  label: 'OpenAgentSpec',
  detect: () => false,
};
