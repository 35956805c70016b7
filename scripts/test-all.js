#!/usr/bin/env node
/**
 * The project's whole test run (`npm test`): formatting, lint (ESLint), type check, unit tests (under
 * a supported Node major: this Node when it is one, else Node 22 from the registry's `node` package),
 * the CLI and core tests again under the other supported major, the mutation check of the golden
 * corpus (scripts/mutation-check.js), end-to-end tests in Chromium (Playwright), then the same
 * build's main user stories in Firefox ESR and WebKitGTK (tests/browsers/run.js).
 *
 * Before the suites it makes sure node_modules matches package-lock.json (`npm ci` when it is
 * missing or older than the lockfile); before the browser suites, that Debian's browsers are there
 * (`chromium`, `firefox-esr`, `webkit2gtk-driver` and `xvfb`, installed with apt-get when missing and
 * we are root). The production build is made once (`npm run build`) and served to every browser
 * suite. The unit tests, the mutation check and the Chromium end-to-end tests show their output
 * live. The others run side by side and print theirs when they are done: formatting and the type
 * check together, then ESLint (the slowest) beside the unit tests; the other Node major beside the
 * mutation check; Firefox beside WebKit. A suite that fails does not stop the ones after it.
 *
 * No suite has a time limit: a slow run prints its timings and passes. A test that hangs is caught
 * by its framework's per-test time-out; anything else by one whole-run guard (RUN_LIMIT_MS, an hour),
 * which stops what is running, names it (for Playwright, the tests in progress) and fails the run.
 *
 * The last lines printed are the summary: each suite's counts and wall time (install and build
 * included), the whole run's wall time with the machine's load average, then the totals over all
 * suites, `N passed, N failed, N skipped`, counting individual tests for vitest, Playwright and the
 * Firefox and WebKit stories (read from their JSON reports), one test per mutation (failed when the
 * golden corpus lets it survive) and one test each for prettier, ESLint and svelte-check. A Firefox
 * or WebKit suite that cannot run here (no browser and not root) is one skipped test with a one-line
 * message. Exits 1 when anything failed, 0 otherwise.
 *
 * Plain Node (no dependencies; Node 20 and later), so it can run before node_modules exists.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCommand, stopAll } from './test-all/run-command.js';
import { RunGuard } from './test-all/run-guard.js';
import { testsInProgress } from './test-all/progress-log.js';
import { nodeMajors, npmExecOnNode } from './test-all/node-majors.js';
import {
  formatSummary,
  mutationCounts,
  NO_TESTS,
  playwrightCounts,
  playwrightFailures,
  stepResult,
  storyFailures,
  suiteResult,
  vitestCounts,
  vitestFailures,
} from './test-all/suite-results.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';
const RESULTS_DIR = path.join(ROOT, 'test-results');
const VITEST_REPORT = path.join(RESULTS_DIR, 'vitest.json');
/** Vitest's command line, run with a `node` of another major. */
const VITEST_ENTRY = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
// Written by the reporters configured in playwright.config.ts: keep the paths in step with it.
const PLAYWRIGHT_REPORT = path.join(RESULTS_DIR, 'playwright.json');
const PLAYWRIGHT_PROGRESS = path.join(RESULTS_DIR, 'playwright-progress.jsonl');
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
/**
 * Which Node runs the unit tests, and which other supported majors (package.json `engines`) run the
 * CLI and core tests again: the Node running this when it is a supported major, else (Node 20, past
 * its end of life) the oldest supported one. A major not running this comes from the registry's `node`
 * package through `npm exec`, which keeps it in npm's cache for the next run.
 */
const NODE = nodeMajors(process.versions.node.split('.')[0] ?? '');
/**
 * The CLI and core tests that run under every supported Node major: the command line, and the core
 * on the golden corpus and the conformance cases. (The core's own property tests in src/core, about
 * as long as all these together, run once, with the rest of the unit tests.)
 */
const NODE_MAJOR_TESTS = ['tests/cli', 'tests/golden', 'tests/conformance'];

