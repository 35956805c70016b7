/** AFM's detector: `*.afm.md` / `*.afm` files (see `detect-afm.ts`). */
import type { FormatDetector } from '../format-module.ts';
import { detectAfm } from './detect-afm.ts';

/** AFM's id, name and detection. */
export const afmDetector: FormatDetector = { id: 'afm', label: 'AFM', detect: detectAfm };
