/** AgentCard's detector: any card file the more specific formats left (see `../detectors.ts`). */
import { extension } from '../../load-set/paths.ts';
import type { FormatDetector } from '../format-module.ts';

/** Extensions read as cards (lower case, with the dot). */
export const CARD_EXTENSIONS = ['.md', '.markdown', '.yaml', '.yml'];

/** True for paths the loader reads as cards (by extension, case-insensitive). Pure; never throws. */
export function isCardPath(path: string): boolean {
  return CARD_EXTENSIONS.includes(extension(path));
}

/** AgentCard's id, name and detection. */
export const agentCardDetector: FormatDetector = {
  id: 'agentcard',
  label: 'AgentCard',
  detect: (path) => isCardPath(path),
  reach: () => 0,
};
