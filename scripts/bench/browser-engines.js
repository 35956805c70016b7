#!/usr/bin/env node
/**
 * Keystroke figures in three engines measured one way (the last part of `npm run bench`): Chromium and
 * Firefox ESR through puppeteer-core, WebKitGTK through selenium-webdriver and WebKitWebDriver (the drivers
 * of tests/browsers/driver.js). Run by scripts/bench-browser.js under `xvfb-run` when there is no display:
 *
 *   node scripts/bench/browser-engines.js --app URL --floor URL --out FILE
 *
 * Per engine: the ~5 KB card and the 1 MB bundle of make-bundles.js pasted into the playground's editor, and
 * the floor page (scripts/bench/floor/) with the same card. The cursor goes to the end of the first
 * `use_history` field name; keys alternate "x" (an unknown field) and Backspace (gone again), each after the
 * `phasePauses` of browser-typing.js. Only what the page shows is read, so every engine is measured the same
 * way: from the key's `keydown` (capture listener) to the first animation frame in which the Problems tab's
 * `unknown-field` rows (the floor page: its lint squiggles) have changed as the key should change them. An
 * engine that cannot run is reported with why, never as a failure. Writes `{ engines: [...] }` to FILE.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { launchChromium, launchFirefox, launchWebKit } from '../../tests/browsers/driver.js';
import { byTestId, TEST_IDS, waitFor } from '../../tests/browsers/harness.js';
import {
  EDITOR,
  pasteIntoEditor,
  placeCursor,
  showTab,
  waitUntilChecked,
} from '../../tests/browsers/playground.js';
import { phasePauses } from './browser-typing.js';
import { makeCard } from './browser-typing.js';
import { makeCards, renderMarkdown } from './make-bundles.js';

/** @typedef {import('../../tests/browsers/driver.js').Scope} Scope */
/** @typedef {{ name: string, version?: string, card?: number[], bundle?: number[], floor?: number[], error?: string }} EngineFigures */

const KEYS = { warmup: 6, runs: 40 };
const ROW = `${byTestId(TEST_IDS.diagnosticRow)}[data-code="unknown-field"]`;
const FLOOR_MARK = '.cm-lintRange-error';

/**
 * Page script: installs `window.__engineProbe`. `arm(selector, wanted, timeoutMs)` resolves with the time
 * from the next `keydown` to the first animation frame in which `selector` matches `wanted` elements.
 */
