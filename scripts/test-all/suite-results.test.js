import { describe, expect, it } from 'vitest';
import {
  formatSeconds,
  formatSummary,
  mutationCounts,
  playwrightCounts,
  playwrightFailures,
  stepResult,
  storyFailures,
  suiteResult,
  vitestCounts,
  vitestFailures,
} from './suite-results.js';

const LOAD = { loadAtStart: [1, 2, 3], loadAtEnd: [4, 5, 6] };

describe('suiteResult', () => {
  it('passes a suite that ran past the old eight-minute cap with every test passed', () => {
    const suite = suiteResult(
      'e2e tests',
      { code: 0 },
      { passed: 300, failed: 0, skipped: 1 },
      540,
    );
    expect(suite).toEqual({ name: 'e2e tests', passed: 300, failed: 0, skipped: 1, seconds: 540 });
    const lines = formatSummary([suite], { seconds: 1_200, ...LOAD });
    expect(lines[0]).toMatch(/^ok {3}e2e tests +9 m 00 s {2}300 passed, 0 failed, 1 skipped$/);
    expect(lines.at(-1)).toBe('300 passed, 0 failed, 1 skipped');
  });

  it('counts a suite that failed without a failing test as one failure, with the reason', () => {
    expect(suiteResult('lint', { code: 2 }, { passed: 0, failed: 0, skipped: 0 }, 1)).toMatchObject(
      { failed: 1, note: 'exited with code 2 without a failing test' },
    );
  });

  it('says when the whole-run guard stopped the suite', () => {
    const suite = suiteResult('e2e tests', { code: 128, stopped: true }, vitestCounts(null), 3);
    expect(suite).toMatchObject({ failed: 1, note: 'stopped by the whole-run guard' });
  });

  it('keeps the failed tests counted when the suite exited non-zero', () => {
    const counts = { passed: 5, failed: 2, skipped: 0 };
    expect(suiteResult('unit tests', { code: 1 }, counts, 1)).toMatchObject(counts);
  });
});

describe('counts from reports', () => {
  it('reads vitest, counting a file that failed to load as one failure', () => {
    const report = {
      numPassedTests: 10,
      numFailedTests: 1,
      numPendingTests: 2,
      numTodoTests: 1,
      testResults: [
        { status: 'failed', assertionResults: [] },
        { status: 'failed', assertionResults: [{ status: 'failed' }] },
        { status: 'passed', assertionResults: [{ status: 'passed' }] },
      ],
    };
    expect(vitestCounts(report)).toEqual({ passed: 10, failed: 2, skipped: 3 });
    expect(vitestCounts(null)).toEqual({ passed: 0, failed: 0, skipped: 0 });
  });

  it('reads Playwright, a flaky test counting as passed', () => {
    const report = { stats: { expected: 7, flaky: 1, unexpected: 2, skipped: 3 } };
    expect(playwrightCounts(report)).toEqual({ passed: 8, failed: 2, skipped: 3 });
    expect(playwrightCounts(null)).toEqual({ passed: 0, failed: 0, skipped: 0 });
  });

  it('reads the mutation check: a mutation passes when killed', () => {
    const report = { results: [{ status: 'killed' }, { status: 'survived' }, { status: 'error' }] };
    expect(mutationCounts(report)).toEqual({ passed: 1, failed: 2, skipped: 0 });
  });
});

describe('formatSummary', () => {
  it('lists every suite and step with its time, the wall time with the load, then the totals', () => {
    const suites = [
      stepResult('npm ci', { code: 0 }, 95),
      suiteResult('unit tests', { code: 0 }, { passed: 10, failed: 0, skipped: 1 }, 61.25),
      stepResult('build', { code: 1 }, 12),
      suiteResult('lint', { code: 1 }, { passed: 0, failed: 1, skipped: 0 }, 3),
    ];
    expect(formatSummary(suites, { seconds: 200, ...LOAD })).toEqual([
      'ok   npm ci       1 m 35 s  done',
      'ok   unit tests   1 m 01 s  10 passed, 0 failed, 1 skipped',
      'FAIL build          12.0 s  0 passed, 1 failed, 0 skipped  (exited with code 1 without a failing test)',
      'FAIL lint            3.0 s  0 passed, 1 failed, 0 skipped',
      '     total (wall) 3 m 20 s  load average 1.00 2.00 3.00 at the start, 4.00 5.00 6.00 at the end',
      '10 passed, 2 failed, 1 skipped',
    ]);
  });

  it('writes seconds under a minute with a tenth', () => {
    expect(formatSeconds(59.94)).toBe('59.9 s');
    expect(formatSeconds(59.96)).toBe('1 m 00 s');
  });
});

describe('failed tests named', () => {
  it('names vitest failures by file and full name, and a file that did not load', () => {
    const report = {
      testResults: [
        { name: '/repo/tests/a.test.ts', status: 'failed', assertionResults: [] },
        {
          name: '/repo/tests/b.test.ts',
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'b works' },
            { status: 'failed', fullName: 'b › breaks' },
          ],
        },
      ],
    };
    expect(vitestFailures(report, '/repo')).toEqual([
      'tests/a.test.ts (did not load)',
      'tests/b.test.ts › b › breaks',
    ]);
    expect(vitestFailures(null, '/repo')).toEqual([]);
  });

  it('names Playwright failures with project, place and describe titles, then the flaky ones', () => {
    const spec = (title, line, status, projectName = 'chromium') => ({
      title,
      file: 'docs.spec.ts',
      line,
      tests: [{ projectName, status }],
    });
    const report = {
      suites: [
        {
          title: 'docs.spec.ts',
          file: 'docs.spec.ts',
          specs: [spec('top', 3, 'expected')],
          suites: [
            {
              title: 'VitePress',
              file: 'docs.spec.ts',
              specs: [spec('navigation', 40, 'flaky'), spec('dark toggle', 60, 'unexpected')],
            },
          ],
        },
      ],
    };
    expect(playwrightFailures(report)).toEqual([
      '[chromium] docs.spec.ts:60 › VitePress › dark toggle',
      '[chromium] docs.spec.ts:40 › VitePress › navigation (flaky: passed on retry)',
    ]);
  });

  it('names failed Firefox and WebKit stories', () => {
    const report = {
      stories: [
        { name: 'a', status: 'passed' },
        { name: 'b', status: 'failed' },
      ],
    };
    expect(storyFailures(report)).toEqual(['b']);
  });

  it('lists the failures under their suite in the summary, twelve at most', () => {
    const suite = suiteResult('e2e tests', { code: 1 }, { passed: 1, failed: 14, skipped: 0 }, 5);
    suite.failures = Array.from({ length: 14 }, (_, i) => `test ${i + 1}`);
    const lines = formatSummary([suite], { seconds: 5, ...LOAD });
    expect(lines.slice(1, 3)).toEqual(['       ✘ test 1', '       ✘ test 2']);
    expect(lines[12]).toBe('       ✘ test 12');
    expect(lines[13]).toBe('       … and 2 more');
    expect(lines.at(-1)).toBe('1 passed, 14 failed, 0 skipped');
  });
});
