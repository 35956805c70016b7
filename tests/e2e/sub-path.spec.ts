/**
 * Stories of a site that serves the build from a sub-path (a GitHub Pages project site, `/playground/` on a
 * company site): the built `dist/` behind a tiny Node static server at `/sub/path/`, on its own origin
 * (127.0.0.1 at a free port), with nothing at the root.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test as base } from '@playwright/test';
import { EmbedFrame, HostPage } from './embed-host.ts';
import { PlaygroundPage } from './playground-page.ts';

const PREFIX = '/sub/path/';
const DIST = path.resolve('dist');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'application/json',
};

/** The build served under `/sub/path/`, and every request it could not answer. */
interface SubPathSite {
  /** `http://127.0.0.1:PORT/sub/path/`. */
  readonly url: string;
  /** Paths requested that are not files of the build under the prefix (404s). */
  readonly missing: string[];
}

const test = base.extend<{ site: SubPathSite }>({
  site: async ({}, use) => {
    const missing: string[] = [];
    const server = createServer((request, response) => {
      void (async () => {
        const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
        const inside = pathname.startsWith(PREFIX) ? pathname.slice(PREFIX.length) : null;
        const file =
          inside === null ? null : path.join(DIST, inside === '' ? 'index.html' : inside);
        const body =
          file && file.startsWith(DIST + path.sep) ? await readFile(file).catch(() => null) : null;
        if (body === null) {
          if (pathname !== '/favicon.ico') missing.push(pathname);
          response.writeHead(404).end();
          return;
        }
        response.writeHead(200, {
          'content-type': TYPES[path.extname(file!)] ?? 'application/octet-stream',
          'cache-control': 'no-cache',
        });
        response.end(body);
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await use({ url: `http://127.0.0.1:${port}${PREFIX}`, missing });
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  },
});

const CHAIN_WITHOUT_SEQUENCE = `---
type: chain
name: sub_path_chain
---
`;

test.describe('Served from a sub-path', () => {
  // Installing for its folder is part of the story: playwright.config.ts blocks service workers
  // for the other specs.
  test.use({ serviceWorkers: 'allow' });

  test('the playground opens, checks cards, installs for its folder and reloads offline', async ({
    page,
    context,
    site,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open(site.url);
    await playground.replaceText(CHAIN_WITHOUT_SEQUENCE);
    await playground.waitForChecked();
    await playground.showTab('Problems');
    await expect(playground.diagnostics('missing-field')).toHaveCount(1);
    expect(site.missing).toEqual([]);

    await test.step('the service worker and the manifest belong to the folder', async () => {
      await playground.waitForOfflineReady();
      const worker = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return { scope: registration.scope, script: registration.active?.scriptURL };
      });
      expect(worker).toEqual({ scope: site.url, script: `${site.url}sw.js` });
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      const manifestUrl = new URL(href!, site.url).href;
      const manifest = await page.evaluate(async (url) => (await fetch(url)).json(), manifestUrl);
      expect(new URL(manifest.start_url, manifestUrl).href).toBe(site.url);
      expect(new URL(manifest.scope, manifestUrl).href).toBe(site.url);
    });

    await test.step('a reload with no network opens the same work', async () => {
      await playground.waitForSaved();
      await context.setOffline(true);
      await playground.reload();
      await playground.expectText(CHAIN_WITHOUT_SEQUENCE);
      await playground.showTab('Problems');
      await expect(playground.diagnostics('missing-field')).toHaveCount(1);
    });
    expect(site.missing).toEqual([]);
    expect(playground.errors).toEqual([]);
  });

  test('the embed demo finds embed.html in the same folder, for the iframe and the element', async ({
    page,
    site,
  }) => {
    const host = new HostPage(page);
    await host.open(`${site.url}embed-demo.html`);
    const iframe = await EmbedFrame.of(page.locator('#embed-1'));
    await expect(iframe.editorContent).toContainText('estimate of its size');
    const elements = page.locator('agentcard-playground');
    await expect(elements).toHaveCount(2);
    for (const i of [0, 1]) {
      const embed = await EmbedFrame.of(elements.nth(i).locator('iframe'));
      await expect(embed.root).toBeVisible();
      await expect.poll(async () => (await embed.paths())?.length ?? 0).toBeGreaterThan(0);
      expect(embed.frame.url()).toContain(`${site.url}embed.html`);
    }
    expect(site.missing).toEqual([]);
    expect(host.errors).toEqual([]);
  });
});
