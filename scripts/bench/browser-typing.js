/**
 * Typing in the playground's editor with Playwright's real keyboard input (CDP key events into
 * `.cm-content`), for the browser benchmark: keystroke-to-diagnostics latency, and long tasks while
 * typing at a steady pace.
 */
import { installKeystrokeProbe, instrumentWorker, waitForSettled } from './browser-probes.js';
import { renderMarkdown } from './make-bundles.js';

/** @typedef {import('@playwright/test').Browser} Browser */
/** @typedef {import('@playwright/test').BrowserContext} BrowserContext */
/** @typedef {import('@playwright/test').Page} Page */

const PROBE_TIMEOUT_MS = 10_000;
const SETTLE_TIMEOUT_MS = 30_000;

/** One frame at 60 Hz, ms. */
const FRAME_MS = 1000 / 60;

/**
 * The pause before each timed key, ms: a fixed pseudo-random sequence (mulberry32, seed 1) spread
 * evenly over one frame. Keys pressed as soon as the previous one was shown would all land at the
 * same point of the 60 Hz frame clock, a point that depends on the page; a typist's keys land
 * anywhere, and so do these.
 * @param {number} count
 * @returns {number[]}
 */
export function phasePauses(count) {
  let state = 1;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: count }, () => next() * FRAME_MS);
}

/** Characters of the single card `makeCard` writes, at least. */
export const CARD_CHARS = 5000;

/**
 * One measured keystroke; times are page `performance.now()` ms.
 * @typedef {object} Keystroke
 * @property {number} latency keydown → first frame showing its analysis.
 * @property {number} echo The first frame after the keydown (the keystroke's own frame).
 * @property {number} keydown
 * @property {number} [posted] The analysis request left for the worker.
 * @property {number} [answered] The worker's result reached the main thread.
 * @property {number} [handled] The app had applied the result (handler and its microtasks done).
 * @property {number} frame
 * @property {number} took The worker's own figure for the check, ms.
 * @property {number} revs How many analysis revisions the wait covered (1 unless edits coalesced).
 * @property {string[]} codes Diagnostic codes of the active file in that analysis.
 */

/**
 * A page of the app in a fresh context (empty storage), with the worker timed, loaded until the
 * editor shows, the first analysis is in and the offline copy is installed. The service worker's first
 * install (once per version, started when the user pauses: src/app/offline/when-quiet.ts) takes about a
 * second of CPU; the keystroke figures are of typing after it, as on every visit but the first few
 * seconds of the first.
 * @param {Browser} browser
 * @param {string} url
 * @returns {Promise<{ context: BrowserContext, page: Page }>}
 */
export async function openApp(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(instrumentWorker);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('.cm-content').waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => /** @type {any} */ (window).agentcard?.model, null, {
    timeout: 30_000,
  });
  await page.evaluate(waitForSettled, SETTLE_TIMEOUT_MS);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    while (!navigator.serviceWorker.controller) await new Promise((r) => setTimeout(r, 50));
  });
  return { context, page };
}

/**
 * Adds a file to the workspace, shows it in the editor and waits for its analysis.
 * @param {Page} page
 * @param {string} path
 * @param {string} text
 * @returns {Promise<string>} The path the file got.
 */
export async function addFile(page, path, text) {
  const added = await page.evaluate(
    ({ path, text }) => /** @type {any} */ (window).agentcard.model.addFiles({ [path]: text })[0],
    { path, text },
  );
  await page
    .locator(`.cm-content[aria-label=${JSON.stringify(`Editor: ${added}`)}]`)
    .waitFor({ timeout: 30_000 });
  await page.evaluate(waitForSettled, SETTLE_TIMEOUT_MS);
  return added;
}

/**
 * Puts the cursor at `offset` of `path` (through the model's `revealRange`, which also focuses the
 * editor) and checks that the editor has focus.
 * @param {Page} page
 * @param {string} path
 * @param {number} offset
 */
export async function placeCursor(page, path, offset) {
  await page.evaluate(
    ({ path, offset }) =>
      /** @type {any} */ (window).agentcard.model.revealRange(path, offset, offset),
    { path, offset },
  );
  await page.waitForFunction(() => document.activeElement?.classList.contains('cm-content'), null, {
    timeout: 5_000,
  });
  await nextFrames(page, 2);
}

/**
 * Keystroke-to-diagnostics latency: alternately types `x` at the cursor (which must sit at the end of
 * a known field name, so that `unknown-field` appears) and Backspace (so it goes again), one key at a
 * time, waiting for each key's analysis to be on screen before the next.
 * @param {Page} page
 * @param {{ warmup: number, runs: number }} counts Keystrokes untimed, then timed.
 * @param {number} [skip] Pauses of `phasePauses` used already (by earlier blocks of keys on this
 *   text): this block's pauses follow them.
 * @returns {Promise<{ strokes: Keystroke[], unexpected: number }>} `unexpected` counts keystrokes whose
 *   analysis did not show (or still showed) `unknown-field` as expected.
 */
