/** AFM's registry record: `*.afm.md` / `*.afm` files (see `detect-afm.ts`). */
import { formatRecord } from '../format-record.ts';
import { detectAfm, MAX_DETECT_CHARS } from './detect-afm.ts';

/** AFM's id, name, detection, files, editor assist and paste naming; `load` imports its reader and writer. */
export const afmRecord = formatRecord({
  id: 'afm',
  label: 'AFM',
  detect: detectAfm,
  // `*.afm.md` and `*.afm` by name; another `.md` file by its frontmatter, within its first characters.
  reach: (path) => {
    const lower = path.toLowerCase();
    return lower.endsWith('.md') && !lower.endsWith('.afm.md') ? MAX_DETECT_CHARS : 0;
  },
  extensions: { '.afm.md': 'markdown', '.afm': 'markdown' },
  emits: true,
  assist: 'schema',
  // A paste with frontmatter is AFM when the reader would take a `.md` file of it as AFM.
  paste: { name: 'pasted.afm.md', claims: (text) => detectAfm('pasted.md', text) },
  load: () => import('./index.ts').then((m) => m.afmFormat),
});
