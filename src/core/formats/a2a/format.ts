/** A2A's registry record: an AgentCard JSON document (see `detect-card.ts`). */
import { formatRecord } from '../format-record.ts';
import { isA2aCard } from './detect-card.ts';

/** A2A's id, name, detection and files; `load` imports its reader and writer. */
export const a2aRecord = formatRecord({
  id: 'a2a',
  label: 'A2A AgentCard',
  detect: isA2aCard,
  // A JSON file by its top-level keys, anywhere in it; any other file by its name.
  reach: (path) => (/\.json$/i.test(path) ? Infinity : 0),
  extensions: { '.json': 'json' },
  emits: true,
  load: () => import('./index.ts').then((m) => m.a2aFormat),
});