/** @typedef {import('./test-all/suite-results.js').SuiteResult} SuiteResult */
/** @typedef {import('./test-all/run-command.js').CommandResult} CommandResult */
/**
 * A suite that ran with its output kept, for suites that run side by side: `print` shows its banner
 * and output, at the point the caller chooses.
 * @typedef {{ suite: SuiteResult, print: () => void }} KeptRun
 */

const guard = new RunGuard({
  onExpire(message) {
    console.error(`\n${message}`);
    stopAll();
  },
});

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

/**
 * Runs a command from the project's folder while the guard lists it as running.
 * @param {string} name what the guard calls it
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: Record<string, string>, capture?: boolean, detail?: () => string[] }} [options]
 * @returns {Promise<CommandResult & { seconds: number }>}
 */
async function run(name, command, args, { env, capture, detail } = {}) {
  const started = Date.now();
  if (guard.expired) return { code: 1, stopped: true, seconds: 0, output: '' };
  const end = guard.begin(name, detail);
  try {
    const result = await runCommand(command, args, { cwd: ROOT, env, capture });
    return { ...result, seconds: (Date.now() - started) / 1000 };
  } finally {
    end();
  }
}

/**
 * Path of a command installed in node_modules/.bin.
 * @param {string} name
 */
function localBin(name) {
  return path.join(ROOT, 'node_modules', '.bin', name);
}

/**
 * Names a suite's failed tests in its summary line.
 * @param {SuiteResult} suite
 * @param {string[]} failures
 */
