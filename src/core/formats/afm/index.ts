import type { FormatModule } from '../format-module.ts';

/** The AFM format. Placeholder until the format lands: claims no file. */
export const afmFormat: FormatModule = {
  id: 'afm',
  label: 'AFM',
  detect: () => false,
};
