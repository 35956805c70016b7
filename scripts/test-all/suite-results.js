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
 * `failures` names the tests that failed (and, for Playwright, those that passed only on a retry),
 * so that the end of the output, which is all a CI log may keep, says which ones.
 * @typedef {{ name: string, passed: number, failed: number, skipped: number, seconds: number, note?: string, step?: boolean, failures?: string[] }} SuiteResult
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
 * The tests that failed in vitest's JSON report, as `file › full name` (a file that failed to load
 * as `file`), with the project's folder left off.
 * @param {any} report
 * @param {string} root
 * @returns {string[]}
 */
export function vitestFailures(report, root) {
  /** @type {string[]} */
  const names = [];
  for (const file of report?.testResults ?? []) {
    const where = relative(String(file.name ?? ''), root);
    const failed = (file.assertionResults ?? []).filter(
      (/** @type {any} */ t) => t.status === 'failed',
    );
    if (file.status === 'failed' && failed.length === 0) names.push(`${where} (did not load)`);
    for (const test of failed) names.push(`${where} › ${test.fullName ?? test.title}`);
  }
  return names;
}

/**
 * The tests that failed in Playwright's JSON report, as `[project] file:line › title`, then those
 * that failed first and passed on a retry, marked `(flaky: passed on retry)`.
 * @param {any} report
 * @returns {string[]}
 */
export function playwrightFailures(report) {
  /** @type {string[]} */
  const failed = [];
  /** @type {string[]} */
  const flaky = [];
  /** @param {any} suite @param {string[]} titles */
  const visit = (suite, titles) => {
    const path =
      suite.title && !suite.file?.endsWith(suite.title) ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = `[${test.projectName}] ${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}`;
        if (test.status === 'unexpected') failed.push(name);
        if (test.status === 'flaky') flaky.push(`${name} (flaky: passed on retry)`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, path);
  };
  for (const suite of report?.suites ?? []) visit(suite, []);
  return [...failed, ...flaky];
}

/**
 * The stories that failed in a Firefox or WebKit report (tests/browsers/run.js --report).
 * @param {any} report
 * @returns {string[]}
 */
export function storyFailures(report) {
  return (report?.stories ?? [])
    .filter((/** @type {any} */ s) => s.status === 'failed')
    .map((/** @type {any} */ s) => String(s.name));
}

/**
 * @param {string} file
 * @param {string} root
 */
function relative(file, root) {
  return root && file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
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
 * time, note) with the suite's failed tests named under it, the wall time of the whole run with the machine's load average at its start and end,
 * then, last, the totals `N passed, N failed, N skipped` over all suites.
 * @param {SuiteResult[]} suites
 * @param {{ seconds: number, loadAtStart: number[], loadAtEnd: number[] }} run
 * @returns {string[]}
 */
export function formatSummary(suites, run) {
  const width = Math.max(12, ...suites.map((s) => s.name.length));
  const lines = suites
    .map((s) => {
      const status = s.failed > 0 ? 'FAIL' : 'ok  ';
      const counts =
        s.step && s.failed === 0
          ? 'done'
          : `${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped`;
      const note = s.note ? `  (${s.note})` : '';
      const line = `${status} ${s.name.padEnd(width)} ${formatSeconds(s.seconds).padStart(8)}  ${counts}${note}`;
      return [line, ...listFailures(s.failures ?? [])];
    })
    .flat();
  const load = (/** @type {number[]} */ l) => l.map((x) => x.toFixed(2)).join(' ');
  lines.push(
    `     ${'total (wall)'.padEnd(width)} ${formatSeconds(run.seconds).padStart(8)}  ` +
      `load average ${load(run.loadAtStart)} at the start, ${load(run.loadAtEnd)} at the end`,
  );
  const total = (/** @type {keyof Counts} */ key) => suites.reduce((sum, s) => sum + s[key], 0);
  lines.push(`${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped`);
  return lines;
}

/** At most this many failed tests are named per suite in the summary. */
const MAX_NAMED_FAILURES = 12;

/** @param {string[]} failures */
function listFailures(failures) {
  const shown = failures.slice(0, MAX_NAMED_FAILURES).map((name) => `       ✘ ${name}`);
  const more = failures.length - shown.length;
  return more > 0 ? [...shown, `       … and ${more} more`] : shown;
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
