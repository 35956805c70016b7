/**
 * How many problems an embed will list, worked out when the site is built: the core checks the embed's files
 * as the embed will, and the embed's `hide` and `agents` options drop the same diagnostics. The element reserves
 * room for them (`data-problems`), so the page does not move when the embed arrives.
 */
import { checkLoadSet } from '../core/index.ts';
import { diagnosticFilter } from '../embed/diagnostic-filter.ts';

/**
 * The number of diagnostics the embed of `files` lists, with `hide` and `agents` as the fence gives them
 * (comma-separated, or undefined). Never throws: a check that fails counts as none.
 */
export function expectedProblems(
  files: Readonly<Record<string, string>>,
  profile: 'rfc' | 'fast-agent',
  hide: string | undefined,
  agents: string | undefined,
): number {
  try {
    const { diagnostics } = checkLoadSet(files, { profile });
    const keep = diagnosticFilter({
      hide: hide ? hide.split(',') : [],
      agents: agents ? agents.split(',') : [],
    });
    return keep ? diagnostics.filter(keep).length : diagnostics.length;
  } catch {
    return 0;
  }
}
