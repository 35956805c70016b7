/**
 * The Share dialog's Embed tab: the current workspace as a docs page's fence, element and iframe, whose
 * permalink is the dialog's own link and whose fence the Markdown plugin reads back as the same files.
 */
import MarkdownIt from 'markdown-it';
import { expect, test } from '@playwright/test';
import markdownItAgentcard from '../../src/markdown/markdown-it.ts';
import { readEmbeds } from '../../src/markdown/plugin-cases.ts';
import { TEST_IDS } from '../../src/app/test-ids.ts';
import { EMBED_TEST_IDS } from '../../src/embed/embed-test-ids.ts';
import { PlaygroundPage } from './playground-page.ts';

// A card of a larger team: two agents defined elsewhere, a misspelt field, and no instruction (a note).
const TEAM_CARD = `---
type: chain
name: review
sequence: [planner, critic]
temprature: 1
---
`;

const CARD = `---
type: agent
name: greeter
---
Greet the reader.
`;

test('the Embed tab gives the fence, the element and the iframe of the current workspace', async ({
  page,
}) => {
  const app = new PlaygroundPage(page);
  await app.open();
  await app.createFile('greeter.md');
  await app.replaceText(CARD);
  const link = await app.shareLink();
  const fragment = link.slice(link.indexOf('#'));

  await app.shareButton.click();
  const dialog = page.getByTestId(TEST_IDS.shareDialog);
  await dialog.getByRole('tab', { name: 'Embed' }).click();
  await expect(dialog.getByRole('tab', { name: 'Embed' })).toHaveAttribute('aria-selected', 'true');
  const fence = dialog.getByTestId(TEST_IDS.shareEmbedFence);
  await expect(fence).toHaveValue(
    /^```agentcard file=greeter\.md\n---\ntype: agent\nname: greeter/,
  );
  const [embed] = await readEmbeds(
    new MarkdownIt().use(markdownItAgentcard).render(await fence.inputValue()),
  );
  expect(embed!.envelope?.active).toBe('greeter.md');
  expect(embed!.envelope?.files['greeter.md']).toBe(CARD);

  const origin = new URL(link).origin;
  await expect(dialog.getByTestId(TEST_IDS.shareEmbedElement)).toHaveValue(
    new RegExp(
      `^<script src="${origin}/agentcard-playground\\.js" defer></script>\\n<agentcard-playground permalink="${fragment}">`,
    ),
  );
  await expect(dialog.getByTestId(TEST_IDS.shareEmbedIframe)).toHaveValue(
    new RegExp(`src="${origin}/embed\\.html${fragment}"`),
  );
  await dialog.getByRole('tab', { name: 'Link' }).click();
  await expect(dialog.getByTestId(TEST_IDS.shareLink)).toHaveValue(link);
});

test('the Embed tab is a configurator: each choice changes the three snippets and the live preview', async ({
  page,
}) => {
  // Every choice reloads the preview's embed (its editor and checker): a few of them take a while.
  test.slow();
  const app = new PlaygroundPage(page);
  await app.open();
  await app.createFile('review.md');
  await app.replaceText(TEAM_CARD);
  await app.shareButton.click();
  const dialog = page.getByTestId(TEST_IDS.shareDialog);
  await dialog.getByRole('tab', { name: 'Embed' }).click();
  const fence = dialog.getByTestId(TEST_IDS.shareEmbedFence);
  const element = dialog.getByTestId(TEST_IDS.shareEmbedElement);
  const iframe = dialog.getByTestId(TEST_IDS.shareEmbedIframe);
  const preview = dialog.getByTestId(TEST_IDS.shareEmbedPreview);
  const inside = preview.contentFrame();
  const firstLine = async () => (await fence.inputValue()).split('\n')[0];

  // The defaults: a split embed of the card, which opens on its problems.
  await expect(fence).toHaveValue(/^```agentcard file=review\.md\n/);
  await expect(preview).toHaveAttribute('src', /\/embed\.html#v1:/);
  await expect(inside.getByRole('tab', { name: /^Problems/ })).toHaveText('Problems (4)');
  await expect(inside.getByRole('tab', { name: /^Problems/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await dialog.getByText('Output', { exact: true }).click();
  await expect.poll(firstLine).toBe('```agentcard file=review.md view=output');
  await expect(element).toHaveValue(/<agentcard-playground permalink="#v1:[\w-]+" view="output">/);
  await expect(iframe).toHaveValue(/embed\.html\?view=output#v1:/);
  await expect(preview).toHaveAttribute('src', /embed\.html\?view=output#v1:/);
  await expect(inside.getByRole('tab', { name: 'Output' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await dialog.getByLabel('Read-only').check();
  await dialog.getByLabel('Theme').selectOption('dark');
  await expect.poll(firstLine).toBe('```agentcard file=review.md view=output readonly theme=dark');
  await expect(element).toHaveValue(/ view="output" readonly theme="dark">/);
  await expect(iframe).toHaveValue(/embed\.html\?view=output&#38;theme=dark&#38;readonly=1#v1:/);
  await expect(inside.getByTestId(EMBED_TEST_IDS.root)).toHaveAttribute('data-readonly', 'true');
  await expect.poll(() => inside.locator('html').getAttribute('data-theme')).toBe('dark');

  // The workspace's own problems are offered: its unknown agents and its codes.
  await dialog.getByRole('button', { name: '+ planner' }).click();
  await dialog.getByRole('button', { name: '+ critic' }).click();
  await dialog.getByRole('button', { name: '+ unknown-field' }).click();
  await expect(dialog.getByLabel('Agents defined elsewhere')).toHaveValue('planner, critic');
  await expect
    .poll(firstLine)
    .toBe(
      '```agentcard file=review.md view=output readonly theme=dark hide=unknown-field agents=planner,critic',
    );
  await expect(element).toHaveValue(/ hide="unknown-field" agents="planner,critic">/);
  await expect(inside.getByRole('tab', { name: /^Problems/ })).toHaveText('Problems (1)');

  // A name no snippet can carry is left out, and said so.
  await dialog.getByLabel('Agents defined elsewhere').fill('planner, critic, <b>x</b>');
  await expect(dialog.getByTestId(TEST_IDS.shareEmbedProblem)).toContainText('<b>x</b>');
  await expect(fence).not.toHaveValue(/<b>/);

  await dialog.getByLabel('Lines').fill('12');
  await dialog.getByLabel('Load on click').check();
  await expect
    .poll(firstLine)
    .toBe(
      '```agentcard file=review.md view=output readonly theme=dark lines=12 load=click hide=unknown-field agents=planner,critic',
    );
  await expect(inside.getByTestId(EMBED_TEST_IDS.loadButton)).toHaveText('Try it');
  await expect(inside.getByTestId(EMBED_TEST_IDS.staticCode)).toHaveText(TEAM_CARD);

  // What the fence asks for is what the Markdown plugin builds.
  const [embed] = await readEmbeds(
    new MarkdownIt().use(markdownItAgentcard).render(await fence.inputValue()),
  );
  expect(embed!.attributes).toMatchObject({
    view: 'output',
    readonly: '',
    theme: 'dark',
    lines: '12',
    load: 'click',
    hide: 'unknown-field',
    agents: 'planner,critic',
  });
  expect(embed!.envelope?.files['review.md']).toBe(TEAM_CARD);
});
