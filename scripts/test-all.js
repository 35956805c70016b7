#!/usr/bin/env node
/**
 * The project's whole test run (`npm test`): formatting, lint (ESLint), type check, unit tests, the
 * mutation check of the golden corpus (scripts/mutation-check.js), end-to-end tests in Chromium
 * (Playwright), then the same build's main user stories in Firefox ESR and WebKitGTK
 * (tests/browsers/run.js).
 *
 * Before the suites it makes sure node_modules matches package-lock.json (`npm ci` when it is
 * missing or older than the lockfile); before the browser suites, that Debian's browsers are there
 * (`chromium`, `firefox-esr`, `webkit2gtk-driver` and `xvfb`, installed with apt-get when missing and
 * we are root). The production build is made once (`npm run build`) and served to every browser
 * suite. The unit tests, the mutation check and the Chromium end-to-end tests show their output
 * live. The others run side by side and print theirs when they are done: formatting and the type
 * check together, then ESLint (the slowest) beside the unit tests; Firefox beside WebKit. A suite
 * that fails does not stop the ones after it.
 *
 * The last line printed is the totals over all suites, `N passed, N failed, N skipped`, counting
 * individual tests for vitest, Playwright and the Firefox and WebKit stories (read from their JSON
 * reports), one test per mutation (failed when the golden corpus lets it survive) and one test each
 * for prettier, ESLint and svelte-check. A Firefox or WebKit suite that cannot run here (no browser
 * and not root) is one skipped test with a one-line message. Exits 1 when anything failed, 0
 * otherwise.
 *
 * Plain Node (no dependencies), so it can run before node_modules exists.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';
const RESULTS_DIR = path.join(ROOT, 'test-results');
const VITEST_REPORT = path.join(RESULTS_DIR, 'vitest.json');
// Written by the json reporter configured in playwright.config.ts: keep the two in step.
const PLAYWRIGHT_REPORT = path.join(RESULTS_DIR, 'playwright.json');
// Written by scripts/mutation-check.js --report.
const MUTATION_REPORT = path.join(RESULTS_DIR, 'mutation.json');
/** Written by tests/browsers/run.js --report, one per engine. */
const browserReport = (/** @type {string} */ engine) =>
  path.join(RESULTS_DIR, `browsers-${engine}.json`);
/** The Debian packages of the Firefox and WebKit suites, and a file each one installs. */
const OTHER_BROWSERS = [
  { pkg: 'firefox-esr', file: '/usr/bin/firefox-esr' },
  { pkg: 'webkit2gtk-driver', file: '/usr/bin/WebKitWebDriver' },
  { pkg: 'xvfb', file: '/usr/bin/xvfb-run' },
];
const MINUTE = 60_000;

/** @typedef {{ code: number, timedOut: boolean, output?: string }} RunResult */
/** @typedef {{ name: string, passed: number, failed: number, skipped: number, seconds: number, note?: string }} SuiteResult */
/**
 * A suite that ran with its output kept, for suites that run side by side: `print` shows its banner
 * and output, at the point the caller chooses.
 * @typedef {{ suite: SuiteResult, print: () => void }} KeptRun
 */

/** The commands running now (several while the static checks run side by side). */
const running = new Set(/** @type {import('node:child_process').ChildProcess[]} */ ([]));

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    for (const child of running) killGroup(child);
    process.exit(130);
  });
}

/**
 * Runs a command in its own process group so that a time-out can end it together with everything
 * it started (a web server, a browser). Its output is shown live, or with `capture` kept (stdout and
 * stderr interleaved as written) and returned, for commands that run side by side.
 * Never rejects: a command that cannot start resolves with code 127.
 * @param {string} command
 * @param {string[]} args
 * @param {{ timeoutMs: number, env?: Record<string, string>, capture?: boolean }} options
 * @returns {Promise<RunResult>}
 */
