/**
 * A cold load: the JavaScript it requests before the editor exists and before the first diagnostics,
 * gzipped as the build's files would be (level 9), and how long each takes.
 */
import path from 'node:path';
import { describe } from './browser-size.js';

/** @typedef {import('@playwright/test').Browser} Browser */
/** @typedef {import('./browser-size.js').JsFile} JsFile */

/**
 * Loads the app in a fresh context (no cache, empty storage) and lists the `.js` files each side
 * fetched, from its own Resource Timing entries (so a module is counted where it runs, whoever
 * started the request): the page's up to the moment `.cm-content` exists, and the analysis worker's
 * (its script and every module it imported) up to the first analysis shown (the status line's
 * `data-analysis-rev` above 0). The service worker's precache runs in its own global and is not
 * counted. Sizes come from the files in dist/ (the preview server does not compress).
 * @param {Browser} browser
 * @param {string} url
 * @param {string} dist Absolute path of dist/.
 * @returns {Promise<{ page: JsFile[], worker: JsFile[], ms: number, diagnosticsMs: number }>} The
 *   page's files before the editor and the worker's before the first diagnostics, in fetch order;
 *   `ms` from navigation start to `.cm-content` (page clock), `diagnosticsMs` to the first analysis
 *   shown.
 */
export async function measureColdLoad(browser, url, dist) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator('.cm-content').waitFor({ timeout: 30_000 });
    const { ms, before } = await page.evaluate(() => {
      const ms = performance.now();
      const before = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime <= ms)
        .map((entry) => entry.name);
      return { ms, before };
    });
    await page
      .locator('[data-analysis-rev]:not([data-analysis-rev="0"])')
      .waitFor({ state: 'attached', timeout: 30_000 });
    const diagnosticsMs = await page.evaluate(() => performance.now());
    const workers = page.workers();
    if (workers.length !== 1) throw new Error(`expected one worker, found ${workers.length}`);
    const worker = /** @type {import('@playwright/test').Worker} */ (workers[0]);
    const fromWorker = [
      worker.url(),
      ...(await worker.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => entry.name),
      )),
    ];
    const workerScript = new URL(worker.url()).pathname;
    /** @param {string[]} urls */
    const files = (urls) => {
      const paths = [...new Set(urls.map((u) => new URL(u).pathname))].filter((p) =>
        p.endsWith('.js'),
      );
      return paths.map((p) => describe(dist, path.join(dist, p.replace(/^\//, ''))));
    };
    return {
      page: files(before.filter((u) => new URL(u).pathname !== workerScript)),
      worker: files(fromWorker),
      ms,
      diagnosticsMs,
    };
  } finally {
    await context.close();
  }
}
