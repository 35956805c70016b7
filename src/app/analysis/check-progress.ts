/** The words of the status line while a check runs long. */
import type { CheckProgress } from './analysis-client.ts';

/**
 * "checking 1,000 cards… 3 s": the cards of the last finished check when there are any (the best guess of
 * what is being checked), else the files of the load-set.
 */
export function describeCheckProgress(progress: CheckProgress, lastCards: number): string {
  const [count, noun] = lastCards > 0 ? [lastCards, 'card'] : [progress.files, 'file'];
  const seconds = Math.round(progress.elapsedMs / 1000);
  return `checking ${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}… ${seconds} s`;
}
