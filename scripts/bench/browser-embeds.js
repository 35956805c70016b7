/**
 * Many embeds on one page (issue 17's target: with ten `<agentcard-playground>` elements on a page, each gets
 * its first diagnostics within 1.5× the time one embed alone takes). A docs page on another origin than the
 * playground (a tiny Node server) holds one, or ten spread down a long page; the reader scrolls to each in
 * turn. For each embed: the time from its frame starting (the element creates it as it nears the viewport)
 * to its first `diagnostics` event, and from the page's navigation to it.
 *
 * `node scripts/bench/browser-embeds.js` runs it alone against dist/ (after `npm run build`);
 * scripts/bench-browser.js runs it as part of `npm run bench`.
 */
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The target: the slowest of ten within this factor of one alone. */
export const MANY_EMBEDS_FACTOR = 1.5;
const RUNS = 3;

/**
 * @typedef {{ start: number, first: number }} EmbedTiming start: frame created; first: first diagnostics
 *   (both ms since navigation)
 * @typedef {{ one: EmbedTiming[], ten: EmbedTiming[][] }} ManyEmbeds one: a run each; ten: a run each, ten
 *   timings per run
 */

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {string} playground The playground's URL (the folder of embed.html), ending in `/`.
 * @returns {Promise<ManyEmbeds>}
 */
export async function measureEmbeds(browser, playground) {
  const { encodePermalinkSync } = await import(
    pathToFileURL(path.join(ROOT, 'dist-cli/permalink/encode-sync.js')).href
  );
  /** @param {number} i */
  const element = (i) => {
    const text = `---\ntype: agent\nname: card-${i}\n---\nAnswer question ${i} briefly.\n`;
    const permalink = encodePermalinkSync({
      files: { 'card.md': text },
      active: 'card.md',
      profile: 'rfc',
    });
    return `<h2>Card ${i}</h2><p style="height: 400px">Prose about card ${i}.</p>
<agentcard-playground permalink="${permalink}"><pre>${text}</pre></agentcard-playground>`;
  };
  /** @param {number} count */
  const page = (
    count,
  ) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Embeds</title>
<script src="${playground}agentcard-playground.js" defer></script></head>
<body>${Array.from({ length: count }, (_, i) => element(i + 1)).join('\n')}</body></html>`;
  const pages = new Map([
    ['/one.html', page(1)],
    ['/ten.html', page(10)],
  ]);
  const server = createServer((request, response) => {
    const body = pages.get(new URL(request.url ?? '/', 'http://x').pathname);
    if (body === undefined) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const host = `http://127.0.0.1:${address.port}`;
  try {
    /** @type {ManyEmbeds} */
    const result = { one: [], ten: [] };
    for (let run = 0; run < RUNS; run++) {
      result.one.push((await timeEmbeds(browser, `${host}/one.html`, 1))[0]);
      result.ten.push(await timeEmbeds(browser, `${host}/ten.html`, 10));
    }
    return result;
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

/**
 * Opens `url` in a fresh context (a cold cache, as a new reader), scrolls to each embed in turn and waits for
 * its first diagnostics.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {number} count
 * @returns {Promise<EmbedTiming[]>}
 */
async function timeEmbeds(browser, url, count) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = /** @type {any} */ (window);
    w.__first = {};
    w.__start = {};
    const all = () => [...document.querySelectorAll('agentcard-playground')];
    document.addEventListener('diagnostics', (event) => {
      const i = all().indexOf(/** @type {Element} */ (event.target));
      w.__first[i] ??= performance.now();
    });
    const watch = () => {
      all().forEach((el, i) => {
        if (w.__start[i] === undefined && el.shadowRoot?.querySelector('iframe'))
          w.__start[i] = performance.now();
      });
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  await page.goto(url);
  const elements = page.locator('agentcard-playground');
  for (let i = 0; i < count; i++) {
    await elements.nth(i).scrollIntoViewIfNeeded();
    await page.waitForFunction((n) => /** @type {any} */ (window).__first[n] !== undefined, i, {
      timeout: 60_000,
    });
  }
  const timings = await page.evaluate((n) => {
    const w = /** @type {any} */ (window);
    return Array.from({ length: n }, (_, i) => ({ start: w.__start[i], first: w.__first[i] }));
  }, count);
  await context.close();
  return timings;
}

/**
 * Prints the figures.
 * @param {ManyEmbeds} r
 * @param {(line?: string) => void} out
 * @returns {boolean} whether the target was met
 */
export function reportEmbeds(r, out) {
  const median = (/** @type {number[]} */ values) =>
    [...values].sort((a, b) => a - b)[values.length >> 1];
  const ms = (/** @type {number} */ v) => `${Math.round(v)} ms`;
  const oneSpan = median(r.one.map((t) => t.first - t.start));
  const oneLoad = median(r.one.map((t) => t.first));
  const slowest = median(r.ten.map((run) => Math.max(...run.map((t) => t.first - t.start))));
  const spans = r.ten.map((run) => run.map((t) => Math.round(t.first - t.start)).join(' '));
  const visibleLoad = median(r.ten.map((run) => run[0].first));
  out(
    `Many embeds (${r.one.length} runs each, medians; cold cache per run; another origin than the playground)`,
  );
  out(
    '   Frame start (the element creates its frame as it nears the viewport) to the first diagnostics.',
  );
  out(`   one embed:  ${ms(oneSpan)} (navigation to first diagnostics ${ms(oneLoad)})`);
  out(
    `   ten embeds: slowest ${ms(slowest)}, ${(slowest / oneSpan).toFixed(2)}× one (target ≤ ${MANY_EMBEDS_FACTOR}×);` +
      ` first embed ${ms(visibleLoad)} after navigation`,
  );
  for (const line of spans) out(`     per embed, in page order: ${line}`);
  return slowest / oneSpan <= MANY_EMBEDS_FACTOR;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { launchChromium, startPreview } = await import('./browser-server.js');
  const server = await startPreview(path.join(ROOT, 'dist'));
  const browser = await launchChromium();
  try {
    const ok = reportEmbeds(await measureEmbeds(browser, `${server.url}/`), (line = '') =>
      console.log(line),
    );
    console.log(`Target (informational): ${ok ? 'PASS' : 'MISS'}`);
  } finally {
    await browser.close();
    server.stop();
  }
}