function withFailures(suite, failures) {
  if (failures.length > 0) suite.failures = failures;
  return suite;
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
 * A check that passes or fails as a whole (formatting, lint, type check): one test. Its output is
 * kept, so checks can run side by side.
 * @param {string} name
 * @param {string} bin
 * @param {string[]} args
 * @returns {Promise<KeptRun>}
 */
async function runCheck(name, bin, args) {
  const result = await run(name, localBin(bin), args, { capture: true });
  const ok = result.code === 0;
  return {
    suite: suiteResult(
      name,
      result,
      { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 },
      result.seconds,
    ),
    print() {
      banner(`${name}: ${bin} ${args.join(' ')}`);
      process.stdout.write(result.output ?? '');
    },
  };
}

/**
 * The whole Vitest suite, under the supported Node major NODE.unit (with vitest itself running on it).
 * @returns {Promise<SuiteResult>}
 */
async function runVitest() {
  const args = [
    'run',
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${VITEST_REPORT}`,
  ];
  const env = { AGENTCARD_EXPECT_NODE_MAJOR: NODE.unit };
  const [command, commandArgs] = NODE.fromRegistry
    ? ['npm', npmExecOnNode(NODE.unit, ['node', VITEST_ENTRY, ...args])]
    : [localBin('vitest'), args];
  banner(`unit tests (Node ${NODE.unit}): ${path.basename(command)} ${commandArgs.join(' ')}`);
  rmSync(VITEST_REPORT, { force: true });
  const result = await run('unit tests', command, commandArgs, { env });
  const report = readReport(VITEST_REPORT);
  return withFailures(
    suiteResult('unit tests', result, vitestCounts(report), result.seconds),
    vitestFailures(report, ROOT),
  );
}

/**
 * The CLI and core tests under another supported Node major, with vitest itself running on it. The
 * CLI is already built (by the unit tests' global setup), so this run does not build it again. Output
 * kept.
 * @param {string} major
 * @returns {Promise<KeptRun>}
 */
async function runOnNode(major) {
  const name = `node ${major}`;
  const report = path.join(RESULTS_DIR, `vitest-node${major}.json`);
  rmSync(report, { force: true });
  const args = npmExecOnNode(major, [
    'node',
    VITEST_ENTRY,
    'run',
    '--project',
    'shared',
    '--reporter=dot',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...NODE_MAJOR_TESTS,
  ]);
  const result = await run(name, 'npm', args, {
    capture: true,
    env: { AGENTCARD_CLI_BUILT: '1', AGENTCARD_EXPECT_NODE_MAJOR: major },
  });
  const json = readReport(report);
  return {
    suite: withFailures(
      suiteResult(name, result, vitestCounts(json), result.seconds),
      vitestFailures(json, ROOT),
    ),
    print() {
      banner(`${name}: npm ${args.join(' ')}`);
      process.stdout.write(result.output ?? '');
    },
  };
}

/**
 * The mutation check: one test per mutation, passed when the golden corpus kills it. Output kept.
 * @returns {Promise<KeptRun>}
 */
async function runMutationCheck() {
  const args = ['scripts/mutation-check.js', '--report', MUTATION_REPORT];
  rmSync(MUTATION_REPORT, { force: true });
  const result = await run('mutations', process.execPath, args, { capture: true });
  return {
    suite: suiteResult(
      'mutations',
      result,
      mutationCounts(readReport(MUTATION_REPORT)),
      result.seconds,
    ),
    print() {
      banner(`mutation check: node ${args.join(' ')}`);
      process.stdout.write(result.output ?? '');
    },
  };
}

/**
 * Installs Debian packages with apt-get when we are root.
 * @param {string[]} packages
 * @param {SuiteResult[]} suites where the install's time is recorded
 * @returns {Promise<string | null>} why they could not be installed, or null when they were
 */
async function aptInstall(packages, suites) {
  const list = packages.join(' ');
  if (process.platform !== 'linux' || process.getuid?.() !== 0) {
    return `this is not root, so they cannot be installed here: run \`sudo apt-get install -y ${list}\``;
  }
  banner(`browsers: installing Debian's ${list} with apt-get`);
  const name = `apt-get ${packages[0]}${packages.length > 1 ? ' …' : ''}`;
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const update = await run(name, 'apt-get', ['update'], { env });
  if (update.code !== 0) {
    suites.push(stepResult(name, update, update.seconds));
    return `apt-get update failed (code ${update.code})`;
  }
  const install = await run(name, 'apt-get', ['install', '-y', ...packages], { env });
  suites.push(stepResult(name, install, update.seconds + install.seconds));
  if (install.code !== 0) return `apt-get install -y ${list} failed (code ${install.code})`;
  return null;
}

/**
 * Makes sure Debian's Chromium is installed, installing it with apt-get when we are root.
 * @param {SuiteResult[]} suites
 * @returns {Promise<string | null>} why it is not available, or null when it is
 */
async function ensureChromium(suites) {
  if (existsSync(CHROMIUM)) return null;
  const failed = await aptInstall(['chromium'], suites);
  if (failed) return `${CHROMIUM} is missing and ${failed}`;
  if (!existsSync(CHROMIUM)) return `apt-get installed chromium but ${CHROMIUM} is still missing`;
  return null;
}

/**
 * Makes sure Firefox ESR, WebKitWebDriver and xvfb-run are installed, installing the missing ones with
 * apt-get when we are root. When that is impossible, tests/browsers/run.js skips the suite whose
 * browser is missing.
 * @param {SuiteResult[]} suites
 */
async function ensureOtherBrowsers(suites) {
  const missing = OTHER_BROWSERS.filter((b) => !existsSync(b.file)).map((b) => b.pkg);
  if (missing.length === 0) return;
  const failed = await aptInstall(missing, suites);
  if (failed) console.error(`!! ${missing.join(', ')} missing and ${failed}`);
}

/**
 * Builds the app once for every browser suite.
 * @returns {Promise<SuiteResult>}
 */
async function build() {
  banner('build: npm run build (served to Chromium, Firefox and WebKit)');
  const result = await run('build', 'npm', ['run', 'build']);
  return stepResult('build', result, result.seconds);
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
  rmSync(report, { force: true });
  const result = await run(engine, process.execPath, args, { capture: true });
  const counts = readReport(report) ?? {};
  const suite = suiteResult(
    engine,
    result,
    { passed: counts.passed ?? 0, failed: counts.failed ?? 0, skipped: counts.skipped ?? 0 },
    result.seconds,
  );
  withFailures(suite, storyFailures(counts));
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

/**
 * @param {SuiteResult[]} suites where a Chromium install's time is recorded
 * @returns {Promise<SuiteResult>}
 */
async function runPlaywright(suites) {
  const missing = await ensureChromium(suites);
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
    return { name: 'e2e tests', passed: 0, failed: 1, skipped: 0, seconds: 0, note: 'no browser' };
  }
  banner('e2e tests: playwright test');
  rmSync(PLAYWRIGHT_REPORT, { force: true });
  rmSync(PLAYWRIGHT_PROGRESS, { force: true });
  // AGENTCARD_BUILT: playwright.config.ts serves the build made by build() instead of building again.
  const result = await run('e2e tests', localBin('playwright'), ['test'], {
    env: { AGENTCARD_BUILT: '1' },
    detail: () => testsInProgress(readFileSync(PLAYWRIGHT_PROGRESS, 'utf8'), Date.now()),
  });
  const report = readReport(PLAYWRIGHT_REPORT);
  return withFailures(
    suiteResult('e2e tests', result, playwrightCounts(report), result.seconds),
    playwrightFailures(report),
  );
}

/**
 * Runs every suite in turn (some side by side), recording each one's result in `suites`.
 * @param {SuiteResult[]} suites
 */
async function runSuites(suites) {
  const stale = staleDependencies();
  if (stale) {
    banner(`dependencies: ${stale}, running npm ci`);
    const install = await run('npm ci', 'npm', ['ci']);
    suites.push(stepResult('npm ci', install, install.seconds));
    if (install.code !== 0) {
      console.error('!! npm ci failed: nothing can be tested without node_modules');
      return;
    }
  }
  mkdirSync(RESULTS_DIR, { recursive: true });

  // The static checks each use one core, side by side. ESLint goes on beside the unit tests once the
  // other two are done, so that no core waits for it; its output is shown after theirs.
  const [formatting, types] = await Promise.all([
    runCheck('formatting', 'prettier', ['--check', '.']),
    runCheck('type check', 'svelte-check', ['--tsconfig', './tsconfig.json', '--fail-on-warnings']),
  ]);
  formatting.print();
  types.print();
  const lint = runCheck('lint', 'eslint', ['.', '--max-warnings', '0']);
  const unit = await runVitest();
  const linted = await lint;
  linted.print();
  suites.push(formatting.suite, linted.suite, types.suite, unit);

  // The mutation check runs one vitest over all its copies; the other Node majors one after the
  // other beside it (each run starts its own vitest, and they would otherwise wait on one another).
  const mutations = runMutationCheck();
  for (const major of NODE.others) {
    const onNode = await runOnNode(major);
    onNode.print();
    suites.push(onNode.suite);
  }
  const mutated = await mutations;
  mutated.print();
  suites.push(mutated.suite);

  const built = await build();
  suites.push(built);
  if (built.failed > 0) return;
  suites.push(await runPlaywright(suites));
  await ensureOtherBrowsers(suites);
  // Each drives one browser through its stories one at a time: side by side, they share the cores.
  const others = await Promise.all([runOtherBrowser('firefox'), runOtherBrowser('webkit')]);
  for (const other of others) {
    other.print();
    suites.push(other.suite);
  }
}

async function main() {
  const started = Date.now();
  const loadAtStart = loadavg();
  guard.start();
  /** @type {SuiteResult[]} */
  const suites = [];
  await runSuites(suites);
  guard.stop();
  if (suites.length === 0) suites.push({ name: 'tests', ...NO_TESTS, seconds: 0 });
  const seconds = (Date.now() - started) / 1000;
  banner('summary');
  for (const line of formatSummary(suites, { seconds, loadAtStart, loadAtEnd: loadavg() })) {
    console.log(line);
  }
  process.exitCode = suites.some((s) => s.failed > 0) ? 1 : 0;
}

await main();
