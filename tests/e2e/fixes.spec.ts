import { expect, test } from '@playwright/test';
import { TEST_IDS } from '../../src/app/test-ids.ts';
import { PlaygroundPage } from './playground-page.ts';
import { HISTORY_BUNDLE } from '../support/history-bundle.ts';

// Quick fixes (issue 16): from a problem's tooltip, from Ctrl+. at the cursor, and "Fix all safe problems".

const TYPO = `---
type: agent
name: writer
modle: gpt-4.1
---
Write a short post.
`;

const BAD_REFERENCE = `---
type: agent
name: social_media
---
Post it.

---
type: chain
name: campaign
sequence:
  - social_medai
---
Run the campaign.
`;

test.describe('Quick fixes', () => {
  test('a typo is fixed from the button in its tooltip', async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.replaceText(TYPO);
    await playground.waitForChecked();
    await expect.poll(() => playground.errorSquiggleTexts()).toEqual(['modle']);
    // A light bulb marks the line.
    await expect(playground.editor.locator('.cm-fix-bulb')).toHaveCount(1);
    // Drawn as the icon set's light bulb (an emoji shows as an empty box without an emoji font).
    await expect(playground.editor.locator('.cm-fix-bulb svg')).toHaveCount(1);
    await expect(playground.editor.locator('.cm-fix-bulb')).toHaveText('');

    const tooltip = page.locator('.cm-tooltip-lint');
    await playground.hoverToShow(playground.errorSquiggles, tooltip);
    await expect(tooltip).toContainText('unknown-field');
    await tooltip.getByRole('button', { name: "Change to 'model'" }).click();

    await playground.expectText(TYPO.replace('modle:', 'model:'));
    await playground.waitForChecked();
    await expect(playground.diagnostics('unknown-field')).toHaveCount(0);
    // One undo step takes the fix back.
    await playground.undo();
    await playground.expectText(TYPO);
  });

  test('Ctrl+. on an unknown agent in a sequence offers the close name, and Enter applies it', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.replaceText(BAD_REFERENCE);
    await playground.waitForChecked();
    await expect(playground.diagnostics('unknown-agent-ref')).toHaveCount(1);

    await playground.cursorToEndOfLine(11); // "  - social_medai"
    await page.keyboard.press('Control+.');
    const menu = page.getByRole('listbox', { name: 'Quick fixes' });
    await expect(menu.getByRole('option')).toHaveText(["Change to 'social_media'"]);
    await expect(menu.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');

    await playground.expectText(BAD_REFERENCE.replace('- social_medai', '- social_media'));
    await expect(menu).toHaveCount(0);
    await playground.waitForChecked();
    await expect(playground.diagnostics('unknown-agent-ref')).toHaveCount(0);
  });

  test('Ctrl+. where nothing can be fixed says so, and Escape closes it', async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.replaceText(TYPO);
    await playground.waitForChecked();
    await playground.cursorToEndOfLine(3); // "name: writer"
    await page.keyboard.press('Control+.');
    const note = page.locator('.cm-fix-menu');
    await expect(note).toHaveText('No quick fixes here.');
    await page.keyboard.press('Escape');
    await expect(note).toHaveCount(0);
    await playground.expectText(TYPO);
  });

  test('"Fix all safe problems" fixes the safe ones in one step, and one undo restores the text exactly', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    // Two safe typos, and an agent reference whose fix is not safe (left for the user to choose).
    const text =
      TYPO.replace('name: writer\n', 'name: writer\ndescriptoin: Writes.\n') +
      '\n' +
      BAD_REFERENCE.replace('name: social_media', 'name: social_media\nmodle: x');
    await playground.replaceText(text);
    await playground.waitForChecked();
    await playground.showTab('Problems');
    const fixAll = page.getByTestId(TEST_IDS.fixAllButton);
    await expect(fixAll).toHaveText('Fix all safe problems (3)');
    await expect(fixAll).toHaveCSS('opacity', '1');
    await fixAll.click();

    const fixed = text.replaceAll('modle:', 'model:').replace('descriptoin:', 'description:');
    await playground.expectText(fixed);
    await expect(playground.banner(/Applied 3 safe fixes/)).toBeVisible();
    await playground.waitForChecked();
    await expect(playground.diagnostics('unknown-field')).toHaveCount(0);
    await expect(playground.diagnostics('unknown-agent-ref')).toHaveCount(1);
    await expect(fixAll).toBeDisabled();
    // and looks it: faded, without the pointer a button that does something has.
    await expect(fixAll).toHaveCSS('opacity', '0.5');
    await expect(fixAll).toHaveCSS('cursor', 'default');

    await playground.undo();
    await playground.expectText(text);
  });

  test("a large bundle's split (its edits stay in the worker until used) makes one file per card", async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    // 40 cards of ~750 characters: the split inserts ~30 KB, more than a result carries (DEFER_FIX_CHARS).
    const cards = Array.from(
      { length: 40 },
      (_, i) =>
        `---\ntype: agent\nname: agent_${i}\n---\n${'Answer in plain words. '.repeat(30)}\n`,
    );
    await playground.replaceText(cards.join('\n'));
    await playground.waitForChecked();
    await expect(playground.diagnostics('portability')).not.toHaveCount(0);

    await playground.cursorToEndOfLine(7); // the second card's "---"
    await page.keyboard.press('Control+.');
    const menu = page.getByRole('listbox', { name: 'Quick fixes' });
    await expect(menu.getByRole('option')).toContainText([/^Split this Markdown bundle/]);
    await menu.getByRole('option', { name: /^Split this Markdown bundle/ }).click();

    await expect.poll(() => playground.filePaths()).toContain('agent_39.md');
    expect(await playground.filePaths()).toEqual(
      expect.arrayContaining(cards.slice(1).map((_, i) => `agent_${i + 1}.md`)),
    );
    await expect(playground.editorContent).not.toContainText('agent_1');
    await expect(playground.editorContent).toContainText('name: agent_0');
    await playground.file('agent_39.md').click();
    await expect(playground.editorContent).toContainText('name: agent_39');
    expect(playground.errors).toEqual([]);
  });

  test('"Fix all safe problems" on a bundle whose first card has inline history keeps every card (fast-agent)', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.setProfile('fast-agent');
    await playground.replaceText(HISTORY_BUNDLE);
    await playground.waitForChecked();
    await playground.showTab('Problems');
    await expect(playground.diagnostics('inline-history')).not.toHaveCount(0);
    await page.getByTestId(TEST_IDS.fixAllButton).click();

    // The bundle is split first; only the first card's messages go to its history file.
    await expect
      .poll(() => playground.filePaths())
      .toEqual(expect.arrayContaining(['first.history.md', 'second.md', 'third.md']));
    await expect(playground.editorContent).toContainText('messages: first.history.md');
    await expect(playground.editorContent).toContainText('Be first.');
    await expect(playground.editorContent).not.toContainText('name: second');
    await playground.file('first.history.md').click();
    await expect(playground.editorContent).toContainText('hello');
    await expect(playground.editorContent).not.toContainText('name:');
    for (const name of ['second', 'third']) {
      await playground.file(`${name}.md`).click();
      await expect(playground.editorContent).toContainText(`name: ${name}`);
    }
    await playground.waitForChecked();
    await expect(playground.diagnostics('inline-history')).toHaveCount(0);
    expect(playground.errors).toEqual([]);
  });
});
