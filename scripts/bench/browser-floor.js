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

/** @typedef {{ keydown: number, echo: number, posted: number, handled: number, shown: number }} FloorStroke */

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
export async function measureFloor(browser, url, doc, cursor, { warmup, runs }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(`${url}/#${encodeURIComponent(doc)}`, { waitUntil: 'load' });
    await page.waitForFunction(() => /** @type {any} */ (window).__floorView, null, {
      timeout: 30_000,
    });
    await page.evaluate((at) => {
      const view = /** @type {any} */ (window).__floorView;
      view.dispatch({ selection: { anchor: at } });
      view.focus();
    }, cursor);
    const pauses = phasePauses(warmup + runs);
    for (let i = 0; i < warmup + runs; i++) {
      await page.waitForTimeout(pauses[i]);
      await page.keyboard.press(i % 2 === 0 ? 'x' : 'Backspace');
      await page.waitForFunction(
        (n) => {
          const strokes = /** @type {any} */ (window).__floor;
          return strokes.length >= n && strokes[n - 1].shown !== undefined;
        },
        i + 1,
        { timeout: 10_000, polling: 'raf' },
      );
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    }
    /** @type {FloorStroke[]} */
    const strokes = await page.evaluate(() => /** @type {any} */ (window).__floor);
    return strokes.slice(warmup);
  } finally {
    await context.close();
  }
}
