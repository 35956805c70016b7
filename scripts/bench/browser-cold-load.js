/**
 * A cold load: the JavaScript it requests before the editor exists and before the first diagnostics,
 * gzipped as the build's files would be (level 9), and how long each takes.
 */
import path from 'node:path';
import { describe, staticGraph } from './browser-size.js';

/** @typedef {import('@playwright/test').Browser} Browser */
/** @typedef {import('./browser-size.js').JsFile} JsFile */

/**
 * Loads the app in a fresh context (no cache, empty storage, no service worker: its precaching is
 * not what the page waits for) and lists the `.js` files of each side. The page's: the `.js` entries
 * of its Resource Timing requested before `.cm-content` was in the DOM (a MutationObserver notes when), less the worker's files (Chromium
 * lists a module worker's imports there too). The analysis worker's: its script and the modules
 * that script imports statically (what it must fetch before it can answer; a format's reader it
 * imports on first use is not counted). `diagnosticsMs` is when the first analysis is shown (the
 * status line's `data-analysis-rev` above 0). Sizes come from the files in dist/ (the preview
 * server does not compress).
 * @param {Browser} browser
 * @param {string} url
 * @param {string} dist Absolute path of dist/.
 * @returns {Promise<{ page: JsFile[], worker: JsFile[], ms: number, diagnosticsMs: number }>} The
 *   page's files before the editor in fetch order, then the worker's; `ms` from navigation start to
 *   `.cm-content` (page clock).
 */
export async function measureColdLoad(browser, url, dist) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    // The moment `.cm-content` is in the DOM, on the page's clock (polling from here would be late).
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('.cm-content')) return;
        /** @type {any} */ (window).__editorAt = performance.now();
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator('.cm-content').waitFor({ timeout: 30_000 });
    const { ms, before } = await page.evaluate(() => {
      const ms = /** @type {number} */ (/** @type {any} */ (window).__editorAt);
      const before = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime < ms)
        .map((entry) => new URL(entry.name).pathname);
      return { ms, before };
    });
    await page
      .locator('[data-analysis-rev]:not([data-analysis-rev="0"])')
      .waitFor({ state: 'attached', timeout: 30_000 });
    const diagnosticsMs = await page.evaluate(() => performance.now());
    const workers = page.workers();
    if (workers.length !== 1) throw new Error(`expected one worker, found ${workers.length}`);
    const script = new URL(/** @type {import('@playwright/test').Worker} */ (workers[0]).url())
      .pathname;
    const worker = staticGraph(dist, [path.join(dist, script.replace(/^\//, ''))]);
    const workerFiles = new Set(worker.map((file) => `/${file.file}`));
    const pageFiles = [...new Set(before)].filter(
      (pathname) => pathname.endsWith('.js') && !workerFiles.has(pathname),
    );
    return {
      page: pageFiles.map((pathname) => describe(dist, path.join(dist, pathname.slice(1)))),
      worker,
      ms,
      diagnosticsMs,
    };
  } finally {
    await context.close();
  }
}
