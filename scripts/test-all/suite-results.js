/**
 * What `npm test` (scripts/test-all.js) makes of each suite's exit code and report: counts of passed,
 * failed and skipped tests, and the summary printed at the end. Pure functions over plain data.
 */

/**
 * How a command ended: its exit code, and whether the whole-run guard stopped it.
 * @typedef {{ code: number, stopped?: boolean }} RunResult
 */
/** @typedef {{ passed: number, failed: number, skipped: number }} Counts */
/**
 * One line of the summary. A `step` (installing, building) has no tests of its own: it shows `done`
 * when it worked, and counts as one failed test when it did not.
 * @typedef {{ name: string, passed: number, failed: number, skipped: number, seconds: number, note?: string, step?: boolean }} SuiteResult
 */

/** No tests counted. */
export const NO_TESTS = Object.freeze({ passed: 0, failed: 0, skipped: 0 });

/**
 * Turns a suite's exit and counts into a result. A suite that failed without any failing test
 * counted (a crash, a config error, a stop by the whole-run guard) counts as one failure, so it is
 * never hidden. How long it took never decides whether it passed.
 * @param {string} name
 * @param {RunResult} result
 * @param {Counts} counts
 * @param {number} seconds wall time
 * @returns {SuiteResult}
 */
export function suiteResult(name, result, counts, seconds) {
  /** @type {SuiteResult} */
  const suite = { name, ...counts, seconds };
  if (result.stopped) suite.note = 'stopped by the whole-run guard';
  if (result.code !== 0 && counts.failed === 0) {
    suite.failed = 1;
    suite.note ??= `exited with code ${result.code} without a failing test`;
  }
  return suite;
}

/**
 * A step without tests of its own (install, build): `done`, or one failure when it did not work.
 * @param {string} name
 * @param {RunResult} result
 * @param {number} seconds
 * @returns {SuiteResult}
 */
export function stepResult(name, result, seconds) {
  return { ...suiteResult(name, result, NO_TESTS, seconds), step: true };
}

/**
 * Counts from vitest's JSON reporter. A test file that fails to load has no failing test of its
 * own: it counts as one failure. A missing report (vitest may exit 0 without one when there are no
 * test files) is zero tests.
 * @param {any} report
 * @returns {Counts}
 */
export function vitestCounts(report) {
  if (!report) return NO_TESTS;
  const brokenFiles = (report.testResults ?? []).filter(
    (/** @type {any} */ file) =>
      file.status === 'failed' &&
      !(file.assertionResults ?? []).some((/** @type {any} */ t) => t.status === 'failed'),
  ).length;
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/**
 * Counts from Playwright's JSON reporter: a flaky test (passed on retry) passed.
 * @param {any} report
 * @returns {Counts}
 */
export function playwrightCounts(report) {
  const stats = report?.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
  };
}

/**
 * Counts from scripts/mutation-check.js --report: one test per mutation, passed when killed.
 * @param {any} report
 * @returns {Counts}
 */
export function mutationCounts(report) {
  const results = report?.results ?? [];
  const killed = results.filter((/** @type {any} */ r) => r.status === 'killed').length;
  return { passed: killed, failed: results.length - killed, skipped: 0 };
}

/**
 * The summary printed at the end: one line per suite in the order run (status, name, counts, wall
 * time, note), the wall time of the whole run with the machine's load average at its start and end,
 * then, last, the totals `N passed, N failed, N skipped` over all suites.
 * @param {SuiteResult[]} suites
 * @param {{ seconds: number, loadAtStart: number[], loadAtEnd: number[] }} run
 * @returns {string[]}
 */
export function formatSummary(suites, run) {
  const width = Math.max(12, ...suites.map((s) => s.name.length));
  const lines = suites.map((s) => {
    const status = s.failed > 0 ? 'FAIL' : 'ok  ';
    const counts =
      s.step && s.failed === 0
        ? 'done'
        : `${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped`;
    const note = s.note ? `  (${s.note})` : '';
    return `${status} ${s.name.padEnd(width)} ${formatSeconds(s.seconds).padStart(8)}  ${counts}${note}`;
  });
  const load = (/** @type {number[]} */ l) => l.map((x) => x.toFixed(2)).join(' ');
  lines.push(
    `     ${'total (wall)'.padEnd(width)} ${formatSeconds(run.seconds).padStart(8)}  ` +
      `load average ${load(run.loadAtStart)} at the start, ${load(run.loadAtEnd)} at the end`,
  );
  const total = (/** @type {keyof Counts} */ key) => suites.reduce((sum, s) => sum + s[key], 0);
  lines.push(`${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped`);
  return lines;
}

/**
 * Seconds as `12.3 s`, or `4 m 05 s` from a minute on.
 * @param {number} seconds
 */
export function formatSeconds(seconds) {
  if (seconds < 59.95) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} m ${String(whole % 60).padStart(2, '0')} s`;
}
