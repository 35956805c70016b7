/**
 * Stories of the Graph view: the load-set's agents and references drawn beside Output, following typing,
 * selecting cards both ways, exporting, and the embed's `view=graph`.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { encodePermalink } from '../../src/app/permalink/permalink.ts';
import { TEST_IDS } from '../../src/app/test-ids.ts';
import { PlaygroundPage } from './playground-page.ts';

/** The RFC's multi-card bundle: two agents and the chain over them. */
const RFC_CHAIN = `---
type: agent
name: url_fetcher
servers:
  - fetch
---
Given a URL, provide a complete and comprehensive summary.

---
type: agent
name: social_media
---
Write a 280 character social media post for any given text.

---
type: chain
name: post_writer
sequence:
  - url_fetcher
  - social_media
---
`;

async function openChain(page: import('@playwright/test').Page): Promise<PlaygroundPage> {
  const app = new PlaygroundPage(page);
  await app.open();
  await app.replaceText(RFC_CHAIN);
  await app.waitForChecked();
  await app.showTab('Graph');
  await expect(app.graphNodes).toHaveCount(3);
  return app;
}

test.describe('the Graph view', () => {
  test('shows the RFC chain bundle as three nodes and two numbered edges', async ({ page }) => {
    const app = await openChain(page);
    await expect(app.graphNode('post_writer')).toHaveAccessibleName('post_writer, chain');
    await expect(app.graphNode('url_fetcher')).toHaveAttribute('data-status', 'ok');
    await expect(app.graphEdges).toHaveCount(2);
    await expect(app.graphEdges.locator('text.order')).toHaveText(['1', '2']);
    // The text alternative says the same.
    await app.graphPanel.getByText('The graph as a list').click();
    await expect(app.graphList).toContainText('1. url_fetcher (sequence)');
    await expect(app.graphList).toContainText('2. social_media (sequence)');
    expect(app.errors).toEqual([]);
  });

  test('a name typed into sequence is a missing node at once, and turns solid when defined', async ({
    page,
  }) => {
    const app = await openChain(page);
    // Line 19 is `  - social_media` of the chain.
    await app.cursorToEndOfLine(19);
    await page.keyboard.type('\n- summarizer');
    await expect(app.graphNode('summarizer')).toHaveAttribute('data-status', 'missing');
    await expect(app.graphNode('summarizer')).toHaveAccessibleName(/summarizer, missing agent/);
    await expect(app.graphNode('post_writer')).toHaveAttribute('data-status', 'error');
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.insertText('\n---\ntype: agent\nname: summarizer\n---\nSummarise.\n');
    await expect(app.graphNode('summarizer')).toHaveAttribute('data-status', 'ok');
    await expect(app.graphNode('post_writer')).toHaveAttribute('data-status', 'ok');
    await expect(app.graphNodes).toHaveCount(4);
  });

  test('clicking a node selects its card; the cursor in a card highlights its node', async ({
    page,
  }) => {
    const app = await openChain(page);
    await app.graphNode('social_media').click();
    await expect(app.graphNode('social_media')).toHaveAttribute('aria-pressed', 'true');
    await app.showTab('Cards');
    await expect(app.splitRow('social_media')).toHaveAttribute('aria-pressed', 'true');
    await app.showTab('Graph');
    await app.cursorToEndOfLine(2);
    await expect(app.graphNode('url_fetcher')).toHaveAttribute('aria-pressed', 'true');
    await expect(app.graphNode('social_media')).toHaveAttribute('aria-pressed', 'false');
    // Arrow keys follow edges: from the chain, Right goes to its first step.
    await app.graphNode('post_writer').focus();
    await page.keyboard.press('ArrowRight');
    await expect(app.graphNode('url_fetcher')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(app.graphNode('post_writer')).toBeFocused();
  });

  test('after prose moves the cards down, the cursor and clicks still find the right card', async ({
    page,
  }) => {
    const app = await openChain(page);
    // Two lines of prose in url_fetcher's body (line 7): the drawing stays as it was (nothing it draws
    // changed), but every later card starts two lines further down.
    await app.cursorToEndOfLine(7);
    await page.keyboard.type('\n\nMore prose.');
    // Line 13 is now `name: social_media`.
    await app.cursorToEndOfLine(13);
    await expect(app.graphNode('social_media')).toHaveAttribute('aria-pressed', 'true');
    await expect(app.graphNode('url_fetcher')).toHaveAttribute('aria-pressed', 'false');
    await app.graphNode('post_writer').click();
    await expect(app.graphNode('post_writer')).toHaveAttribute('aria-pressed', 'true');
    await app.showTab('Cards');
    await expect(app.splitRow('post_writer')).toHaveAttribute('aria-pressed', 'true');
  });

  test('Export SVG downloads a valid standalone SVG of the whole graph', async ({ page }) => {
    const app = await openChain(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      app.graphPanel.getByRole('button', { name: 'SVG' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('agents.svg');
    const text = readFileSync(await download.path(), 'utf8');
    const parsed = await page.evaluate((svg) => {
      const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
      const root = doc.documentElement;
      return {
        error: doc.getElementsByTagName('parsererror').length,
        root: root.localName,
        ns: root.namespaceURI,
        viewBox: root.getAttribute('viewBox'),
        names: [...doc.querySelectorAll('[data-name]')].map((n) => n.getAttribute('data-name')),
        texts: [...doc.querySelectorAll('text')].map((t) => t.textContent),
      };
    }, text);
    expect(parsed).toMatchObject({ error: 0, root: 'svg', ns: 'http://www.w3.org/2000/svg' });
    expect(parsed.viewBox).toMatch(/^0 0 \d+ \d+$/);
    expect(parsed.names.sort()).toEqual(['post_writer', 'social_media', 'url_fetcher']);
    // Each node's name and type, and the chain's step numbers, are drawn in it.
    expect(parsed.texts.sort()).toEqual(
      ['1', '2', 'agent', 'agent', 'chain', 'post_writer', 'social_media', 'url_fetcher'].sort(),
    );
  });

  test('names with a NUL, an ESC, a BEL and a right-to-left override are drawn as pictures and export as valid SVG and PNG', async ({
    page,
  }) => {
    const app = new PlaygroundPage(page);
    await app.open();
    // YAML escapes: the editor's text is plain, the names hold the raw characters.
    const card = (front: string) => `---\n${front}\n---\nDo the job.\n\n`;
    await app.replaceText(
      card('type: agent\nname: "nul\\0name"') +
        card('type: agent\nname: "esc\\e[31mred\\a"') +
        card('type: agent\nname: "rlo\\u202eabc"') +
        card(
          'type: chain\nname: pipeline\nsequence: ["nul\\0name", "esc\\e[31mred\\a", "rlo\\u202eabc"]',
        ),
    );
    await app.waitForChecked();
    await app.showTab('Graph');
    await expect(app.graphNodes).toHaveCount(4);
    const pictured = ['nul␀name', 'esc␛[31mred␇', 'rlo\\u202eabc'];
    await expect
      .poll(() => app.graphPanel.locator('.labels text').allTextContents())
      .toEqual(expect.arrayContaining([...pictured, 'pipeline']));
    const [svgDownload] = await Promise.all([
      page.waitForEvent('download'),
      app.graphPanel.getByRole('button', { name: 'SVG' }).click(),
    ]);
    const svg = readFileSync(await svgDownload.path(), 'utf8');
    expect(svg).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u202a-\u202e]/);
    // Chromium's XML parser is strict: a NUL or an ESC anywhere would be a parsererror.
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      return {
        error: doc.getElementsByTagName('parsererror').length,
        texts: [...doc.querySelectorAll('text')].map((t) => t.textContent),
        names: [...doc.querySelectorAll('[data-name]')].map((n) => n.getAttribute('data-name')),
      };
    }, svg);
    expect(parsed.error).toBe(0);
    expect(parsed.texts).toEqual(expect.arrayContaining(pictured));
    expect(parsed.names.sort()).toEqual([...pictured, 'pipeline'].sort());
    const [pngDownload] = await Promise.all([
      page.waitForEvent('download'),
      app.graphPanel.getByRole('button', { name: 'PNG' }).click(),
    ]);
    expect(pngDownload.suggestedFilename()).toBe('agents.png');
    const png = readFileSync(await pngDownload.path());
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  test('a graph taller than the view is fitted when it arrives: every agent is in view', async ({
    page,
  }) => {
    const app = new PlaygroundPage(page);
    await app.open();
    // The Graph view is open before there are agents (the first layout is of none), as when a reader
    // opens it and then pastes their cards.
    await app.replaceText('');
    await app.waitForChecked();
    await app.showTab('Graph');
    await expect(app.graphPanel.getByText('No agents yet.')).toBeVisible();
    const steps = Array.from({ length: 24 }, (_, i) => `step_${i + 1}`);
    await app.replaceText(
      steps.map((name) => `---\ntype: agent\nname: ${name}\n---\nDo step.\n`).join('') +
        `---\ntype: chain\nname: pipeline\nsequence: [${steps.join(', ')}]\n---\n`,
    );
    await expect(app.graphNodes).toHaveCount(25);
    const view = (await app.graphPanel.locator('.viewport').boundingBox())!;
    await expect(async () => {
      // Every box read in one call: 25 calls, one a node, took seconds under load (the fit could land
      // between them, and the time-out ran out after two attempts).
      const boxes = await app.graphNodes.evaluateAll((nodes) =>
        nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect),
      );
      expect(boxes).toHaveLength(25);
      for (const box of boxes) {
        expect(box.y).toBeGreaterThanOrEqual(view.y - 1);
        expect(box.y + box.height).toBeLessThanOrEqual(view.y + view.height + 1);
        expect(box.x).toBeGreaterThanOrEqual(view.x - 1);
        expect(box.x + box.width).toBeLessThanOrEqual(view.x + view.width + 1);
      }
    }).toPass({ timeout: 5_000 });
  });
});

test('a large graph draws the labels in view, and exports every one', async ({ page }) => {
  const app = new PlaygroundPage(page);
  await app.open();
  const names = Array.from({ length: 210 }, (_, i) => `agent_${String(i).padStart(3, '0')}`);
  await app.pasteIntoEditor(
    names.map((name) => `---\ntype: agent\nname: ${name}\n---\nDo it.\n`).join(''),
  );
  await app.showTab('Graph');
  await expect(app.graphNodes).toHaveCount(names.length);
  const labels = app.graphPanel.locator('.labels text');
  // Fitted, 210 agents are too small to read: no labels.
  await expect(labels).toHaveCount(0);
  // Zoomed in with the wheel over an agent in view: its labels, and only those near the view.
  const view = (await app.graphPanel.locator('.viewport').boundingBox())!;
  let over: { x: number; y: number } | null = null;
  for (const node of await app.graphNodes.all()) {
    const box = (await node.boundingBox())!;
    if (box.y > view.y + 50 && box.y + box.height < view.y + view.height - 50) {
      over = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      break;
    }
  }
  expect(over).not.toBeNull();
  await page.mouse.move(over!.x, over!.y);
  await page.mouse.wheel(0, -1200);
  await expect.poll(() => labels.count()).toBeGreaterThan(0);
  const drawn = await labels.count();
  expect(drawn).toBeLessThan(names.length);
  const under = await page.evaluate(
    ({ x, y }) =>
      document.elementFromPoint(x, y)?.closest('[data-name]')?.getAttribute('data-name'),
    over!,
  );
  await expect(app.graphPanel.locator('.labels text', { hasText: under! })).toHaveCount(1);
  // The export has every agent's name and type, whatever the view shows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    app.graphPanel.getByRole('button', { name: 'SVG' }).click(),
  ]);
  const texts = await page.evaluate(
    (svg) => {
      const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
      return [...doc.querySelectorAll('text')].map((t) => t.textContent);
    },
    readFileSync(await download.path(), 'utf8'),
  );
  expect(texts.filter((t) => t === 'agent')).toHaveLength(names.length);
  expect(texts.filter((t) => t?.startsWith('agent_')).sort()).toEqual(names);
  // Back in the view, the labels are culled again.
  await expect.poll(() => labels.count()).toBe(drawn);
});

