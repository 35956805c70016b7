/**
 * The Share dialog's Embed tab: the current workspace as a docs page's fence, element and iframe, whose
 * permalink is the dialog's own link and whose fence the Markdown plugin reads back as the same files.
 */
import MarkdownIt from 'markdown-it';
import { expect, test } from '@playwright/test';
import markdownItAgentcard from '../../src/markdown/markdown-it.ts';
import { readEmbeds } from '../../src/markdown/plugin-cases.ts';
import { TEST_IDS } from '../../src/app/test-ids.ts';
import { PlaygroundPage } from './playground-page.ts';

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
