/**
 * Stories of a docs author's VitePress site (tests/docs-site, built here with the `agentcard-playground/markdown-it`
 * plugin as docs/embedding.md says) served on another origin than the playground: fences become live embeds,
 * readers without JavaScript see the code, client-side navigation and the site's dark toggle work, the page
 * does not shift, and ten embeds on a page all come to life (their timings are printed, not asserted).
 */
import { execFile } from 'node:child_process';
import type { Server } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { recordPage, recorded, serveFolder } from './docs-site-page.ts';
import { EmbedFrame } from './embed-host.ts';

const SITE = 'tests/docs-site';
const VITEPRESS = path.resolve('node_modules/vitepress/bin/vitepress.js');

/** The first card of tests/docs-site/index.md, as the embed must hold it. */
const SIZER = `---
type: agent
name: sizer
temprature: 0.2
---
Given an object, respond with {{ its size }} </script> <b>only</b>.


Blank lines above.
`;

let server: Server;
let origin: string;

// One build and one server for the whole file.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(150_000);
  const out = path.resolve(`test-results/docs-site-${new URL(baseURL!).port}`);
  const started = Date.now();
  // VitePress's own script, not `npx vitepress`: the time-out then stops the build itself, where it
  // would stop only npx and leave the build holding the output pipe open.
  await promisify(execFile)(process.execPath, [VITEPRESS, 'build', SITE], {
    env: {
      ...process.env,
      AGENTCARD_PLAYGROUND: `${new URL(baseURL!).origin}/`,
      AGENTCARD_DOCS_OUT: out,
    },
    timeout: 140_000,
  });
  console.log(`docs site: vitepress build took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  ({ server, origin } = await serveFolder(out));
});

test.afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

function embed(page: Page, index: number): Promise<EmbedFrame> {
  return EmbedFrame.of(page.locator('agentcard-playground').nth(index).locator('iframe'));
}

async function expectLive(page: Page): Promise<void> {
  const sizer = await embed(page, 0);
  await expect.poll(() => sizer.text(), { timeout: 20_000 }).toBe(SIZER);
  await expect(sizer.editorContent).toContainText('{{ its size }} </script> <b>only</b>.');
  const pipeline = await embed(page, 1);
  await expect
    .poll(() => pipeline.paths(), { timeout: 20_000 })
    .toEqual(['pipeline.yaml', 'writer.md']);
  await expect(pipeline.root).toHaveAttribute('data-readonly', 'true');
  await expect.poll(() => shown(page.locator('agentcard-playground iframe'))).toEqual([true, true]);
}

/** Whether each frame is shown (its static code hidden). */
function shown(frames: Locator): Promise<boolean[]> {
  return frames.evaluateAll((list) =>
    list.map((f) => getComputedStyle(f).visibility === 'visible'),
  );
}

test('readers without JavaScript get the code of every fence', async ({ browser }) => {
  const html = await (await fetch(`${origin}/`)).text();
  expect(html.match(/<agentcard-playground [^>]*permalink="#v1:[\w-]+"/g)).toHaveLength(2);
  expect(html).toContain('respond with {{ its size }} &lt;/script&gt; &lt;b&gt;only&lt;/b&gt;.');
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  const code = page.locator('agentcard-playground pre.agentcard-static');
  await expect(code).toHaveCount(3);
  await expect(code.nth(0)).toHaveText(SIZER);
  await expect(code.nth(0)).toBeVisible();
  await expect(code.nth(2)).toContainText('Write a short poem.');
  await context.close();
});

test('fences become live embeds with their exact text; the diagnostics honour the fence options; no layout shift', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await recordPage(page);
  await page.goto(`${origin}/`);
  await expectLive(page);
  await expect
    .poll(async () => new Set((await recorded(page)).diagnostics.map((d) => d.index)).size)
    .toBe(2);
  const { diagnostics } = await recorded(page);
  expect(diagnostics.find((d) => d.index === 0)!.errors).toBe(1);
  // `agents=critic`: the chain's step defined elsewhere is not an error.
  expect(diagnostics.find((d) => d.index === 1)!.errors).toBe(0);
  // The host shows a frame on its first diagnostics, and a hidden cross-origin frame's ResizeObserver does not
  // run: the embed measures itself and reports its height ahead of them, so the frame is shown at its size.
  const { messages } = await recorded(page);
  for (const index of [0, 1])
    expect(messages.filter((m) => m.index === index)[0]?.type, `embed ${index}`).toBe('resize');
  await page.waitForTimeout(1000);
  const shifts = (await recorded(page)).shifts;
  const cls = shifts.reduce((a, b) => a + b, 0);
  console.log(`docs site: CLS ${cls.toFixed(4)} (${shifts.length} shifts)`);
  expect(cls).toBeLessThanOrEqual(0.05);
});

test('on a phone (390×844) each embed keeps the room it reserved when it arrives (layout shift printed)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await recordPage(page);
  await page.addInitScript(() => {
    if (window !== window.top) return;
    const w = window as unknown as { __reserved: number[]; __shown: number[] };
    w.__reserved = [];
    w.__shown = [];
    const all = () => [...document.querySelectorAll('agentcard-playground')];
    // After the deferred element script: each element has upgraded and reserved its room.
    document.addEventListener('DOMContentLoaded', () => {
      w.__reserved = all().map((element) => element.getBoundingClientRect().height);
    });
    // The element shows its frame on the first diagnostics, at the height the embed reported first.
    document.addEventListener('diagnostics', (event) => {
      w.__shown[all().indexOf(event.target as Element)] ??= (
        event.target as Element
      ).getBoundingClientRect().height;
    });
  });
  await page.goto(`${origin}/`);
  await expectLive(page);
  await page.waitForTimeout(1000);
  const { reserved, shown } = await page.evaluate(() => {
    const w = window as unknown as { __reserved: number[]; __shown: number[] };
    return { reserved: w.__reserved, shown: w.__shown };
  });
  const final = await page
    .locator('agentcard-playground')
    .evaluateAll((list) => list.map((element) => element.getBoundingClientRect().height));
  const shifts = (await recorded(page)).shifts;
  const cls = shifts.reduce((a, b) => a + b, 0);
  console.log(
    `docs site on a phone: reserved ${reserved.map(Math.round).join(', ')} px, shown at ${shown.map(Math.round).join(', ')}, final ${final.map(Math.round).join(', ')}; CLS ${cls.toFixed(4)} (${shifts.length} shifts)`,
  );
  expect(reserved).toHaveLength(2);
  for (const i of [0, 1]) {
    // Never blank room, nor a jump, when the embed arrives: within a few pixels, or a line's worth above.
    expect(reserved[i]! - shown[i]!, `embed ${i}: reserved against shown`).toBeGreaterThanOrEqual(
      -3,
    );
    expect(reserved[i]! - shown[i]!, `embed ${i}: reserved against shown`).toBeLessThanOrEqual(20);
    expect(Math.abs(final[i]! - shown[i]!), `embed ${i}: shown against final`).toBeLessThanOrEqual(
      3,
    );
  }
});

test('on a phone (390×844) the page does not shift as the embeds arrive', async ({ page }) => {
  // Known to fail: the page paints before the deferred element script runs, the static code at its own height,
  // and the element's reserve then moves what follows once (CLS about 0.10 here). Remove this line with the fix.
  test.fail(
    true,
    'the static code is painted at its own height before the element reserves its room',
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await recordPage(page);
  // The element's script arrives after the page's first paint, as on a phone's network: without this, whether
  // the page paints before the script runs depends on the machine, and the story would fail or pass by chance.
  await page.route('**/agentcard-playground.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto(`${origin}/`);
  await expectLive(page);
  await page.waitForTimeout(1000);
  const shifts = (await recorded(page)).shifts;
  expect(shifts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(0.05);
});

test("client-side navigation away and back keeps every embed working; the site's dark toggle reaches inherit embeds", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await recordPage(page);
  await page.goto(`${origin}/`);
  await expectLive(page);
  await page.evaluate(
    () => ((window as unknown as Record<string, unknown>)['__sameDocument'] = true),
  );
  // Followed with the keyboard, not clicked: a click goes to the link's place on screen, and an embed
  // above it can still grow in between (under load, its "Analysis restarted" notice appears late).
  await page.getByRole('link', { name: 'Another page' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Another page' })).toBeVisible();
  await expect(page.locator('agentcard-playground')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to the guide' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Writing cards' })).toBeVisible();
  await expectLive(page);
  // Still the same document: VitePress navigated on the client.
  expect(
    await page.evaluate(() => (window as unknown as Record<string, unknown>)['__sameDocument']),
  ).toBe(true);
  const sizer = await embed(page, 0);
  const pipeline = await embed(page, 1);
  expect(await sizer.theme()).toBe('light');

  await page.getByRole('switch', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect.poll(() => sizer.theme()).toBe('dark');
  await expect.poll(() => pipeline.theme()).toBe('dark');
  await page.getByRole('switch', { name: 'Switch to light theme' }).click();
  await expect.poll(() => sizer.theme()).toBe('light');
});

test('ten embeds on one page each come to life as the reader scrolls to them (timings printed)', async ({
  page,
}) => {
  // Ten playgrounds start one after another on a shared 2-core machine: a hang guard, not a speed
  // check (the timings are printed; npm run bench measures them).
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await recordPage(page);
  await page.goto(`${origin}/many`);
  const elements = page.locator('agentcard-playground');
  await expect(elements).toHaveCount(10);
  // Below the fold, frames have not started: lazy until near the viewport.
  expect(Object.keys((await recorded(page)).starts).length).toBeLessThan(10);
  for (let i = 0; i < 10; i++) {
    await elements.nth(i).scrollIntoViewIfNeeded();
    await expect
      .poll(async () => (await recorded(page)).diagnostics.some((d) => d.index === i), {
        timeout: 20_000,
      })
      .toBe(true);
  }
  const { diagnostics, starts } = await recorded(page);
  const spans = Array.from({ length: 10 }, (_, i) => {
    const first = diagnostics.find((d) => d.index === i)!;
    return Math.round(first.time - starts[i]!);
  });
  console.log(`docs site: ten embeds, frame start → first diagnostics (ms): ${spans.join(', ')}`);
  for (let i = 0; i < 10; i++) {
    const frame = await embed(page, i);
    expect(await frame.text()).toBe(
      `---\ntype: agent\nname: card-${i + 1}\n---\nAnswer question ${i + 1} briefly.\n`,
    );
  }
});