function installProbe() {
  /** @type {{ t0?: number } | null} */
  let pending = null;
  window.addEventListener(
    'keydown',
    () => {
      if (pending && pending.t0 === undefined) pending.t0 = performance.now();
    },
    { capture: true },
  );
  /** @type {any} */ (window).__engineProbe = {
    /** @param {string} selector @param {number} wanted @param {number} timeoutMs */
    arm(selector, wanted, timeoutMs) {
      /** @type {{ t0?: number }} */
      const mine = {};
      pending = mine;
      const deadline = performance.now() + timeoutMs;
      /** @type {any} */ (window).__engineResult = new Promise((resolve, reject) => {
        const tick = (/** @type {number} */ now) => {
          if (mine.t0 !== undefined && document.querySelectorAll(selector).length === wanted) {
            pending = null;
            return resolve(now - mine.t0);
          }
          if (now > deadline) return reject(new Error(`${selector} never matched ${wanted}`));
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      return true;
    },
  };
  return true;
}

/**
 * Presses "x" and Backspace in turn, `KEYS.warmup + KEYS.runs` times, and returns the timed latencies.
 * @param {Scope} scope
 * @param {string} selector what shows the unknown field
 */
async function measure(scope, selector) {
  await scope.eval(installProbe);
  const base = await scope.eval((s) => document.querySelectorAll(s).length, selector);
  const pauses = phasePauses(KEYS.warmup + KEYS.runs);
  /** @type {number[]} */
  const latencies = [];
  for (let i = 0; i < KEYS.warmup + KEYS.runs; i++) {
    const typing = i % 2 === 0;
    await scope.eval(
      (s, n) => /** @type {any} */ (window).__engineProbe.arm(s, n, 10_000),
      selector,
      typing ? base + 1 : base,
    );
    await new Promise((resolve) => setTimeout(resolve, pauses[i]));
    if (typing) await scope.type('x');
    else await scope.backspace();
    const ms = await scope.eval(() => /** @type {any} */ (window).__engineResult);
    if (i >= KEYS.warmup) latencies.push(ms);
  }
  if ((KEYS.warmup + KEYS.runs) % 2 === 1) await scope.backspace();
  return latencies;
}

/**
 * The playground with `text` pasted into its editor, the cursor after the first `use_history`.
 * @param {import('../../tests/browsers/driver.js').Engine} engine
 * @param {string} url
 * @param {string} text
 */
async function measureApp(engine, url, text) {
  const profile = await engine.freshProfile();
  try {
    const tab = await profile.newTab();
    await tab.goto(url);
    await waitUntilChecked(tab);
    await pasteIntoEditor(tab, text, { long: true });
    await showTab(tab, 'Problems');
    await tab.click(`${EDITOR} .cm-line`);
    await tab.chord('Home');
    await waitFor(
      tab,
      'the first line in view',
      (editor) =>
        [...document.querySelectorAll(`${editor} .cm-line`)].some((l) =>
          l.textContent?.startsWith('use_history:'),
        ),
      [EDITOR],
      60_000,
    );
    await waitUntilChecked(tab);
    await placeCursor(tab, 'use_history:', 'use_history'.length);
    return await measure(tab, ROW);
  } finally {
    await profile.close();
  }
}

/**
 * The floor page showing `card`, the cursor after its first `use_history`.
 * @param {import('../../tests/browsers/driver.js').Engine} engine
 * @param {string} url
 * @param {string} card
 */
async function measureFloorPage(engine, url, card) {
  const profile = await engine.freshProfile();
  try {
    const tab = await profile.newTab();
    await tab.goto(`${url}/#${encodeURIComponent(card)}`);
    await waitFor(tab, 'the floor editor', () => document.querySelector('.cm-content') !== null);
    await placeCursor(tab, 'use_history:', 'use_history'.length, '.cm-content');
    return await measure(tab, FLOOR_MARK);
  } finally {
    await profile.close();
  }
}

/**
 * @param {string} name
 * @param {() => Promise<import('../../tests/browsers/driver.js').Engine>} launch
 * @param {{ app: string, floor: string, card: string, bundle: string }} inputs
 * @returns {Promise<EngineFigures>}
 */
async function measureEngine(name, launch, { app, floor, card, bundle }) {
  /** @type {EngineFigures} */
  const figures = { name };
  let engine;
  try {
    engine = await launch();
    figures.version = engine.version;
    figures.card = await measureApp(engine, app, card);
    figures.floor = await measureFloorPage(engine, floor, card);
    figures.bundle = await measureApp(engine, app, bundle);
  } catch (error) {
    const message = error instanceof Error ? error.message.trim() : String(error);
    figures.error = message.split('\n')[0] || String(error);
  } finally {
    await engine?.quit().catch(() => {});
  }
  return figures;
}

const { values } = parseArgs({
  options: { app: { type: 'string' }, floor: { type: 'string' }, out: { type: 'string' } },
});
if (!values.app || !values.floor || !values.out) {
  console.error('usage: node scripts/bench/browser-engines.js --app URL --floor URL --out FILE');
  process.exit(2);
}
const cards = makeCards();
const inputs = {
  app: `${values.app}/`,
  floor: values.floor,
  card: makeCard(cards),
  bundle: renderMarkdown(cards).text,
};
const engines = [];
for (const [name, launch] of /** @type {const} */ ([
  ['Chromium', launchChromium],
  ['Firefox ESR', launchFirefox],
  ['WebKitGTK', launchWebKit],
])) {
  engines.push(await measureEngine(name, launch, inputs));
}
writeFileSync(values.out, JSON.stringify({ engines }));
