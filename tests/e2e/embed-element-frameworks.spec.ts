/**
 * The `<agentcard-playground>` element as frameworks and docs sites use it: properties that mirror attributes
 * (also set before the element is defined), the static code shown until the frame is live, lazy frames with
 * their room reserved, `load="click"` with its Try it button, `theme="inherit"`, the styling properties and the
 * `hide` option.
 */
import { EmbedFrame, expect, HostPage, permalinkOf, test } from './embed-host.ts';

const CARD = '---\ntype: agent\nname: early\ntemprature: 1\n---\nSay hi.\n';

test('properties set before the element is defined are kept, and mirror the attributes after', async ({
  page,
  site,
  playground,
}) => {
  site.serve(
    '/early.html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Early</title></head><body>
<script>
  // What a framework does: create the element and set properties before its script has run.
  const el = document.createElement('agentcard-playground');
  el.id = 'early';
  el.view = 'editor';
  el.theme = 'dark';
  el.readonly = true;
  el.hide = 'unknown-field';
  el.files = { 'early.md': ${JSON.stringify(CARD)} };
  document.body.append(el);
</script>
<script src="${playground}/agentcard-playground.js" defer></script>
</body></html>`,
  );
  const host = new HostPage(page);
  await host.open(`${site.origin}/early.html`);
  const element = page.locator('#early');
  await expect(element).toHaveAttribute('view', 'editor');
  await expect(element).toHaveAttribute('theme', 'dark');
  await expect(element).toHaveAttribute('readonly', '');
  const embed = await EmbedFrame.of(element.locator('iframe'));
  await expect.poll(() => embed.text()).toBe(CARD);
  await expect.poll(() => embed.theme()).toBe('dark');
  await expect(embed.root).toHaveAttribute('data-readonly', 'true');
  // `hide=unknown-field`: the misspelt field is not reported.
  await expect
    .poll(async () => (await host.events()).filter((e) => e.type === 'diagnostics').at(-1)?.detail)
    .toMatchObject({ counts: { error: 0 } });

  // Set as properties on the live element, as Vue does: attributes follow, nothing is overwritten.
  const state = await element.evaluate((el) => {
    const e = el as HTMLElement & { theme: string | null; load: string | null; readonly: boolean };
    e.theme = 'light';
    e.readonly = false;
    return {
      theme: e.getAttribute('theme'),
      readonly: e.hasAttribute('readonly'),
      load: typeof e.load,
    };
  });
  expect(state).toEqual({ theme: 'light', readonly: false, load: 'object' });
  await expect.poll(() => embed.theme()).toBe('light');
  await expect(embed.root).toHaveAttribute('data-readonly', 'false');
  expect(host.errors).toEqual([]);
});

test('the static code shows until the frame is live; frames below the fold wait with their room reserved; load=click waits for Try it', async ({
  page,
  site,
  playground,
}) => {
  const link = await permalinkOf({ 'card.md': CARD });
  const pre = `<pre><code>${CARD.replace(/</g, '&lt;')}</code></pre>`;
  site.serve(
    '/static.html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Static</title>
<script src="${playground}/agentcard-playground.js" defer></script></head><body>
<agentcard-playground id="click" load="click" permalink="${link}">${pre}</agentcard-playground>
<div style="height: 3000px"></div>
<agentcard-playground id="below" permalink="${link}" style="--agentcard-accent: #c026d3">${pre}</agentcard-playground>
</body></html>`,
  );
  const host = new HostPage(page);
  await page.setViewportSize({ width: 1000, height: 700 });
  await host.open(`${site.origin}/static.html`);
  const click = page.locator('#click');
  const below = page.locator('#below');
  await expect(click.locator('pre')).toBeVisible();
  await expect(click.locator('pre')).toHaveText(CARD);
  const tryIt = click.getByRole('button', { name: /Try it/ });
  await expect(tryIt).toBeVisible();
  // The reserved room: from the six lines of code, never 0.
  const reserved = await below.evaluate((el) => el.getBoundingClientRect().height);
  expect(reserved).toBeGreaterThan(150);
  await page.waitForTimeout(500);
  expect(await click.locator('iframe').count()).toBe(0);
  expect(await below.locator('iframe').count()).toBe(0);

  await tryIt.click();
  const clicked = await EmbedFrame.of(click.locator('iframe'));
  await expect.poll(() => clicked.text()).toBe(CARD);
  await expect(click.locator('iframe')).toBeVisible();

  await below.scrollIntoViewIfNeeded();
  const lazy = await EmbedFrame.of(below.locator('iframe'));
  await expect.poll(() => lazy.text()).toBe(CARD);
  await expect(below.locator('iframe')).toBeVisible();
  await lazy.expectSizedToContent();
  expect(
    await lazy.frame.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--accent'),
    ),
  ).toBe('#c026d3');
  expect(host.errors).toEqual([]);
});

test('theme="inherit" follows the page: data-theme, a dark class, and back', async ({
  page,
  site,
  playground,
}) => {
  const link = await permalinkOf({ 'card.md': CARD });
  site.serve(
    '/inherit.html',
    `<!doctype html><html lang="en" data-theme="dark"><head><meta charset="utf-8"><title>Inherit</title>
<script src="${playground}/agentcard-playground.js" defer></script></head><body>
<agentcard-playground id="inherit" theme="inherit" permalink="${link}"></agentcard-playground>
</body></html>`,
  );
  const host = new HostPage(page);
  await host.open(`${site.origin}/inherit.html`);
  const embed = await EmbedFrame.of(page.locator('#inherit iframe'));
  await expect.poll(() => embed.theme()).toBe('dark');
  await page.evaluate(() => (document.documentElement.dataset['theme'] = 'light'));
  await expect.poll(() => embed.theme()).toBe('light');
  await page.evaluate(() => {
    delete document.documentElement.dataset['theme'];
    document.documentElement.classList.add('dark');
  });
  await expect.poll(() => embed.theme()).toBe('dark');
  expect(host.errors).toEqual([]);
});
