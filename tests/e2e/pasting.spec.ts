import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './playground-page.ts';

/** A Markdown bundle of about `lines` lines (a multiple of 6): six-line cards with distinct names. */
function bundleOfLines(lines: number): string {
  const cards: string[] = [];
  for (let i = 0; cards.length * 6 < lines; i++)
    cards.push(`---\ntype: agent\nname: agent_${i}\n---\nAnswer question ${i}.\n\n`);
  // No final line break: the editor's last line changes too, as when pasting most real text.
  return cards.join('').trimEnd();
}

test.describe('Pasting', () => {
  for (const lines of [300, 900, 1800]) {
    test(`pasting a ${lines}-line bundle over the editor's text replaces it and adds no file`, async ({
      page,
    }) => {
      const playground = new PlaygroundPage(page);
      await playground.open();
      const before = await playground.filePaths();
      const bundle = bundleOfLines(lines);

      await playground.pasteIntoEditor(bundle);

      await playground.expectText(bundle);
      await playground.waitForChecked();
      expect(await playground.filePaths()).toEqual(before);
      await expect(playground.tab('Cards')).toHaveText(`Cards (${lines / 6})`);
      await expect(playground.diagnostics('duplicate-name')).toHaveCount(0);
    });
  }
});
