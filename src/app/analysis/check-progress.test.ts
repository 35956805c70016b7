import { describe, expect, it } from 'vitest';
import { describeCheckProgress } from './check-progress.ts';

describe('describeCheckProgress', () => {
  it('counts the files being checked, with a thousands separator, and the seconds so far', () => {
    expect(describeCheckProgress({ elapsedMs: 3000, files: 1000 })).toBe(
      'checking 1,000 files… 3 s',
    );
    expect(describeCheckProgress({ elapsedMs: 2000, files: 40 })).toBe('checking 40 files… 2 s');
  });

  it('says file in the singular for one', () => {
    expect(describeCheckProgress({ elapsedMs: 1000, files: 1 })).toBe('checking 1 file… 1 s');
  });
});
