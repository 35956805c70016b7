/**
 * What the docs-site stories share (docs-site.spec.ts for VitePress, docs-sites.spec.ts for Docusaurus and
 * Starlight): a static server for a built site on its own origin, and a recorder of what happens on a page of
 * embeds.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from '@playwright/test';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/**
 * Serves the files of `folder` on `http://127.0.0.1:PORT` (a free port): `/a` is `a`, `a.html` or
 * `a/index.html`, as static hosts serve sites built with clean URLs.
 */
export async function serveFolder(folder: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const file = path.normalize(new URL(request.url ?? '/', 'http://x').pathname);
    const candidates = file.endsWith('/')
      ? [`${file}index.html`]
      : [file, `${file}.html`, `${file}/index.html`];
    for (const candidate of candidates) {
      try {
        const body = readFileSync(path.join(folder, candidate));
        response.writeHead(200, {
          'content-type': TYPES[path.extname(candidate)] ?? 'application/octet-stream',
        });
        response.end(body);
        return;
      } catch {
        // Not this one: try the next.
      }
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * Records, from before the page's scripts run: every `diagnostics` event with its element's index and time,
 * when each element's frame appeared, the layout shifts of the page's main content, and the order of each frame's `resize` and
 * `diagnostics` messages.
 */
export async function recordPage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (window !== window.top) return;
    const w = window as unknown as Record<string, unknown>;
    const diagnostics: Array<{ index: number; time: number; errors: number }> = [];
    const starts: Record<number, number> = {};
    const shifts: number[] = [];
    const messages: Array<{ index: number; type: string }> = [];
    Object.assign(w, {
      __diagnostics: diagnostics,
      __starts: starts,
      __shifts: shifts,
      __messages: messages,
    });
    const all = () => [...document.querySelectorAll('agentcard-playground')];
    window.addEventListener('message', (event) => {
      const type = (event.data as { type?: unknown } | null)?.type;
      if (type !== 'resize' && type !== 'diagnostics') return;
      const index = all().findIndex(
        (element) => element.shadowRoot?.querySelector('iframe')?.contentWindow === event.source,
      );
      messages.push({ index, type });
    });
    document.addEventListener('diagnostics', (event) =>
      diagnostics.push({
        index: all().indexOf(event.target as Element),
        time: performance.now(),
        errors: (event as CustomEvent<{ counts: { error: number } }>).detail.counts.error,
      }),
    );
    const watchStarts = (): void => {
      all().forEach((element, index) => {
        if (starts[index] === undefined && element.shadowRoot?.querySelector('iframe'))
          starts[index] = performance.now();
      });
      requestAnimationFrame(watchStarts);
    };
    requestAnimationFrame(watchStarts);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: Array<{ node: Node | null }>;
        }
      >) {
        if (entry.hadRecentInput) continue;
        // The site's own chrome moving (Starlight lays out its table of contents late) is not the embeds'.
        const inMain = entry.sources.some((source) => {
          const node = source.node;
          const element = node instanceof Element ? node : (node?.parentElement ?? null);
          return !element || element.closest('main') !== null;
        });
        if (inMain) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** What `recordPage` saw so far. */
export type Recorded = {
  diagnostics: Array<{ index: number; time: number; errors: number }>;
  starts: Record<number, number>;
  shifts: number[];
  messages: Array<{ index: number; type: string }>;
};

/** What `recordPage` has seen so far on `page`. */
export function recorded(page: Page): Promise<Recorded> {
  return page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    return {
      diagnostics: w['__diagnostics'],
      starts: w['__starts'],
      shifts: w['__shifts'],
      messages: w['__messages'],
    } as Recorded;
  });
}
