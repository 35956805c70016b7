/** AFM's detector: `*.afm.md` / `*.afm` files (see `detect-afm.ts`). */
import type { FormatDetector } from '../format-module.ts';
import { detectAfm, MAX_DETECT_CHARS } from './detect-afm.ts';

/** AFM's id, name and detection. */
export const afmDetector: FormatDetector = {
  id: 'afm',
  label: 'AFM',
  detect: detectAfm,
  // `*.afm.md` and `*.afm` by name; another `.md` file by its frontmatter, within its first characters.
  reach: (path) => {
    const lower = path.toLowerCase();
    return lower.endsWith('.md') && !lower.endsWith('.afm.md') ? MAX_DETECT_CHARS : 0;
  },
};
