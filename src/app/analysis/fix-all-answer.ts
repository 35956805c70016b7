import { localCalendarDate } from '../../core/index.ts';
import { fixAll } from '../../core/fixes/fix-all.ts';
import { ownRecord } from './own-record.ts';
import type { AnalysisRequest, AnalysisResponse } from './protocol.ts';

/**
 * The worker's answer to "Fix all": the core's `fixAll` on the files of `request` (apart from the load-set
 * the worker keeps, and with a checker of its own), answered with the files it changed or created. Loaded
 * on the first "Fix all", with every format's reader, not with the worker's first script. Throws what
 * `fixAll` throws (the worker answers with the message).
 */
export function fixAllAnswer(
  request: Extract<AnalysisRequest, { type: 'fixAll' }>,
): AnalysisResponse {
  const input = ownRecord(Object.entries(request.files));
  const outcome = fixAll(
    input,
    {
      profile: request.profile,
      formats: ownRecord(Object.entries(request.formats)),
      today: localCalendarDate(new Date()),
    },
    request.options,
  );
  const changed = Object.create(null) as Record<string, string>;
  for (const [path, text] of Object.entries(outcome.files))
    if (!Object.hasOwn(input, path) || input[path] !== text) changed[path] = text;
  return { type: 'fixedAll', id: request.id, files: changed, applied: outcome.applied.length };
}