test("a graph too large to fit opens on the selected card's agent, and + zooms about it", async ({
  page,
}) => {
  const app = new PlaygroundPage(page);
  await app.open();
  // 400 steps of one chain: a column of agents 40 times as tall as the view at the least zoom.
  const steps = Array.from({ length: 400 }, (_, i) => `step_${i + 1}`);
  await app.pasteIntoEditor(
    steps.map((name) => `---\ntype: agent\nname: ${name}\n---\nDo step.\n`).join('') +
      `---\ntype: chain\nname: pipeline\nsequence: [${steps.join(', ')}]\n---\n`,
  );
  await app.selectCard('step_300');
  await app.showTab('Graph');
  await expect(app.graphNodes).toHaveCount(steps.length + 1);
  const node = app.graphNode('step_300');
  await expect(node).toHaveAttribute('aria-pressed', 'true');
  const viewport = app.graphPanel.locator('.viewport');
  const view = (await viewport.boundingBox())!;
  const centre = async () => {
    const box = (await node.boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  // The selected agent is in view (the drawing's top-left corner, where the view used to open, shows
  // the first steps only).
  const opened = await centre();
  expect(opened.y).toBeGreaterThan(view.y);
  expect(opened.y).toBeLessThan(view.y + view.height);
  expect(opened.x).toBeGreaterThan(view.x);
  expect(opened.x).toBeLessThan(view.x + view.width);
  // Zoomed with the wheel about a corner of the view, the agent is off the view's middle; the + button
  // then zooms about the agent, which stays where it is, instead of about the (empty) middle.
  await page.mouse.move(view.x + 10, view.y + 10);
  await page.mouse.wheel(0, -300);
  await expect.poll(async () => (await centre()).y).not.toBeCloseTo(opened.y, 0);
  const before = await centre();
  expect(Math.abs(before.y - (view.y + view.height / 2))).toBeGreaterThan(20);
  const zoomIn = app.graphPanel.getByRole('button', { name: 'Zoom in' });
  const size = (await node.boundingBox())!.height;
  for (let i = 0; i < 3; i++) await zoomIn.click();
  await expect.poll(async () => (await node.boundingBox())!.height).toBeGreaterThan(size * 1.9);
  const after = await centre();
  expect(after.x).toBeCloseTo(before.x, 0);
  expect(after.y).toBeCloseTo(before.y, 0);
});

test('the embed with view=graph draws the graph above the cards', async ({ page }) => {
  const fragment = await encodePermalink({
    files: { 'bundle.md': RFC_CHAIN },
    active: 'bundle.md',
    profile: 'rfc',
  });
  await page.goto(`/embed.html?view=graph${fragment}`);
  const nodes = page.getByTestId(TEST_IDS.graphNode);
  await expect(nodes).toHaveCount(3);
  await expect(page.getByTestId(TEST_IDS.graphEdge).locator('text.order')).toHaveText(['1', '2']);
  await expect(page.getByRole('tab', { name: 'Graph' })).toHaveAttribute('aria-selected', 'true');
  // The cards stay editable beneath it.
  await expect(page.getByTestId(TEST_IDS.editor).locator('.cm-content')).toContainText(
    'name: post_writer',
  );
  const graphBox = await page.getByTestId(TEST_IDS.graphPanel).boundingBox();
  const editorBox = await page.getByTestId(TEST_IDS.editor).boundingBox();
  expect(graphBox!.y).toBeLessThan(editorBox!.y);
});
