/**
 * Stories of a documentation site on another origin that uses the `<agentcard-playground>` element: one script
 * tag from the playground, cards inline, and a strict Content-Security-Policy of its own.
 */
import { EmbedFrame, expect, HostPage, permalinkOf, test, type HostSite } from './embed-host.ts';

/** Serves a docs page with two elements: `#first` (one card with an error) and `#second` (two files). */
function twoElementsPage(site: HostSite, playground: string): string {
  site.serve(
    '/guide.html',
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src ${playground}; frame-src ${playground}; style-src 'self'">
<title>Guide</title>
<script src="${playground}/agentcard-playground.js" defer></script></head>
<body>
<h1>Writing cards</h1>
<p>A card with a mistake:</p>
<agentcard-playground id="first" view="split">
  <script type="text/agentcard" data-file="sizer.md">
    ---
    type: agent
    name: sizer
    temprature: 0.2
    ---
    Given an object, respond only with an estimate of its size.
  </script>
</agentcard-playground>
<p>A chain over two files, read-only, in the dark:</p>
<agentcard-playground id="second" view="output" readonly theme="dark">
  <script type="text/agentcard" data-file="pipeline.yaml">
    type: chain
    name: pipeline
    sequence: [writer]
  </script>
  <script type="text/agentcard" data-file="writer.md">
    ---
    type: agent
    name: writer
    ---
    Write a short poem.
  </script>
</agentcard-playground>
</body></html>`,
  );
  return `${site.origin}/guide.html`;
}

const FIRST_CARD = `---
type: agent
name: sizer
temprature: 0.2
---
Given an object, respond only with an estimate of its size.
`;

test.describe('the <agentcard-playground> element on a page of another origin', () => {
  test('two elements each show their own inline cards, fit their content and report their own results', async ({
    page,
    site,
    playground,
  }) => {
    const host = new HostPage(page);
    await host.open(twoElementsPage(site, playground));
    const first = await EmbedFrame.of(page.locator('#first iframe'));
    const second = await EmbedFrame.of(page.locator('#second iframe'));

    await expect.poll(() => first.text()).toBe(FIRST_CARD);
    await expect.poll(() => second.paths()).toEqual(['pipeline.yaml', 'writer.md']);
    await expect(second.root).toHaveAttribute('data-readonly', 'true');
    await expect.poll(() => second.theme()).toBe('dark');
    expect(await first.theme()).not.toBe('dark');

    await expect
      .poll(async () => {
        const events = await host.events();
        return (
          events.filter((e) => e.type === 'diagnostics').at(-1) && {
            first: events.filter((e) => e.type === 'diagnostics' && e.target === 'first').at(-1)
              ?.detail,
            second: events.filter((e) => e.type === 'diagnostics' && e.target === 'second').at(-1)
              ?.detail,
          }
        );
      })
      .toMatchObject({
        first: { counts: { error: 1 }, diagnostics: [{ code: 'unknown-field', file: 'sizer.md' }] },
        // The chain gives no instruction: a note says what fast-agent would use (rfc profile).
        second: {
          counts: { error: 0 },
          diagnostics: [{ code: 'default-instruction', severity: 'info', file: 'pipeline.yaml' }],
        },
      });
    await expect
      .poll(
        async () =>
          (await host.events()).filter((e) => e.type === 'compiled' && e.target === 'second').at(-1)
            ?.detail,
      )
      .toMatchObject({ selected: { name: 'pipeline', type: 'chain' } });
    expect(
      (await host.events())
        .filter((e) => e.type === 'ready')
        .map((e) => e.target)
        .sort(),
    ).toEqual(['first', 'second']);

    await first.expectSizedToContent();
    await second.expectSizedToContent();
    const before = (await first.heights()).iframe;
    await first.typeAtEnd('');
    await page.keyboard.insertText('\nMore.\nMore.\nMore.\nMore.\nMore.\nMore.\nMore.\nMore.');
    await expect.poll(async () => (await first.heights()).iframe).toBeGreaterThan(before + 120);
    await first.expectSizedToContent();

    expect(await host.violations()).toEqual([]);
    expect(host.errors).toEqual([]);
  });

  test('theme and readonly attributes apply live; setFiles() replaces the cards', async ({
    page,
    site,
    playground,
  }) => {
    const host = new HostPage(page);
    await host.open(twoElementsPage(site, playground));
    const first = await EmbedFrame.of(page.locator('#first iframe'));
    await expect.poll(() => first.text()).toBe(FIRST_CARD);

    await page.locator('#first').evaluate((el) => el.setAttribute('theme', 'dark'));
    await expect.poll(() => first.theme()).toBe('dark');

    await page.locator('#first').evaluate((el) => el.setAttribute('readonly', ''));
    await expect(first.root).toHaveAttribute('data-readonly', 'true');
    await first.editorContent.click();
    await page.keyboard.type('nope');
    expect(await first.text()).toBe(FIRST_CARD);
    await page.locator('#first').evaluate((el) => el.removeAttribute('readonly'));
    await expect(first.root).toHaveAttribute('data-readonly', 'false');
    await first.typeAtEnd('yes');
    await expect.poll(() => first.text()).toBe(`${FIRST_CARD}yes`);

    await page.locator('#first').evaluate((el) =>
      (el as HTMLElement & { setFiles(files: Record<string, string>): void }).setFiles({
        'fresh.md': '---\ntype: agent\nname: fresh\n---\nNew.\n',
      }),
    );
    await expect.poll(() => first.paths()).toEqual(['fresh.md']);
    await expect
      .poll(
        async () =>
          (await host.events())
            .filter((e) => e.type === 'diagnostics' && e.target === 'first')
            .at(-1)?.detail,
      )
      .toMatchObject({ counts: { error: 0 } });
    // The other element was not touched.
    const second = await EmbedFrame.of(page.locator('#second iframe'));
    expect(await second.paths()).toEqual(['pipeline.yaml', 'writer.md']);
  });
});

test('an element shows a permalink, and a new one replaces it in place', async ({
  page,
  site,
  playground,
}) => {
  const one = await permalinkOf({ 'one.md': '---\ntype: agent\nname: one\n---\nFirst.\n' });
  const two = await permalinkOf({ 'two.md': '---\ntype: agent\nname: two\n---\nSecond.\n' });
  site.serve(
    '/link.html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Link</title>
<script src="${playground}/agentcard-playground.js" defer></script></head>
<body><agentcard-playground id="linked" permalink="${one}"></agentcard-playground></body></html>`,
  );
  const host = new HostPage(page);
  await host.open(`${site.origin}/link.html`);
  const embed = await EmbedFrame.of(page.locator('#linked iframe'));
  await expect.poll(() => embed.paths()).toEqual(['one.md']);
  await expect.poll(async () => (await host.messages('linked', 'ready')).length).toBe(1);
  await page.locator('#linked').evaluate((el, link) => el.setAttribute('permalink', link), two);
  await expect.poll(() => embed.paths()).toEqual(['two.md']);
  // The same document, still listening: no second ready, and live attributes still reach it.
  await page.locator('#linked').evaluate((el) => el.setAttribute('theme', 'dark'));
  await expect.poll(() => embed.theme()).toBe('dark');
  expect(await host.messages('linked', 'ready')).toHaveLength(1);
  expect(host.errors).toEqual([]);
});

test('the demo page in the build shows both ways without errors', async ({ page }) => {
  const host = new HostPage(page);
  await host.open('/embed-demo.html');
  const iframe = await EmbedFrame.of(page.locator('#embed-1'));
  await expect(iframe.editorContent).toContainText('estimate of its size');
  await expect(page.locator('#status-1')).toHaveText('0 error(s), 0 warning(s)');
  const elements = page.locator('agentcard-playground');
  await expect(elements).toHaveCount(2);
  for (const i of [0, 1]) {
    const embed = await EmbedFrame.of(elements.nth(i).locator('iframe'));
    await expect(embed.root).toBeVisible();
    await expect.poll(async () => (await embed.paths())?.length ?? 0).toBeGreaterThan(0);
    await embed.expectSizedToContent();
  }
  await page.getByRole('button', { name: 'Dark' }).click();
  await expect.poll(() => iframe.theme()).toBe('dark');
  expect(await host.violations()).toEqual([]);
  expect(host.errors).toEqual([]);
});