export async function measureKeystrokes(page, { warmup, runs }, skip = 0) {
  await page.evaluate(installKeystrokeProbe, PROBE_TIMEOUT_MS);
  /** @type {Keystroke[]} */
  const strokes = [];
  let unexpected = 0;
  const pauses = phasePauses(skip + warmup + runs).slice(skip);
  for (let i = 0; i < warmup + runs; i++) {
    const typing = i % 2 === 0;
    await page.evaluate(() => /** @type {any} */ (window).__benchProbe.arm());
    await page.waitForTimeout(pauses[i]);
    await page.keyboard.press(typing ? 'x' : 'Backspace');
    const stroke = /** @type {Keystroke} */ (
      await page.evaluate(() => /** @type {any} */ (window).__benchProbe.result())
    );
    if (stroke.codes.includes('unknown-field') !== typing) unexpected++;
    if (i >= warmup) strokes.push(stroke);
  }
  // Leave the text as it was.
  if ((warmup + runs) % 2 === 1) await page.keyboard.press('Backspace');
  await page.evaluate(waitForSettled, SETTLE_TIMEOUT_MS);
  return { strokes, unexpected };
}

/**
 * Long tasks while typing: a `PerformanceObserver` for `longtask` (buffered) is installed, then `text`
 * is typed one key every `intervalMs` (key presses start on that schedule, or later: Playwright's
 * `press` returns once the page has handled the key, so a busy page slows the typing), then the page is given `tailMs` after the last analysis for deferred work (autosave, undo
 * history). Only long tasks that start after the first key are counted.
 * @param {Page} page
 * @param {string} path The active file, to check that the text arrived.
 * @param {string} text Characters Playwright's keyboard knows (letters, digits, space, punctuation).
 * @param {{ intervalMs: number, tailMs: number }} pace
 */
export async function typeAndWatchLongTasks(page, path, text, { intervalMs, tailMs }) {
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__benchLongTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        w.__benchLongTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const before = await page.evaluate(
    (path) => /** @type {any} */ (window).agentcard.model.workspace.files[path].length,
    path,
  );
  const start = await page.evaluate(() => performance.now());
  const wallStart = Date.now();
  /** @type {number[]} */
  const pressMs = [];
  for (let i = 0; i < text.length; i++) {
    const wait = wallStart + i * intervalMs - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const pressed = Date.now();
    await page.keyboard.press(text[i] === ' ' ? 'Space' : text[i]);
    pressMs.push(Date.now() - pressed);
  }
  const typedMs = Date.now() - wallStart;
  await page.evaluate(waitForSettled, SETTLE_TIMEOUT_MS);
  await page.waitForTimeout(tailMs);
  const end = await page.evaluate(() => performance.now());
  const after = await page.evaluate(
    (path) => /** @type {any} */ (window).agentcard.model.workspace.files[path].length,
    path,
  );
  /** @type {{ start: number, duration: number }[]} */
  const all = await page.evaluate(() => /** @type {any} */ (window).__benchLongTasks);
  const tasks = all.filter((task) => task.start >= start);
  return {
    tasks,
    earlier: all.length - tasks.length,
    window: { start, end },
    typedMs,
    pressMs,
    arrived: after - before,
  };
}

/**
 * Waits for `count` animation frames in the page.
 * @param {Page} page
 * @param {number} count
 */
export function nextFrames(page, count) {
  return page.evaluate(
    (count) =>
      new Promise((resolve) => {
        const step = (/** @type {number} */ left) =>
          left === 0 ? resolve(undefined) : requestAnimationFrame(() => step(left - 1));
        step(count);
      }),
    count,
  );
}

/**
 * One agent card of at least CARD_CHARS characters (a little more): the first generated agent's
 * frontmatter with the prose of as many generated cards as it takes.
 * @param {import('./make-bundles.js').BenchCard[]} cards
 */
export function makeCard(cards) {
  const first = cards.find((c) => c.type === 'agent');
  if (!first) throw new Error('no agent card generated');
  let text = '';
  for (let n = 1; n <= cards.length && text.length < CARD_CHARS; n++) {
    const body = cards
      .slice(0, n)
      .map((c) => c.body)
      .join('\n\n');
    text = renderMarkdown([{ ...first, body }]).text;
  }
  return text;
}

/**
 * The offset just after the field name `use_history` of the card starting at `from`: typing there
 * turns it into an unknown field.
 * @param {string} text
 * @param {number} from
 */
export function fieldNameEnd(text, from) {
  const at = text.indexOf('\nuse_history:', from);
  if (at < 0) throw new Error(`no use_history field after offset ${from}`);
  return at + '\nuse_history'.length;
}

/**
 * `count` characters of plain prose, as typed into a card body.
 * @param {number} count
 */
export function typingText(count) {
  const words =
    'then check every cited source against the previous week and say plainly when a step';
  let text = ' ';
  while (text.length < count) text += `${words} failed. `;
  return text.slice(0, count);
}
