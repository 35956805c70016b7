/** OpenAgentSpec's detector: a YAML file with `kind: openagentspec:v1/agent` (see `detect-spec.ts`). */
import type { FormatDetector } from '../format-module.ts';
import { detectSpec, specDetectionReach } from './detect-spec.ts';

/** OpenAgentSpec's id, name and detection. */
export const openAgentSpecDetector: FormatDetector = {
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
};