function run(command, args, { timeoutMs, env = {}, capture = false }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit'],
      detached: true,
    });
    running.add(child);
    let output = '';
    const keep = (/** @type {Buffer} */ chunk) => (output += chunk.toString());
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`\n!! ${command} took longer than ${timeoutMs / MINUTE} min: stopping it`);
      killGroup(child);
    }, timeoutMs);
    const finish = (/** @type {number} */ code) => {
      clearTimeout(timer);
      running.delete(child);
      resolve(capture ? { code, timedOut, output } : { code, timedOut });
    };
    child.on('error', (error) => {
      console.error(`!! cannot run ${command}: ${error.message}`);
      finish(127);
    });
    child.on('exit', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

/**
 * Ends a child's whole process group: SIGTERM, then SIGKILL if it lingers.
 * @param {import('node:child_process').ChildProcess} child
 */
function killGroup(child) {
  if (child.pid === undefined) return;
  const pid = child.pid;
  const signalGroup = (/** @type {NodeJS.Signals} */ signal) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // The group is already gone.
    }
  };
  signalGroup('SIGTERM');
  setTimeout(() => signalGroup('SIGKILL'), 5_000).unref();
}

/**
 * Path of a command installed in node_modules/.bin.
 * @param {string} name
 */
function localBin(name) {
  return path.join(ROOT, 'node_modules', '.bin', name);
}

/** @param {string} title */
function banner(title) {
  console.log(`\n━━━━ ${title} ━━━━`);
}

/**
 * Why node_modules must be (re)installed, or null when it matches package-lock.json.
 * npm records each install in node_modules/.package-lock.json, written after package-lock.json.
 * @returns {string | null}
 */
function staleDependencies() {
  const installed = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lockfile = path.join(ROOT, 'package-lock.json');
  if (!existsSync(path.join(ROOT, 'node_modules'))) return 'node_modules is missing';
  if (!existsSync(installed)) return 'node_modules was not installed by npm';
  if (existsSync(lockfile) && statSync(lockfile).mtimeMs > statSync(installed).mtimeMs) {
    return 'package-lock.json is newer than node_modules';
  }
  return null;
}

/**
 * Reads a JSON report, or null when it is missing or unreadable.
 * @param {string} file
 * @returns {any}
 */
