#!/usr/bin/env node
/**
 * The Firefox and WebKit suites: the main user stories (`stories.js`) in Debian's Firefox ESR (over
 * WebDriver BiDi, with puppeteer-core) or WebKitGTK (WebKitWebDriver and its MiniBrowser, with
 * selenium-webdriver, under `xvfb-run` when there is no display), against the production build served by
 * `vite preview`, as the Playwright suite does for Chromium.
 *
 *   node tests/browsers/run.js --engine firefox|webkit [--no-build] [--report FILE]
 *
 * `--no-build` serves dist/ as it is (scripts/test-all.js builds once for every browser suite). The app is
 * served on localhost at a free port, the docs pages of the embed stories on 127.0.0.1 (another site), the
 * offline story's copy of the app on another free port of its own. `--report` writes `{ engine, version, passed, failed, skipped,
 * stories }` as JSON. A browser that is not installed is one skipped test, with a one-line message. Exits 1
 * when a story failed. `STORY=text` in the environment runs only the stories whose name contains `text`
 * (the others count as skipped), for working on one story.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startPreview } from '../../scripts/bench/browser-server.js';
import { startDocsSite } from './docs-site.js';
import { FIREFOX, launchFirefox, launchWebKit, MINIBROWSER, WEBKIT_DRIVER } from './driver.js';
import { ROOT, Runner } from './harness.js';
import { runStories } from './stories.js';

const { values } = parseArgs({
  options: {
    engine: { type: 'string' },
    build: { type: 'boolean', default: true },
    'no-build': { type: 'boolean', default: false },
    report: { type: 'string' },
  },
});
const engineName = values.engine;
if (engineName !== 'firefox' && engineName !== 'webkit') {
  console.error(
    'usage: node tests/browsers/run.js --engine firefox|webkit [--no-build] [--report FILE]',
  );
  process.exit(2);
}

/** @param {{ version?: string, passed: number, failed: number, skipped: number, stories: unknown[], note?: string }} report */
function writeReport(report) {
  if (!values.report) return;
  mkdirSync(path.dirname(values.report), { recursive: true });
  writeFileSync(values.report, JSON.stringify({ engine: engineName, ...report }, null, 2));
}

/** Why the engine cannot run here, or null. */
function missingBrowser() {
  if (engineName === 'firefox') {
    return existsSync(FIREFOX) ? null : `${FIREFOX} is missing (Debian package firefox-esr)`;
  }
  if (!existsSync(WEBKIT_DRIVER) || !existsSync(MINIBROWSER)) {
    return `${WEBKIT_DRIVER} or ${MINIBROWSER} is missing (Debian package webkit2gtk-driver)`;
  }
  if (!process.env['DISPLAY'] && !existsSync('/usr/bin/xvfb-run')) {
    return 'there is no display and no xvfb-run (Debian package xvfb)';
  }
  return null;
}

const missing = missingBrowser();
if (missing) {
  console.log(`${engineName} suite skipped: ${missing}`);
  writeReport({ passed: 0, failed: 0, skipped: 1, stories: [], note: missing });
  process.exit(0);
}

// WebKitGTK draws on an X display even when nobody looks: give it a virtual one.
if (engineName === 'webkit' && !process.env['DISPLAY']) {
  const child = spawn('xvfb-run', ['-a', process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  await main();
}

async function main() {
  const started = Date.now();
  if (values.build && !values['no-build']) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('!! npm run build failed');
      writeReport({ passed: 0, failed: 1, skipped: 0, stories: [], note: 'build failed' });
      process.exit(1);
    }
  }
  const dist = path.join(ROOT, 'dist');
  const app = await startPreview(dist, { host: 'localhost' });
  const docs = await startDocsSite();
  const engine = engineName === 'firefox' ? await launchFirefox() : await launchWebKit();
  console.log(
    `\n${engine.name} ${engine.version}: the playground at ${app.url}, docs pages at ${docs.origin}`,
  );
  const runner = new Runner(engine.name);
  try {
    await runStories(engine, runner, {
      playground: app.url,
      docs,
      startOffline: async () => {
        const server = await startPreview(dist, { host: 'localhost' });
        return { origin: server.url, stop: async () => server.stop() };
      },
    });
  } finally {
    await engine.quit().catch((error) => console.error(`!! could not close the browser: ${error}`));
    app.stop();
    await docs.close();
  }
  const counts = {
    passed: runner.count('passed'),
    failed: runner.count('failed'),
    skipped: runner.count('skipped'),
  };
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `${engine.name} ${engine.version}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${seconds} s)`,
  );
  writeReport({ version: `${engine.name} ${engine.version}`, ...counts, stories: runner.results });
  process.exit(counts.failed > 0 ? 1 : 0);
}
