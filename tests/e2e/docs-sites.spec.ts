/**
 * Stories of a docs author's Docusaurus and Astro Starlight sites (tests/docusaurus-site,
 * tests/starlight-site), built by docs-sites.setup.ts from the packed package with the
 * `agentcard-playground/remark` plugin as docs/embedding.md says, and served on another origin than the
 * playground: the builds say nothing about the plugin's fences, readers without JavaScript see every line of
 * every file, the fences become live embeds with their exact text without shifting the page, and navigation
 * and the site's dark toggle work.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { buildReport, siteOutput, type SiteBuild, type SiteName } from '../support/docs-sites.ts';
import { recordPage, recorded, serveFolder } from './docs-site-page.ts';
import { EmbedFrame } from './embed-host.ts';

/** The embeds of the sites' first page, in order: each one's files, the shown one first. */
const EMBEDS: Array<Record<string, string>> = [
  {
    'card.md':
      '---\ntype: agent\nname: sizer\ntemprature: 0.2\n---\nGiven an object, respond with {{ its size }} </script> <b>only</b>.\n\n\nBlank lines above.\n',
  },
  {
    'pipeline.yaml': 'type: chain\nname: pipeline\nsequence: [writer, critic]\n',
    'writer.md': '---\ntype: agent\nname: writer\n---\nWrite a short poem.\n',
  },
  {
    'commented.md':
      '# Notes before the card\n---\ntype: agent\nname: commented\n---\nReply in one line.\n',
  },
  { 'spaced.md': '\n---\ntype: agent\nname: spaced\n---\nReply in two lines.\n' },
  {
    'bakery.json': `{
  "protocolVersion": "0.3.0",
  "name": "Corner Bakery",
  "description": "Takes bread orders.",
  "url": "https://bakery.example.org/a2a",
  "version": "1.0.0",
  "capabilities": {},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [{ "id": "order", "name": "Order", "description": "Orders bread.", "tags": ["bread"] }]
}
`,
  },
];

/** How each site lets a reader switch to the dark theme and back, and where its page's own links are. */
const SITES: Record<
  SiteName,
  {
    title: string;
    setTheme(page: Page, theme: 'dark' | 'light'): Promise<void>;
    /** Whether following a link keeps the same document (client-side navigation). */
    clientSide: boolean;
  }
> = {
  docusaurus: {
    title: 'Docusaurus',
    // The toggle goes round system, light and dark.
    async setTheme(page, theme) {
      const html = page.locator('html');
      for (let click = 0; click < 3; click++) {
        if ((await html.getAttribute('data-theme')) === theme) break;
        await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
      }
      await expect(html).toHaveAttribute('data-theme', theme);
    },
    clientSide: true,
  },
  starlight: {
    title: 'Astro Starlight',
    async setTheme(page, theme) {
      await page.locator('starlight-theme-select select:visible').selectOption(theme);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    },
    clientSide: false,
  },
};