function readReport(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Turns a suite's exit and counts into a result. A suite that failed without any failing test
 * counted (a crash, a config error, a time-out) counts as one failure, so it is never hidden.
 * @param {string} name
 * @param {RunResult} result
 * @param {{ passed: number, failed: number, skipped: number }} counts
 * @param {number} started
 * @returns {SuiteResult}
 */
function suiteResult(name, result, counts, started) {
  const seconds = (Date.now() - started) / 1000;
  /** @type {SuiteResult} */
  const suite = { name, ...counts, seconds };
  if (result.timedOut) suite.note = 'timed out';
  if (result.code !== 0 && counts.failed === 0) {
    suite.failed = 1;
    suite.note ??= `exited with code ${result.code} without a failing test`;
  }
  return suite;
}

/**
 * A check that passes or fails as a whole (formatting, lint, type check): one test. Its output is
 * kept, so checks can run side by side.
 * @param {string} name
 * @param {string} bin
 * @param {string[]} args
 * @param {number} timeoutMs
 * @returns {Promise<KeptRun>}
 */
async function runCheck(name, bin, args, timeoutMs) {
  const started = Date.now();
  const result = await run(localBin(bin), args, { timeoutMs, capture: true });
  const ok = result.code === 0;
  return {
    suite: suiteResult(
      name,
      result,
      { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 },
      started,
    ),
    print() {
      banner(`${name}: ${bin} ${args.join(' ')}`);
      process.stdout.write(result.output ?? '');
    },
  };
}

/** @returns {Promise<SuiteResult>} */
async function runVitest() {
  const args = [
    'run',
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${VITEST_REPORT}`,
  ];
  banner(`unit tests: vitest ${args.join(' ')}`);
  const started = Date.now();
  rmSync(VITEST_REPORT, { force: true });
  const result = await run(localBin('vitest'), args, { timeoutMs: 8 * MINUTE });
  const report = readReport(VITEST_REPORT);
  if (!report) {
    // With no test files vitest may exit 0 without writing a report: that is zero tests.
    return suiteResult('unit tests', result, { passed: 0, failed: 0, skipped: 0 }, started);
  }
  // A test file that fails to load has no failing test of its own: count it as one failure.
  const brokenFiles = (report.testResults ?? []).filter(
    (/** @type {any} */ file) =>
      file.status === 'failed' &&
      !(file.assertionResults ?? []).some((/** @type {any} */ t) => t.status === 'failed'),
  ).length;
  return suiteResult(
    'unit tests',
    result,
    {
      passed: report.numPassedTests ?? 0,
      failed: (report.numFailedTests ?? 0) + brokenFiles,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    },
    started,
  );
}

/**
 * The mutation check: one test per mutation, passed when the golden corpus kills it.
 * @returns {Promise<SuiteResult>}
 */
async function runMutationCheck() {
  const args = ['scripts/mutation-check.js', '--report', MUTATION_REPORT];
  banner(`mutation check: node ${args.join(' ')}`);
  const started = Date.now();
  rmSync(MUTATION_REPORT, { force: true });
  const result = await run(process.execPath, args, { timeoutMs: 4 * MINUTE });
  const results = readReport(MUTATION_REPORT)?.results ?? [];
  const killed = results.filter((/** @type {any} */ r) => r.status === 'killed').length;
  return suiteResult(
    'mutations',
    result,
    { passed: killed, failed: results.length - killed, skipped: 0 },
    started,
  );
}

/**
 * Installs Debian packages with apt-get when we are root.
 * @param {string[]} packages
 * @returns {Promise<string | null>} why they could not be installed, or null when they were
 */
async function aptInstall(packages) {
  const list = packages.join(' ');
  if (process.platform !== 'linux' || process.getuid?.() !== 0) {
    return `this is not root, so they cannot be installed here: run \`sudo apt-get install -y ${list}\``;
  }
  banner(`browsers: installing Debian's ${list} with apt-get`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const update = await run('apt-get', ['update'], { timeoutMs: 3 * MINUTE, env });
  if (update.code !== 0) return `apt-get update failed (code ${update.code})`;
  const install = await run('apt-get', ['install', '-y', ...packages], {
    timeoutMs: 6 * MINUTE,
    env,
  });
  if (install.code !== 0) return `apt-get install -y ${list} failed (code ${install.code})`;
  return null;
}

/**
 * Makes sure Debian's Chromium is installed, installing it with apt-get when we are root.
 * @returns {Promise<string | null>} why it is not available, or null when it is
 */
async function ensureChromium() {
  if (existsSync(CHROMIUM)) return null;
  const failed = await aptInstall(['chromium']);
  if (failed) return `${CHROMIUM} is missing and ${failed}`;
  if (!existsSync(CHROMIUM)) return `apt-get installed chromium but ${CHROMIUM} is still missing`;
  return null;
}

/**
 * Makes sure Firefox ESR, WebKitWebDriver and xvfb-run are installed, installing the missing ones with
 * apt-get when we are root. When that is impossible, tests/browsers/run.js skips the suite whose
 * browser is missing.
 */
async function ensureOtherBrowsers() {
  const missing = OTHER_BROWSERS.filter((b) => !existsSync(b.file)).map((b) => b.pkg);
  if (missing.length === 0) return;
  const failed = await aptInstall(missing);
  if (failed) console.error(`!! ${missing.join(', ')} missing and ${failed}`);
}

/**
 * Builds the app once for every browser suite.
 * @returns {Promise<SuiteResult | null>} a failed result when the build failed, else null
 */
async function build() {
  banner('build: npm run build (served to Chromium, Firefox and WebKit)');
  const started = Date.now();
  const result = await run('npm', ['run', 'build'], { timeoutMs: 4 * MINUTE });
  if (result.code === 0) return null;
  return suiteResult('build', result, { passed: 0, failed: 1, skipped: 0 }, started);
}

/**
 * One of the Firefox and WebKit suites (tests/browsers/run.js) on the build in dist/, its output
 * kept (the two run side by side: each serves the build on ports of its own).
 * @param {'firefox' | 'webkit'} engine
 * @returns {Promise<KeptRun>}
 */
async function runOtherBrowser(engine) {
  const report = browserReport(engine);
  const args = ['tests/browsers/run.js', '--engine', engine, '--no-build', '--report', report];
  const started = Date.now();
  rmSync(report, { force: true });
  const result = await run(process.execPath, args, { timeoutMs: 5 * MINUTE, capture: true });
  const counts = readReport(report) ?? {};
  const suite = suiteResult(
    engine,
    result,
    { passed: counts.passed ?? 0, failed: counts.failed ?? 0, skipped: counts.skipped ?? 0 },
    started,
  );
  if (counts.version) suite.note ??= counts.version;
  if (counts.note) suite.note ??= `skipped: ${counts.note}`;
  return {
    suite,
    print() {
      banner(`${engine} stories: node ${args.join(' ')}`);
      process.stdout.write(result.output ?? '');
    },
  };
}

/** @returns {Promise<SuiteResult>} */
async function runPlaywright() {
  const started = Date.now();
  const missing = await ensureChromium();
  if (missing) {
    console.error(
      [
        '',
        '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
        '!! End-to-end tests cannot run: no browser.',
        `!! ${missing}`,
        '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
      ].join('\n'),
    );
    const seconds = (Date.now() - started) / 1000;
    return { name: 'e2e tests', passed: 0, failed: 1, skipped: 0, seconds, note: 'no browser' };
  }
  banner('e2e tests: playwright test');
  rmSync(PLAYWRIGHT_REPORT, { force: true });
  // AGENTCARD_BUILT: playwright.config.ts serves the build made by build() instead of building again.
  const result = await run(localBin('playwright'), ['test'], {
    timeoutMs: 8 * MINUTE,
    env: { AGENTCARD_BUILT: '1' },
  });
  const stats = readReport(PLAYWRIGHT_REPORT)?.stats ?? {};
  return suiteResult(
    'e2e tests',
    result,
    {
      passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
      failed: stats.unexpected ?? 0,
      skipped: stats.skipped ?? 0,
    },
    started,
  );
}

async function main() {
  const started = Date.now();
  const stale = staleDependencies();
  if (stale) {
    banner(`dependencies: ${stale}, running npm ci`);
    const install = await run('npm', ['ci'], { timeoutMs: 5 * MINUTE });
    if (install.code !== 0) {
      console.error('!! npm ci failed: nothing can be tested without node_modules');
      console.log('\n0 passed, 1 failed');
      process.exitCode = 1;
      return;
    }
  }
  mkdirSync(RESULTS_DIR, { recursive: true });

  /** @type {SuiteResult[]} */
  const suites = [];
  // The static checks each use one core, side by side. ESLint (the same command as `npm run lint`;
  // its type-aware rules make it the slowest by far) goes on beside the unit tests once the other two
  // are done, so that no core waits for it; its output is shown after theirs.
  const lint = runCheck('lint', 'eslint', ['.', '--max-warnings', '0'], 10 * MINUTE);
  const [formatting, types] = await Promise.all([
    runCheck('formatting', 'prettier', ['--check', '.'], 3 * MINUTE),
    runCheck(
      'type check',
      'svelte-check',
      ['--tsconfig', './tsconfig.json', '--fail-on-warnings'],
      5 * MINUTE,
    ),
  ]);
  formatting.print();
  types.print();
  const unit = await runVitest();
  const linted = await lint;
  linted.print();
  suites.push(formatting.suite, linted.suite, types.suite, unit);
  suites.push(await runMutationCheck());
  const buildFailed = await build();
  if (buildFailed) suites.push(buildFailed);
  else {
    suites.push(await runPlaywright());
    await ensureOtherBrowsers();
    // Each drives one browser through its stories one at a time: side by side, they share the cores.
    const others = await Promise.all([runOtherBrowser('firefox'), runOtherBrowser('webkit')]);
    for (const other of others) {
      other.print();
      suites.push(other.suite);
    }
  }

  banner(`summary (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  for (const s of suites) {
    const status = s.failed > 0 ? 'FAIL' : 'ok  ';
    const counts = `${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped`;
    const note = s.note ? `  (${s.note})` : '';
    console.log(`${status} ${s.name.padEnd(12)} ${counts}  [${s.seconds.toFixed(1)} s]${note}`);
  }
  const total = (/** @type {'passed' | 'failed' | 'skipped'} */ key) =>
    suites.reduce((sum, s) => sum + s[key], 0);
  const failed = total('failed');
  console.log(`${total('passed')} passed, ${failed} failed, ${total('skipped')} skipped`);
  process.exitCode = failed > 0 ? 1 : 0;
}

await main();
