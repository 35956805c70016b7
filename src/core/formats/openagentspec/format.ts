/** OpenAgentSpec's registry record: a YAML file with `kind: openagentspec:v1/agent` (see `detect-spec.ts`). */
import { formatRecord } from '../format-record.ts';
import { detectSpec, specDetectionReach } from './detect-spec.ts';

/** OpenAgentSpec's id, name, detection, files and editor assist; `load` imports its reader. */
export const openAgentSpecRecord = formatRecord({
  id: 'openagentspec',
  label: 'OpenAgentSpec',
  detect: (path, text) => {
    try {
      return detectSpec(path, text);
    } catch {
      return false;
    }
  },
  reach: specDetectionReach,
  extensions: { '.yaml': 'yaml', '.yml': 'yaml' },
  assist: 'schema',
  load: () => import('./index.ts').then((m) => m.openAgentSpecFormat),
});
