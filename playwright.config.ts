/**
 * End-to-end tests: Debian's Chromium (`/usr/bin/chromium`, installed by `scripts/test-all.js` when
 * missing) against the production build served by `vite preview`. Playwright's own browser
 * downloads are not used: this machine cannot fetch them.
 */
import {
  defineConfig,
  type PlaywrightTestOptions,
  type PlaywrightWorkerOptions,
} from '@playwright/test';
import { hangGuard } from './tests/setup/hang-guard.ts';

/** Debian's Chromium, as every project runs it. */
const CHROMIUM: Partial<PlaywrightTestOptions & PlaywrightWorkerOptions> = {
  browserName: 'chromium',
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    // Root needs --no-sandbox; the rest keep Chromium off a network this machine does not have.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  },
};

// PW_PORT lets two checkouts run their suites side by side.
const PORT = Number(process.env['PW_PORT'] ?? 4173);
const isCI = Boolean(process.env.CI);
// Set by scripts/test-all.js, which builds once for the Chromium, Firefox and WebKit suites.
const prebuilt = Boolean(process.env['AGENTCARD_BUILT']);
const PROGRESS_LOG = 'test-results/playwright-progress.jsonl';

export default defineConfig({
  testDir: 'tests/e2e',
  // Artifacts (traces, screenshots) go in a subfolder, which Playwright empties at each run.
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: true,
  forbidOnly: isCI,
  workers: 2,
  retries: 0,
  // Hang guards, not speed checks: a story that takes 10 s on a quiet machine can take 40 s at a load
  // of 15, which is slow, not failed (hangGuard stretches them by the load average per core). A
  // passing story never waits for them.
  timeout: hangGuard(60_000),
  expect: { timeout: hangGuard(10_000) },
  // scripts/test-all.js reads the JSON report to count tests, and the progress log to name the tests
  // in progress if its whole-run guard stops a run that hung: keep the paths in step with it.
  reporter: [
    ['list'],
    ['json', { outputFile: 'test-results/playwright.json' }],
    ['./scripts/test-all/playwright-progress-reporter.js', { file: PROGRESS_LOG }],
  ],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace of every test (to keep those that fail) took a quarter of the suite's time
    // on two cores. A failure keeps a screenshot and the page's snapshot (error-context.md); for the
    // whole trace, run the failing spec again with `npx playwright test --trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    // Each new context would otherwise install the playground's service worker and precache the
    // whole build beside the test (a quarter of the suite's time on two cores). The specs about
    // offline use and installing (offline.spec.ts, sub-path.spec.ts) allow it again.
    serviceWorkers: 'block',
  },
  projects: [
    // The Docusaurus and Starlight sites are built from the packed package by a setup of their own, which
    // runs beside the other stories; their stories wait for it (see tests/support/docs-sites.ts). It comes
    // first: Playwright queues the projects of one phase in this order, and listed after 'chromium' the
    // setup (minutes of installs and builds on a fresh clone) started only once every other story had run,
    // with the second worker idle beside it.
    { name: 'docs sites setup', use: CHROMIUM, testMatch: /docs-sites\.setup\.ts$/ },
    { name: 'chromium', use: CHROMIUM, testIgnore: /docs-sites\.spec\.ts$/ },
    {
      name: 'docs sites',
      use: CHROMIUM,
      testMatch: /docs-sites\.spec\.ts$/,
      dependencies: ['docs sites setup'],
    },
  ],
  webServer: {
    command: `${prebuilt ? '' : 'npm run build && '}npx vite preview --port ${PORT} --strictPort`,
    url: `http://localhost:${PORT}`,
    reuseExistingServer: !isCI,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
