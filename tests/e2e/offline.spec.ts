import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './playground-page.ts';

const CHAIN_WITHOUT_SEQUENCE = `---
type: chain
name: offline_chain
---
`;

test.describe('Offline', () => {
  // playwright.config.ts blocks service workers for the other specs.
  test.use({ serviceWorkers: 'allow' });

  test('after the first visit the playground opens and checks cards with no network', async ({
    page,
    context,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.waitForOfflineReady();
    await playground.replaceText('---\ntype: agent\nname: kept\n---\nWritten online.\n');
    await playground.waitForSaved();

    await context.setOffline(true);
    await playground.reload();

    await playground.expectText('---\ntype: agent\nname: kept\n---\nWritten online.\n');
    await playground.replaceText(CHAIN_WITHOUT_SEQUENCE);
    await playground.waitForChecked();
    await playground.showTab('Problems');
    await expect(playground.diagnostics('missing-field')).toHaveCount(1);
    await playground.waitForSaved();
    expect(playground.errors).toEqual([]);
    // The network is really gone (the JSON Schemas are not precached: editors fetch them themselves)…
    const fetchFrom = (url: string) =>
      page.evaluate(async (u) => {
        try {
          return (await fetch(u)).status;
        } catch {
          return 'failed';
        }
      }, url);
    expect(await fetchFrom('/schemas/v1/agentcard.schema.json')).toBe('failed');
    // …while every built page (another entry, such as an embed, too) comes from the service worker.
    expect(await fetchFrom('/index.html')).toBe(200);
    // A page with a query opens as itself offline, too.
    await playground.open('/?from=offline');
    await playground.expectText(CHAIN_WITHOUT_SEQUENCE);
    await expect(playground.diagnostics('missing-field')).toHaveCount(1);
  });

  test('can be installed: a web manifest with icons, linked from the page', async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = await page.evaluate(async (url) => (await fetch(url)).json(), href!);
    expect(manifest).toMatchObject({ name: 'AgentCard Playground', display: 'standalone' });
    const sizes = (manifest.icons as Array<{ sizes: string; type: string; src: string }>).map(
      (icon) => icon.sizes,
    );
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons as Array<{ src: string; type: string }>) {
      const type = await page.evaluate(
        async (src) => (await fetch(src)).headers.get('content-type'),
        new URL(icon.src, new URL(href!, page.url())).href,
      );
      expect(type).toContain(icon.type);
    }
    expect(playground.errors).toEqual([]);
  });

  test('the build publishes the JSON Schemas at /schemas/v1/', async ({ page }) => {
    await page.goto('/schemas/v1/agentcard.schema.json');
    const schema = JSON.parse((await page.locator('body').textContent()) ?? '');
    expect(schema).toMatchObject({
      $schema: 'http://json-schema.org/draft-07/schema#',
      title: 'AgentCard',
    });
    const chain = await page.request.get('/schemas/v1/agentcard-chain.schema.json');
    expect(chain.ok()).toBe(true);
    expect(await chain.json()).toMatchObject({ title: 'AgentCard: chain' });
  });
});
