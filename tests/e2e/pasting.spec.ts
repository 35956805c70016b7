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

  test('a YAML bundle pasted outside the editor becomes a .yaml file with each of its cards, and Read as can switch it to Markdown', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    const before = await playground.filePaths();
    const bundle =
      '---\ntype: agent\nname: measurer\ninstruction: |\n  Estimate sizes.\n---\ntype: agent\nname: welcomer\ninstruction: |\n  Greet people.\n';

    await playground.pasteOutsideEditor(bundle);
    await expect(playground.activeFile).toHaveText('pasted.yaml');
    await playground.waitForChecked();
    await playground.showTab('Cards');
    await expect(playground.splitRow('measurer')).toBeVisible();
    await expect(playground.splitRow('welcomer')).toBeVisible();
    await expect.poll(() => playground.formatShown()).toBe('Auto (AgentCard (YAML))');
    expect(await playground.filePaths()).toEqual([...before, 'pasted.yaml'].sort());

    await test.step('read as AgentCard (Markdown), the file becomes pasted.md with its text kept', async () => {
      await playground.formatSelect.selectOption({ label: 'AgentCard (Markdown)' });
      await expect(playground.activeFile).toHaveText('pasted.md');
      await playground.expectText(bundle);
      await expect.poll(() => playground.formatShown()).toBe('AgentCard (Markdown)');
    });
    expect(playground.errors).toEqual([]);
  });
});
