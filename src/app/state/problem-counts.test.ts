import { describe, expect, it } from 'vitest';
import { countProblems, countText, describeProblems } from './problem-counts.ts';

describe('countProblems', () => {
  it('counts each severity and reports absent ones as 0', () => {
    const list = [{ severity: 'error' }, { severity: 'info' }, { severity: 'error' }] as const;
    expect(countProblems(list)).toEqual({ error: 2, warning: 0, info: 1 });
    expect(countProblems([])).toEqual({ error: 0, warning: 0, info: 0 });
  });
});

describe('describeProblems', () => {
  it('says "No problems" for none', () => {
    expect(describeProblems({ error: 0, warning: 0, info: 0 })).toBe('No problems');
  });

  it('names every severity, singular for one (info is a note)', () => {
    expect(describeProblems({ error: 1, warning: 0, info: 2 })).toBe(
      '1 error, 0 warnings, 2 notes',
    );
    expect(countText(1, 'warning')).toBe('1 warning');
    expect(countText(1, 'info')).toBe('1 note');
  });
});
