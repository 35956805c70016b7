import type { FormatModule } from '../format-module.ts';

/** The TsAgent format. Placeholder until the format lands: claims no file. */
export const tsAgentFormat: FormatModule = {
  id: 'tsagent',
  label: 'TsAgent',
  detect: () => false,
};
