/** The words of the status line while a check runs long. */
import type { CheckProgress } from './analysis-client.ts';

/**
 * "checking 1,000 files… 3 s". Files, not cards: how many cards the files hold is known only once the check
 * ends (the last check's count can be far off after files were added).
 */
export function describeCheckProgress(progress: CheckProgress): string {
  const { files, elapsedMs } = progress;
  const seconds = Math.round(elapsedMs / 1000);
  return `checking ${files.toLocaleString('en-US')} file${files === 1 ? '' : 's'}… ${seconds} s`;
}
