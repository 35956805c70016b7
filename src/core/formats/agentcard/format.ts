/** AgentCard's registry record: any card file the more specific formats left (see `../format-records.ts`). */
import { extension } from '../../text/paths.ts';
import { formatRecord } from '../format-record.ts';

/** The endings of card files, each with the language the editor shows it in. */
const EXTENSIONS = {
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.yaml': 'yaml',
  '.yml': 'yaml',
} as const;

/** Extensions read as cards (lower case, with the dot). */
export const CARD_EXTENSIONS = Object.keys(EXTENSIONS);

/** True for paths the loader reads as cards (by extension, case-insensitive). Pure; never throws. */
export function isCardPath(path: string): boolean {
  return CARD_EXTENSIONS.includes(extension(path));
}

/** AgentCard's id, name, detection and files; `load` imports its reader and writer. */
export const agentCardRecord = formatRecord({
  id: 'agentcard',
  label: 'AgentCard',
  detect: (path) => isCardPath(path),
  reach: () => 0,
  extensions: EXTENSIONS,
  fallback: true,
  emits: true,
  load: () => import('./index.ts').then((m) => m.agentCardFormat),
});
