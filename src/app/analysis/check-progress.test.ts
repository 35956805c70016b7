import { describe, expect, it } from 'vitest';
import { describeCheckProgress } from './check-progress.ts';

describe('describeCheckProgress', () => {
  it('counts the cards of the last check, with a thousands separator, and the seconds so far', () => {
    expect(describeCheckProgress({ elapsedMs: 3000, files: 12 }, 1000)).toBe(
      'checking 1,000 cards… 3 s',
    );
  });

  it('counts files before any check has finished, in the singular for one', () => {
    expect(describeCheckProgress({ elapsedMs: 1000, files: 1 }, 0)).toBe('checking 1 file… 1 s');
    expect(describeCheckProgress({ elapsedMs: 2000, files: 40 }, 0)).toBe('checking 40 files… 2 s');
  });
});
