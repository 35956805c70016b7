/**
 * A documentation site on another origin than the playground (127.0.0.1 at a free port, where the playground
 * is on localhost), for the embed stories: the iframe page of docs/embedding.md with the host script the
 * docs show (`public/embed-demo-host.js`), and a page with the `<agentcard-playground>` element. Each page
 * first loads `/recorder.js`, the recorder of messages and `ready`/`diagnostics`/`compiled` events that the
 * Playwright stories install too (tests/support/host-recorder.ts).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { importSelfContained, ROOT } from './harness.js';

/** The Playwright embed stories' recorder, run as the docs pages' first script. */
const { installHostRecorders } = await importSelfContained('tests/support/host-recorder.ts');

/**
 * The docs page with an iframe embed (`#embed-1`) of the playground at `playground`, showing `fragment`.
 * @param {string} playground the playground's origin
 * @param {string} fragment a `#v1:` link's fragment
 */
export function iframePage(playground, fragment) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Docs: iframe</title>
<script src="/recorder.js"></script>
<script src="/embed-demo-host.js" defer></script></head>
<body><h1>Sizing agents</h1><p>Prose before the embed.</p>
<iframe id="embed-1" class="agentcard-embed" data-status="status-1" title="Playground"
  style="width: 700px; border: 0; display: block"
  src="${playground}/embed.html?view=split${fragment}"></iframe>
<p>Status: <output id="status-1"></output></p>
</body></html>`;
}

/**
 * The docs page with one `<agentcard-playground id="first">` holding `card` inline as `sizer.md` (and the
 * files of `more` after it), under a strict Content-Security-Policy.
 * @param {string} playground the playground's origin
 * @param {string} card
 * @param {Array<{ file: string, text: string }>} [more]
 */
export function elementPage(playground, card, more = []) {
  const inline = (/** @type {string} */ file, /** @type {string} */ text) =>
    `  <script type="text/agentcard" data-file="${file}">\n${text.replace(/^(?=.)/gm, '    ')}\n  </script>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self' ${playground}; frame-src ${playground}; style-src 'self'">
<title>Docs: element</title>
<script src="/recorder.js"></script>
<script src="${playground}/agentcard-playground.js" defer></script></head>
<body><h1>Writing cards</h1><p>A card with a mistake:</p>
<agentcard-playground id="first" view="split">
${[inline('sizer.md', card), ...more.map((m) => inline(m.file, m.text))].join('\n')}
</agentcard-playground>
</body></html>`;
}

/**
 * Starts the site, serving `/recorder.js` and `/embed-demo-host.js`; `serve` adds pages.
 * @returns {Promise<{ origin: string, serve: (path: string, html: string) => void, close: () => Promise<void> }>}
 */
export async function startDocsSite() {
  /** @type {Map<string, string>} */
  const pages = new Map([
    ['/recorder.js', `(${installHostRecorders.toString()})();\n`],
    ['/embed-demo-host.js', readFileSync(path.join(ROOT, 'public/embed-demo-host.js'), 'utf8')],
  ]);
  const server = createServer((request, response) => {
    const body = pages.get(new URL(request.url ?? '/', 'http://x').pathname);
    if (body === undefined) {
      response.writeHead(404).end();
      return;
    }
    const type = request.url?.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8';
    response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
    response.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    serve: (page, html) => void pages.set(page, html),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}
