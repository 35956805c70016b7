/**
 * Stories of a documentation site on another origin that embeds the playground with an iframe, following
 * docs/embedding.md: its page runs public/embed-demo-host.js, the host script the docs show.
 */
import { decodePermalink } from '../../src/permalink/permalink.ts';
import { TEST_IDS } from '../../src/app/test-ids.ts';
import { EmbedFrame, expect, HostPage, permalinkOf, test, type HostSite } from './embed-host.ts';
import { PlaygroundPage } from './playground-page.ts';

const SIZER = `---
type: agent
name: sizer
---
Given an object, respond only with an estimate of its size.
`;

const WITH_TYPO = `---
type: agent
name: typo
temprature: 0.2
---
Misspelled a field.
`;

// No instruction: a note (`default-instruction`) and nothing else.
const QUIET = `---
type: agent
name: quiet
---
`;

/** Serves a docs page with one embed (`embed-1`, with `query` and `fragment`) and a same-site sibling frame. */
function docsPage(site: HostSite, playground: string, query: string, fragment = ''): string {
  site.serve(
    '/docs.html',
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Docs</title>
<script src="/embed-demo-host.js" defer></script></head>
<body><h1>Sizing agents</h1><p>Prose before the embed.</p>
<iframe id="embed-1" class="agentcard-embed" data-status="status-1" title="Playground"
  style="width: 700px; border: 0; display: block"
  src="${playground}/embed.html?${query}${fragment}"></iframe>
<p>Status: <output id="status-1"></output></p>
<iframe id="sibling" src="/sibling.html" style="width: 10px; height: 10px"></iframe>
</body></html>`,
  );
  site.serve('/sibling.html', '<!doctype html><title>sibling</title><p>ad</p>');
  return `${site.origin}/docs.html`;
}

async function openDocs(
  page: import('@playwright/test').Page,
  site: HostSite,
  playground: string,
  query: string,
  fragment = '',
): Promise<{ host: HostPage; embed: EmbedFrame }> {
  const host = new HostPage(page);
  await host.open(docsPage(site, playground, query, fragment));
  const embed = await EmbedFrame.of(page.locator('#embed-1'));
  return { host, embed };
}

test.describe('an iframe embed on a page of another origin', () => {
  test('shows the card of its permalink, reports ready, diagnostics and compiled output, and fits its content', async ({
    page,
    site,
    playground,
  }) => {
    const { host, embed } = await openDocs(
      page,
      site,
      playground,
      'view=split',
      await permalinkOf({ 'sizer.md': SIZER }),
    );
    await expect(embed.editorContent).toContainText('respond only with an estimate');
    await expect.poll(() => host.messages('embed-1', 'compiled')).not.toHaveLength(0);
    const received = await host.received();
    const fromEmbed = received.filter((m) => m.from === 'embed-1');
    expect(new Set(fromEmbed.map((m) => m.origin))).toEqual(new Set([playground]));
    expect(fromEmbed.map((m) => m.data.type)).toEqual(
      expect.arrayContaining(['ready', 'resize', 'diagnostics', 'compiled']),
    );
    const [ready] = await host.messages('embed-1', 'ready');
    expect(ready?.payload).toEqual({
      files: ['sizer.md'],
      active: 'sizer.md',
      readonly: false,
      theme: 'auto',
    });
    // The first card is shown once the first check is in; `compiled` follows it.
    await expect
      .poll(async () => (await host.messages('embed-1', 'compiled')).at(-1)?.payload)
      .toMatchObject({
        agents: [{ name: 'sizer', type: 'agent', file: 'sizer.md', ok: true }],
        selected: { name: 'sizer', type: 'agent', ok: true, data: { type: 'basic' } },
      });
    await expect(page.locator('#status-1')).toHaveText('0 error(s), 0 warning(s)');
    await embed.expectSizedToContent();
    expect(host.errors).toEqual([]);
  });

  // The second card has a problem whose fix loads after the first check, which the worker then repeats:
  // what that repeat says is what the host already has, so it is not reported again.
  for (const [label, card] of [
    ['a card', SIZER],
    ['a card with a problem whose fix loads later', SIZER + '---USER\na chair\n---ASSISTANT\n'],
  ] as const)
    test(`reports diagnostics and compiled output once at load and once after each edit (${label})`, async ({
      page,
      site,
      playground,
    }) => {
      const { host, embed } = await openDocs(
        page,
        site,
        playground,
        'view=split',
        await permalinkOf({ 'sizer.md': card }),
      );
      const counts = async () => ({
        diagnostics: (await host.messages('embed-1', 'diagnostics')).length,
        compiled: (await host.messages('embed-1', 'compiled')).map((m) =>
          JSON.stringify(m.payload?.['selected']).includes('Measured twice') ? 'edited' : 'loaded',
        ),
      });
      // The card shown is selected before anything is reported: the first `compiled` already names it.
      await expect.poll(() => host.messages('embed-1', 'compiled')).not.toHaveLength(0);
      const [first] = await host.messages('embed-1', 'compiled');
      expect(first?.payload).toMatchObject({ selected: { name: 'sizer' } });
      expect(await counts()).toEqual({ diagnostics: 1, compiled: ['loaded'] });

      // One edit: the whole sentence arrives at once, as a paste or an input method gives it.
      await embed.editorContent.click();
      await embed.editorContent.press('ControlOrMeta+End');
      await page.keyboard.insertText('Measured twice.');
      await expect.poll(async () => (await counts()).compiled).toContain('edited');
      expect(await counts()).toEqual({ diagnostics: 2, compiled: ['loaded', 'edited'] });
      expect(host.errors).toEqual([]);
    });

  test('grows and shrinks the iframe with its content, never scrolling inside', async ({
    page,
    site,
    playground,
  }) => {
    const { embed } = await openDocs(
      page,
      site,
      playground,
      '',
      await permalinkOf({ 'sizer.md': SIZER }),
    );
    await expect(embed.editorContent).toContainText('sizer');
    // On the short Problems tab (a clean card opens on Output, taller than its five lines) the editor's
    // lines decide the height.
    await page
      .locator('#embed-1')
      .contentFrame()
      .getByRole('tab', { name: /^Problems/ })
      .click();
    const before = await embed.expectSizedToContent();
    await embed.editorContent.click();
    await embed.editorContent.press('ControlOrMeta+End');
    await page.keyboard.insertText('\nline\nline\nline\nline\nline\nline\nline\nline\nline\nline');
    await expect.poll(async () => (await embed.heights()).iframe).toBeGreaterThan(before + 150);
    const grown = await embed.expectSizedToContent();
    await page.keyboard.press('ControlOrMeta+Z');
    await expect.poll(() => embed.text()).toBe(SIZER);
    await expect.poll(async () => (await embed.heights()).iframe).toBeLessThan(grown - 150);
    expect(await embed.expectSizedToContent()).toBe(before);
  });

  test('read-only forbids edits until the host allows them', async ({ page, site, playground }) => {
    const { host, embed } = await openDocs(
      page,
      site,
      playground,
      'readonly',
      await permalinkOf({ 'sizer.md': SIZER }),
    );
    await expect(embed.root).toHaveAttribute('data-readonly', 'true');
    await embed.editorContent.click();
    await page.keyboard.type('EDITED');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Backspace');
    expect(await embed.text()).toBe(SIZER);
    await host.post(
      page.locator('#embed-1'),
      {
        source: 'agentcard-playground',
        version: 1,
        type: 'setReadonly',
        payload: { readonly: false },
      },
      playground,
    );
    await expect(embed.root).toHaveAttribute('data-readonly', 'false');
    await embed.editorContent.click();
    await embed.editorContent.press('ControlOrMeta+End');
    await page.keyboard.type('EDITED');
    await expect.poll(() => embed.text()).toBe(`${SIZER}EDITED`);
  });

  test('takes files and a theme from the host and reports the new diagnostics', async ({
    page,
    site,
    playground,
  }) => {
    const { host, embed } = await openDocs(page, site, playground, '');
    await expect(embed.waiting).toBeVisible();
    await expect.poll(() => host.messages('embed-1', 'ready')).toHaveLength(1);
    expect(await host.messages('embed-1', 'diagnostics')).toEqual([]);
    await host.post(
      page.locator('#embed-1'),
      {
        source: 'agentcard-playground',
        version: 1,
        type: 'setFiles',
        payload: { files: { 'sizer.md': SIZER, 'typo.md': WITH_TYPO }, active: 'typo.md' },
      },
      playground,
    );
    await expect(embed.fileTabs).toHaveText(['sizer.md', 'typo.md']);
    await expect(embed.fileTabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(embed.editorContent).toContainText('temprature');
    await expect
      .poll(async () => (await host.messages('embed-1', 'diagnostics')).at(-1)?.payload)
      .toMatchObject({
        counts: { error: 1 },
        diagnostics: [{ code: 'unknown-field', severity: 'error', file: 'typo.md', line: 4 }],
      });
    await expect(page.locator('#status-1')).toHaveText('1 error(s), 0 warning(s)');

    await host.post(
      page.locator('#embed-1'),
      {
        source: 'agentcard-playground',
        version: 1,
        type: 'setTheme',
        payload: { theme: 'dark' },
      },
      playground,
    );
    await expect.poll(() => embed.theme()).toBe('dark');
    await expect(embed.editor.locator('.cm-editor')).toHaveCSS(
      'background-color',
      'rgb(13, 17, 23)',
    );
    await embed.fileTabs.first().click();
    await expect(embed.editorContent).toContainText('estimate of its size');
  });

  test('ignores malformed messages and messages from other windows; markup in files stays text', async ({
    page,
    site,
    playground,
  }) => {
    const { host, embed } = await openDocs(
      page,
      site,
      playground,
      '',
      await permalinkOf({ 'sizer.md': SIZER }),
    );
    await expect(embed.editorContent).toContainText('sizer');
    const frame = page.locator('#embed-1');
    const envelope = { source: 'agentcard-playground', version: 1 };
    const evil = { 'evil.md': '---\ntype: agent\n---\nreplaced\n' };
    for (const message of [
      'setFiles',
      { type: 'setFiles', payload: { files: evil } },
      { ...envelope, source: 'someone-else', type: 'setFiles', payload: { files: evil } },
      { ...envelope, version: 2, id: 'v2', type: 'setFiles', payload: { files: evil } },
      { ...envelope, id: 'unknown', type: 'runScript', payload: { code: 'alert(1)' } },
      { ...envelope, id: 'extra', type: 'setFiles', payload: { files: evil, html: '<b>x</b>' } },
      {
        ...envelope,
        id: 'path',
        type: 'setFiles',
        payload: { files: { '../../etc/passwd': 'x' } },
      },
      {
        ...envelope,
        id: 'big',
        type: 'setFiles',
        payload: { files: { 'a.md': 'x'.repeat(600_000) } },
      },
      { ...envelope, id: 'theme', type: 'setTheme', payload: { theme: 'url(javascript:1)' } },
    ])
      await host.post(frame, message, playground);
    // From a sibling frame of the host's own origin: not the parent, so ignored although well formed.
    const sibling = page.frames().find((f) => f.url().endsWith('/sibling.html'))!;
    await sibling.evaluate(
      ([files, target]) => {
        const embed = (window.parent.document.getElementById('embed-1') as HTMLIFrameElement)
          .contentWindow!;
        embed.postMessage(
          { source: 'agentcard-playground', version: 1, type: 'setFiles', payload: { files } },
          target,
        );
      },
      [evil, playground] as const,
    );
    await expect
      .poll(async () => (await host.messages('embed-1', 'rejected')).map((m) => m.id).sort())
      .toEqual(['big', 'extra', 'path', 'theme', 'unknown', 'v2']);
    expect(await embed.paths()).toEqual(['sizer.md']);
    expect(await embed.text()).toBe(SIZER);
    expect(await embed.theme()).toBe('light');

    const markup = '<img src=x onerror="window.top.__pwned = 1">';
    await host.post(
      frame,
      {
        ...envelope,
        type: 'setFiles',
        payload: {
          files: { [`${markup}.md`]: `---\ntype: agent\nname: x\n---\n${markup}\n`, 'b.md': SIZER },
        },
      },
      playground,
    );
    await expect(embed.fileTabs.first()).toHaveText(`${markup}.md`);
    await expect(embed.editorContent).toContainText(markup);
    expect(await embed.frame.locator('img').count()).toBe(0);
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
    ).toBeUndefined();
  });

  test('talks to no page but those its origins option allows', async ({
    page,
    site,
    playground,
  }) => {
    const { host, embed } = await openDocs(
      page,
      site,
      playground,
      'origins=https://docs.example',
      await permalinkOf({ 'sizer.md': SIZER }),
    );
    await expect(embed.editorContent).toContainText('sizer');
    await host.post(
      page.locator('#embed-1'),
      {
        source: 'agentcard-playground',
        version: 1,
        type: 'setFiles',
        payload: { files: { 'other.md': WITH_TYPO } },
      },
      playground,
    );
    await page.waitForTimeout(300);
    expect(await embed.paths()).toEqual(['sizer.md']);
    expect((await host.received()).filter((m) => m.from === 'embed-1')).toEqual([]);
  });

  test('never opens IndexedDB, however much the reader edits', async ({
    page,
    site,
    playground,
  }) => {
    const { embed } = await openDocs(
      page,
      site,
      playground,
      '',
      await permalinkOf({ 'sizer.md': SIZER }),
    );
    await expect(embed.editorContent).toContainText('sizer');
    await embed.typeAtEnd('More text.');
    await expect.poll(() => embed.text()).toContain('More text.');
    await page.waitForTimeout(1500); // longer than the app's autosave delay
    expect(await embed.idbOpens()).toBe(0);
    // The counter is live in the embed's window: a call now is counted.
    await embed.frame.evaluate(() => {
      try {
        indexedDB.open('probe');
      } catch {
        // Third-party storage may be refused; the call was still made.
      }
    });
    expect(await embed.idbOpens()).toBe(1);
  });

  test('Open in playground carries the edited content to the full app, even when clicked at once', async ({
    page,
    site,
    playground,
  }) => {
    const { embed } = await openDocs(
      page,
      site,
      playground,
      '',
      await permalinkOf({ 'sizer.md': SIZER }),
    );
    await expect(embed.openLink).toHaveAttribute('href', new RegExp(`^${playground}/#v1:`));
    const before = await embed.openLink.getAttribute('href');
    const decoded = await decodePermalink(before!);
    expect(decoded.ok && decoded.envelope.files).toEqual({ 'sizer.md': SIZER });

    await embed.typeAtEnd('Edited in the docs.');
    const [app] = await Promise.all([page.waitForEvent('popup'), embed.openLink.click()]);
    await expect(app.locator('.cm-content')).toContainText('Edited in the docs.');
    await new PlaygroundPage(app).expectText(`${SIZER}Edited in the docs.`);
    // The link itself follows the edit too.
    await expect(embed.openLink).not.toHaveAttribute('href', before!);
    const after = await decodePermalink((await embed.openLink.getAttribute('href'))!);
    expect(after.ok && after.envelope.files).toEqual({ 'sizer.md': `${SIZER}Edited in the docs.` });
  });

  test('Tab into the embed editor and Tab again moves focus on and leaves the card alone', async ({
    page,
    site,
    playground,
  }) => {
    const { embed } = await openDocs(
      page,
      site,
      playground,
      '',
      await permalinkOf({ 'sizer.md': SIZER }),
    );
    await embed.editorContent.focus();
    const hint = embed.editor.locator('.cm-tab-hint');
    await expect(hint).toHaveText(/^Tab moves focus/);
    await page.keyboard.press('Tab');
    await expect(hint).toBeHidden();
    const inside = page.locator('#embed-1').contentFrame();
    await expect(inside.locator('.cm-editor.cm-focused')).toHaveCount(0);
    expect(await embed.text()).toBe(SIZER);
  });

  test('a read-only embed offers no Convert, and offers it once the host allows edits', async ({
    page,
    site,
    playground,
  }) => {
    const { host, embed } = await openDocs(
      page,
      site,
      playground,
      'view=output&readonly',
      await permalinkOf({ 'sizer.md': SIZER }),
    );
    const inside = page.locator('#embed-1').contentFrame();
    await expect(embed.outputJson).toContainText('sizer');
    await expect(inside.getByRole('button', { name: 'Convert' })).toHaveCount(0);
    await expect(inside.getByTestId(TEST_IDS.convertSelect)).toHaveCount(0);
    await host.post(
      page.locator('#embed-1'),
      {
        source: 'agentcard-playground',
        version: 1,
        type: 'setReadonly',
        payload: { readonly: false },
      },
      playground,
    );
    await expect(inside.getByRole('button', { name: 'Convert' })).toBeVisible();
    expect(await embed.paths()).toEqual(['sizer.md']);
  });

  test('view=output starts on the compiled output; load=click shows the code and a Try it button, and Try it loads the live embed', async ({
    page,
    site,
    playground,
  }) => {
    const { host, embed } = await openDocs(
      page,
      site,
      playground,
      'view=output&load=click&lines=10',
      await permalinkOf({ 'sizer.md': SIZER, 'typo.md': WITH_TYPO }),
    );
    await expect(embed.loadButton).toHaveText('Try it');
    await expect(embed.staticCode).toHaveText(SIZER);
    await expect(embed.staticCode.locator('.ac-key')).toHaveText(['type', 'name']);
    await expect(embed.staticView).toContainText('sizer.md (+1 more file)');
    // The embed's own button style (the palette's primary), not the browser's bare default.
    await expect(embed.loadButton).toHaveCSS('background-color', 'rgb(9, 105, 218)');
    await expect(embed.loadButton).toHaveCSS('color', 'rgb(255, 255, 255)');
    await expect(embed.editor).toHaveCount(0);
    await embed.expectSizedToContent();
    expect(await host.messages('embed-1', 'ready')).toEqual([]);
    await embed.loadButton.click();
    const inside = page.locator('#embed-1').contentFrame();
    await expect(inside.getByRole('tab', { name: 'Output' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(embed.outputJson).toContainText('sizer');
    await expect(embed.staticView).toHaveCount(0);
    await expect.poll(() => host.messages('embed-1', 'ready')).toHaveLength(1);
    await embed.expectSizedToContent();
  });

  test('load=click without a link shows the files the page sends before Try it', async ({
    page,
    site,
    playground,
  }) => {
    const { host, embed } = await openDocs(page, site, playground, 'load=click');
    await expect(embed.loadButton).toBeVisible();
    await expect(embed.staticView).toContainText('Press Try it');
    await host.post(
      page.locator('#embed-1'),
      {
        source: 'agentcard-playground',
        version: 1,
        type: 'setFiles',
        payload: { files: { 'typo.md': WITH_TYPO } },
      },
      playground,
    );
    await expect(embed.staticCode).toHaveText(WITH_TYPO);
    await embed.loadButton.click();
    await expect(embed.editorContent).toContainText('temprature');
  });

  test('a clean card opens the split view on Output, and no tab moves as the reader types', async ({
    page,
    site,
    playground,
  }) => {
    const { embed } = await openDocs(
      page,
      site,
      playground,
      '',
      await permalinkOf({ 'sizer.md': SIZER }),
    );
    const inside = page.locator('#embed-1').contentFrame();
    const output = inside.getByRole('tab', { name: 'Output' });
    const problems = inside.getByRole('tab', { name: /^Problems/ });
    await expect(embed.outputJson).toContainText('sizer');
    await expect(output).toHaveAttribute('aria-selected', 'true');
    // A problem typed in does not take the reader away from the output they are reading.
    await embed.editorContent.click();
    await embed.editorContent.press('ControlOrMeta+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.insertText('temprature: 1\n');
    await expect(problems).toHaveText('Problems (1)');
    await expect(output).toHaveAttribute('aria-selected', 'true');
    // Nor, once the reader has picked Problems, does fixing it take them back.
    await problems.click();
    await page.keyboard.press('ControlOrMeta+Z');
    await expect(problems).toHaveText('Problems (0)');
    await expect(problems).toHaveAttribute('aria-selected', 'true');
    await expect(inside.getByText('No problems in this workspace.')).toBeVisible();
  });

  test('a card with a problem opens the split view on its Problems', async ({
    page,
    site,
    playground,
  }) => {
    const { embed } = await openDocs(
      page,
      site,
      playground,
      '',
      await permalinkOf({ 'typo.md': WITH_TYPO }),
    );
    const inside = page.locator('#embed-1').contentFrame();
    const problems = inside.getByRole('tab', { name: /^Problems/ });
    await expect(embed.editorContent).toContainText('temprature');
    await expect(problems).toHaveAttribute('aria-selected', 'true');
    await expect(problems).toHaveText('Problems (1)');
    await expect(inside.getByTestId(TEST_IDS.diagnosticRow)).toHaveAttribute(
      'data-code',
      'unknown-field',
    );
  });

  test("the header's counts add up to the Problems tab's, notes included", async ({
    page,
    site,
    playground,
  }) => {
    const { embed } = await openDocs(
      page,
      site,
      playground,
      '',
      await permalinkOf({ 'quiet.md': QUIET, 'typo.md': WITH_TYPO }),
    );
    const inside = page.locator('#embed-1').contentFrame();
    await expect(inside.getByRole('tab', { name: /^Problems/ })).toHaveText('Problems (2)');
    await expect(embed.counts).toHaveText(/^1 error\s*0 warnings\s*1 note$/);
    await expect(inside.getByTestId(TEST_IDS.diagnosticRow)).toHaveCount(2);
  });
});
