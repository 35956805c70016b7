/** A2A's detector: an AgentCard JSON document (see `detect-card.ts`). */
import type { FormatDetector } from '../format-module.ts';
import { isA2aCard } from './detect-card.ts';

/** A2A's id, name and detection. */
export const a2aDetector: FormatDetector = {
  id: 'a2a',
  label: 'A2A AgentCard',
  detect: isA2aCard,
  // A JSON file by its top-level keys, anywhere in it; any other file by its name.
  reach: (path) => (/\.json$/i.test(path) ? Infinity : 0),
};
