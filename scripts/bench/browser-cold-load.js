/**
 * A cold load: the JavaScript it requests before the editor exists and before the first diagnostics,
 * gzipped as the build's files would be (level 9), and how long each takes.
 */
import path from 'node:path';
import { describe } from './browser-size.js';

/** @typedef {import('@playwright/test').Browser} Browser */
/** @typedef {import('./browser-size.js').JsFile} JsFile */

/**
 * Loads the app in a fresh context (no cache, empty storage) and lists every `.js` requested, by the
 * page or its workers, from navigation until the first analysis is shown (the status line's
 * `data-analysis-rev` above 0). Sizes come from the files in dist/ (the preview server does not
 * compress).
 * @param {Browser} browser
 * @param {string} url
 * @param {string} dist Absolute path of dist/.
 * @returns {Promise<{ page: JsFile[], worker: JsFile[], ms: number, diagnosticsMs: number }>} Files
 *   requested from the page and from workers, in request order; `ms` from navigation start to
 *   `.cm-content` (page clock), `diagnosticsMs` to the first analysis shown.
 */
export async function measureColdLoad(browser, url, dist) {
  const context = await browser.newContext();
  try {
    /** @type {{ url: string, fromWorker: boolean }[]} */
    const requests = [];
    context.on('request', (request) => {
      const pathname = new URL(request.url()).pathname;
      if (!pathname.endsWith('.js')) return;
      // The service worker precaches the whole build in the background: not what the page waits for.
      if (request.serviceWorker() || pathname.endsWith('/sw.js')) return;
      let fromWorker = false;
      try {
        request.frame();
      } catch {
        fromWorker = true; // Playwright: requests of workers have no frame.
      }
      requests.push({ url: pathname, fromWorker });
    });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator('.cm-content').waitFor({ timeout: 30_000 });
    const ms = await page.evaluate(() => performance.now());
    await page
      .locator('[data-analysis-rev]:not([data-analysis-rev="0"])')
      .waitFor({ state: 'attached', timeout: 30_000 });
    const diagnosticsMs = await page.evaluate(() => performance.now());
    const seen = [...requests];
    const workerUrls = new Set(page.workers().map((worker) => new URL(worker.url()).pathname));
    /** @type {JsFile[]} */
    const fromPage = [];
    /** @type {JsFile[]} */
    const fromWorkers = [];
    const counted = new Set();
    for (const request of seen) {
      if (counted.has(request.url)) continue;
      counted.add(request.url);
      const file = describe(dist, path.join(dist, request.url.replace(/^\//, '')));
      (request.fromWorker || workerUrls.has(request.url) ? fromWorkers : fromPage).push(file);
    }
    return { page: fromPage, worker: fromWorkers, ms, diagnosticsMs };
  } finally {
    await context.close();
  }
}