for (const [site, how] of Object.entries(SITES) as Array<[SiteName, (typeof SITES)[SiteName]]>) {
  test.describe(`a ${how.title} site`, () => {
    test.describe.configure({ mode: 'serial' });
    let server: Server;
    let origin: string;
    let build: SiteBuild;

    test.beforeAll(async ({ baseURL }) => {
      const port = new URL(baseURL!).port;
      const builds = JSON.parse(readFileSync(buildReport(port), 'utf8')) as SiteBuild[];
      build = builds.find((b) => b.site === site)!;
      ({ server, origin } = await serveFolder(siteOutput(port, site)));
    });

    test.afterAll(async () => {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    });

    test('its build says nothing about the agentcard fences', () => {
      const lines = build.log.split('\n').filter((line) => /agentcard/i.test(line));
      expect(lines).toEqual([]);
    });

    test('readers without JavaScript get every line of every file, each under its name', async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${origin}/`);
      const elements = page.locator('agentcard-playground');
      await expect(elements).toHaveCount(EMBEDS.length);
      for (const [i, files] of EMBEDS.entries()) {
        const statics = await elements.nth(i).evaluate((element) =>
          [...element.querySelectorAll('pre')].map((pre) => ({
            file: pre.getAttribute('data-file'),
            className: pre.className,
            text: pre.textContent,
          })),
        );
        expect(statics, `embed ${i}`).toEqual(
          Object.entries(files).map(([file, text]) => ({
            file,
            className: 'agentcard-static',
            text,
          })),
        );
        await expect(elements.nth(i).locator('pre').first()).toBeVisible();
      }
      // Lines keep their breaks on screen: the first file is as tall as its lines.
      const [height, lineHeight] = await elements
        .nth(0)
        .locator('pre')
        .evaluate((pre) => [pre.clientHeight, parseFloat(getComputedStyle(pre).lineHeight)]);
      expect(height).toBeGreaterThanOrEqual(9 * lineHeight);
      await context.close();
    });

    test('fences become live embeds with their exact text, and the page does not shift as they arrive', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: 1280, height: 800 });
      await recordPage(page);
      await page.goto(`${origin}/`);
      await expectLive(page);
      await page.waitForTimeout(1000);
      const shifts = (await recorded(page)).shifts;
      const cls = shifts.reduce((a, b) => a + b, 0);
      console.log(`${site} site: CLS ${cls.toFixed(4)} (${shifts.length} shifts)`);
      expect(cls).toBeLessThanOrEqual(0.05);
    });

    test("navigation away and back keeps every embed working; the site's dark toggle reaches inherit embeds", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${origin}/`);
      const first = await live(page, 0);
      await page.evaluate(() => ((window as unknown as Record<string, unknown>)['__same'] = true));
      // Links are followed with the keyboard, not clicked: a click goes to the link's place on screen,
      // and an embed above it can still grow in between (under load, its "Analysis restarted" notice
      // appears late), so the click landed on the embed and the story waited for a page that never came.
      await page
        .getByRole('main')
        .getByRole('link', { name: 'Another page', exact: true })
        .press('Enter');
      await expect(page.getByRole('heading', { name: 'Another page', level: 1 })).toBeVisible();
      await expect(page.locator('agentcard-playground')).toHaveCount(0);
      await page
        .getByRole('main')
        .getByRole('link', { name: 'Back to the guide', exact: true })
        .press('Enter');
      await expect(page.getByRole('heading', { name: 'Writing cards', level: 1 })).toBeVisible();
      expect(
        await page.evaluate(() => (window as unknown as Record<string, unknown>)['__same']),
      ).toBe(how.clientSide ? true : undefined);
      expect(first).toBeDefined();
      const sizer = await live(page, 0);
      const pipeline = await live(page, 1);
      expect(await sizer.theme()).toBe('light');
      await how.setTheme(page, 'dark');
      await expect.poll(() => sizer.theme()).toBe('dark');
      await expect.poll(() => pipeline.theme()).toBe('dark');
      await how.setTheme(page, 'light');
      await expect.poll(() => sizer.theme()).toBe('light');
    });
  });
}

/** The embed at `index` once it shows its first file's exact text. */
async function live(page: Page, index: number): Promise<EmbedFrame> {
  const element = page.locator('agentcard-playground').nth(index);
  await element.scrollIntoViewIfNeeded();
  const frame = await EmbedFrame.of(element.locator('iframe'));
  const files = EMBEDS[index]!;
  await expect.poll(() => frame.text(), { timeout: 20_000 }).toBe(Object.values(files)[0]);
  await expect.poll(() => frame.paths(), { timeout: 20_000 }).toEqual(Object.keys(files));
  await expect(element.locator('iframe')).toBeVisible();
  return frame;
}

/** Scrolls through the page: every embed comes to life with its files, the read-only one read-only. */
async function expectLive(page: Page): Promise<void> {
  for (const index of EMBEDS.keys()) {
    const frame = await live(page, index);
    if (index === 1) await expect(frame.root).toHaveAttribute('data-readonly', 'true');
  }
}
