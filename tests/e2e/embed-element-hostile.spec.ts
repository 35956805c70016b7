/**
 * Stories of a docs page, without a Content-Security-Policy, whose `<agentcard-playground>` attributes are
 * hostile or wrong: a `javascript:` src must not run in the page, a height the browser rejects falls back to
 * the automatic height, and a link over browsers' URL limit says so in place of an embed that never loads.
 */
import { EmbedFrame, expect, HostPage, permalinkOf, test } from './embed-host.ts';

const CARD = '---\ntype: agent\nname: sizer\n---\nGiven an object, estimate its size.\n';

test('a javascript: src is never loaded: the page keeps its static code and runs nothing', async ({
  page,
  site,
  playground,
}) => {
  const link = await permalinkOf({ 'card.md': CARD });
  site.serve(
    '/hostile.html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hostile</title>
<script src="${playground}/agentcard-playground.js" defer></script></head>
<body>
<agentcard-playground id="bad" permalink="${link}" src="javascript:parent.__pwned=1;//"><pre><code>static code</code></pre></agentcard-playground>
<agentcard-playground id="data" permalink="${link}" src="data:text/html,&lt;script&gt;parent.__pwned=2&lt;/script&gt;"><pre><code>static code</code></pre></agentcard-playground>
<agentcard-playground id="good" permalink="${link}"></agentcard-playground>
</body></html>`,
  );
  const host = new HostPage(page);
  await host.open(`${site.origin}/hostile.html`);
  // The good element on the same page loads and checks its card: by then the others have started too.
  await expect
    .poll(async () => (await host.events()).some((e) => e.type === 'diagnostics'))
    .toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBe(
    undefined,
  );
  for (const id of ['bad', 'data']) {
    await expect(page.locator(`#${id} iframe`)).toHaveCount(1);
    expect(await page.locator(`#${id} iframe`).getAttribute('src')).toBeNull();
    await expect(page.locator(`#${id} pre`)).toBeVisible();
  }
  expect(host.errors).toEqual([
    expect.stringContaining('give the element a src attribute (an http: or https: URL)'),
    expect.stringContaining('give the element a src attribute (an http: or https: URL)'),
  ]);
});

test('a height the browser rejects gives the automatic height, as tall as the embed', async ({
  page,
  site,
  playground,
}) => {
  const link = await permalinkOf({ 'card.md': CARD });
  site.serve(
    '/heights.html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Heights</title>
<script src="${playground}/agentcard-playground.js" defer></script></head>
<body>
<agentcard-playground id="spaced" permalink="${link}" height="20 rem"></agentcard-playground>
<agentcard-playground id="zero" permalink="${link}" height="0"></agentcard-playground>
<agentcard-playground id="fixed" permalink="${link}" height="150"></agentcard-playground>
</body></html>`,
  );
  const host = new HostPage(page);
  await host.open(`${site.origin}/heights.html`);
  for (const id of ['spaced', 'zero']) {
    const embed = await EmbedFrame.of(page.locator(`#${id} iframe`));
    await expect(embed.root).toBeVisible();
    const height = await embed.expectSizedToContent();
    expect(height).toBeGreaterThan(150);
    expect(
      await page.locator(`#${id}`).evaluate((el) => el.getBoundingClientRect().height),
    ).toBeCloseTo(height, 0);
  }
  // A valid fixed height still holds, whatever the content.
  await expect
    .poll(() => page.locator('#fixed').evaluate((el) => el.getBoundingClientRect().height))
    .toBe(150);
  expect(host.errors).toEqual([]);
});

test('a link over browsers’ URL limit shows the code with a "too large" note, and no frame loads', async ({
  page,
  site,
  playground,
}) => {
  // Only its length matters: the element never decodes a link, it hands it to the frame.
  const huge = `#v1:${'A'.repeat(1_100_000)}`;
  const link = await permalinkOf({ 'card.md': CARD });
  site.serve(
    '/huge.html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Huge</title>
<script src="${playground}/agentcard-playground.js" defer></script></head>
<body>
<agentcard-playground id="huge" permalink="${huge}"><pre><code>the huge card</code></pre></agentcard-playground>
</body></html>`,
  );
  const host = new HostPage(page);
  await host.open(`${site.origin}/huge.html`);
  const element = page.locator('#huge');
  await expect(element.getByRole('note')).toContainText(
    "Too large to embed live: this example's link is 1,1",
  );
  await expect(element.locator('pre')).toBeVisible();
  expect(await element.locator('iframe').getAttribute('src')).toBeNull();
  // A loadable link in its place removes the note and loads the embed.
  await element.evaluate((el, value) => el.setAttribute('permalink', value), link);
  const embed = await EmbedFrame.of(element.locator('iframe'));
  await expect(embed.root).toBeVisible();
  await expect(element.getByRole('note')).toHaveCount(0);
  expect(host.errors).toEqual([]);
});
