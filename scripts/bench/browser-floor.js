/**
 * The latency floor for the browser benchmark: the page in scripts/bench/floor/ (CodeMirror with the
 * playground's kind of setup and a worker that does no analysis), built with Vite into a temporary
 * folder and typed into exactly as the playground is. Its figures are what the browser alone costs a
 * CodeMirror + Web Worker editor; the playground's figures can be read against them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { startPreview } from './browser-server.js';
import { phasePauses } from './browser-typing.js';

const FLOOR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'floor');

/** @typedef {{ keydown: number, echo: number, posted: number, received: number, handled: number, shown: number }} FloorStroke */

/**
 * Builds the floor page and serves it with `vite preview`.
 * @returns {Promise<{ url: string, stop: () => void }>} `stop` also removes the build.
 */
export async function serveFloor() {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'agentcard-bench-floor-'));
  await build({
    root: FLOOR,
    configFile: false,
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  });
  const server = await startPreview(outDir);
  return {
    url: server.url,
    stop() {
      server.stop();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/**
 * The floor page showing `doc` in a fresh context, the cursor at `cursor` (scrolled into view) and the
 * editor focused.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {string} doc
 * @param {number} cursor
 */
export async function openFloor(browser, url, doc, cursor) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(`${url}/#${encodeURIComponent(doc)}`, { waitUntil: 'load' });
    await page.waitForFunction(() => /** @type {any} */ (window).__floorView, null, {
      timeout: 30_000,
    });
    await page.evaluate((at) => {
      const view = /** @type {any} */ (window).__floorView;
      view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
      view.focus();
    }, cursor);
    return { context, page };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/**
 * Types into the floor page as `measureKeystrokes` types into the playground: the cursor at `cursor`
 * of `doc`, keys alternating "x" and Backspace, each pressed once the previous key's answer was
 * applied and a frame has passed, after the same `phasePauses`.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {string} doc
 * @param {number} cursor
 * @param {{ warmup: number, runs: number }} counts
 * @returns {Promise<FloorStroke[]>}
 */
export async function measureFloor(browser, url, doc, cursor, counts) {
  const { context, page } = await openFloor(browser, url, doc, cursor);
  try {
    return await floorKeys(page, counts);
  } finally {
    await context.close();
  }
}

/**
 * One block of `measureFloor`'s keys on a floor page opened already (`openFloor`); `skip` as in
 * `measureKeystrokes`. An even number of keys leaves the text as it was.
 * @param {import('@playwright/test').Page} page
 * @param {{ warmup: number, runs: number }} counts
 * @param {number} [skip]
 * @returns {Promise<FloorStroke[]>}
 */
export async function floorKeys(page, { warmup, runs }, skip = 0) {
  const before = await page.evaluate(() => /** @type {any} */ (window).__floor.length);
  const pauses = phasePauses(skip + warmup + runs).slice(skip);
  for (let i = 0; i < warmup + runs; i++) {
    await page.waitForTimeout(pauses[i]);
    await page.keyboard.press(i % 2 === 0 ? 'x' : 'Backspace');
    await page.waitForFunction(
      (n) => {
        const strokes = /** @type {any} */ (window).__floor;
        return strokes.length >= n && strokes[n - 1].shown !== undefined;
      },
      before + i + 1,
      { timeout: 10_000, polling: 'raf' },
    );
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
  /** @type {FloorStroke[]} */
  const strokes = await page.evaluate(() => /** @type {any} */ (window).__floor);
  return strokes.slice(before + warmup);
}

/**
 * Long tasks (> 50 ms) on the floor page while `text` is typed into `doc` at `cursor`, at the pace
 * `typeAndWatchLongTasks` types into the playground (a key press started every `intervalMs`, or as soon
 * as the previous one returned), then `tailMs` more: what the browser alone costs an editor of that
 * document at that pace, without any analysis.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {string} doc
 * @param {number} cursor
 * @param {string} text Characters Playwright's keyboard knows.
 * @param {{ intervalMs: number, tailMs: number }} pace
 * @returns {Promise<{ tasks: number[], arrived: number }>} Each long task's duration, ms; and how many
 *   characters the document grew by.
 */
export async function floorLongTasks(browser, url, doc, cursor, text, { intervalMs, tailMs }) {
  const { context, page } = await openFloor(browser, url, doc, cursor);
  try {
    // Let the first parse and drawing of the document finish, as the playground's typing waits for
    // its first analysis.
    await page.waitForTimeout(1000);
    await page.evaluate(() => {
      const w = /** @type {any} */ (window);
      w.__floorLongTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__floorLongTasks.push(entry.duration);
      }).observe({ type: 'longtask' });
    });
    const started = Date.now();
    for (let i = 0; i < text.length; i++) {
      const wait = started + i * intervalMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await page.keyboard.press(text[i] === ' ' ? 'Space' : text[i]);
    }
    await page.waitForTimeout(tailMs);
    return await page.evaluate((length) => {
      const w = /** @type {any} */ (window);
      return { tasks: w.__floorLongTasks, arrived: w.__floorView.state.doc.length - length };
    }, doc.length);
  } finally {
    await context.close();
  }
}
