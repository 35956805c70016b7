import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './playground-page.ts';

const DROPPED_CARD = `---
type: agent
name: dropped
---
Arrived by drag and drop.
`;
const DROPPED_HISTORY = `Hello there.
---ASSISTANT
Hi!
`;

test.describe('Managing files', () => {
  test('create, rename and delete a file', async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    const [original] = await playground.filePaths();

    await test.step('a new file opens with a starter card that checks clean', async () => {
      await playground.createFile('helper.md');
      expect(await playground.filePaths()).toEqual([original, 'helper.md'].sort());
      await expect(playground.editorContent).toContainText('type: agent');
      await playground.waitForChecked();
      await expect(playground.tab('Cards')).toHaveText('Cards (2)');
    });

    await test.step('renaming keeps its text and keeps it open', async () => {
      const text = await playground.activeText();
      await playground.renameFile('helper.md', 'agents/assistant.md');
      await expect(playground.activeFile).toHaveText('agents/assistant.md');
      expect(await playground.filePaths()).toEqual(['agents/assistant.md', original].sort());
      await playground.expectText(text);
    });

    await test.step('renaming onto an existing name is refused with a banner', async () => {
      await playground.renameFile('agents/assistant.md', original!);
      await expect(playground.banner(/exists already/)).toBeVisible();
      expect(await playground.filePaths()).toEqual(['agents/assistant.md', original].sort());
    });

    await test.step('deleting it removes it and opens another file', async () => {
      await playground.deleteFile('agents/assistant.md');
      expect(await playground.filePaths()).toEqual([original]);
      await expect(playground.activeFile).toHaveText(original!);
      await expect(playground.tab('Cards')).toHaveText('Cards (1)');
    });
    expect(playground.errors).toEqual([]);
  });

  test('a new or renamed file starts with its name selected but for the extension', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    // New file: the field has focus, "agent" of agent.md selected, so typing names the file.
    await playground.newFileButton.click();
    await page.keyboard.type('helper');
    await page.keyboard.press('Enter');
    await expect(playground.activeFile).toHaveText('helper.md');
    // Rename: likewise, within its folder's part of the path.
    await playground.renameFile('helper.md', 'notes/helper.md');
    await playground.fileList.getByRole('button', { name: 'Rename notes/helper.md' }).click();
    await page.keyboard.type('summary');
    await page.keyboard.press('Enter');
    await expect(playground.file('notes/summary.md')).toHaveCount(1);
    // Escape leaves the new-file form without creating anything.
    const before = await playground.filePaths();
    await playground.newFileButton.click();
    await page.keyboard.press('Escape');
    await expect(playground.fileList.getByLabel('File name')).toHaveCount(0);
    expect(await playground.filePaths()).toEqual(before);
  });

  test('dropping files adds them to the workspace', async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    const before = await playground.filePaths();

    await playground.dropFiles({ 'dropped.md': DROPPED_CARD, 'history.md': DROPPED_HISTORY });

    await expect(playground.fileItems).toHaveCount(before.length + 2);
    expect(await playground.filePaths()).toEqual([...before, 'dropped.md', 'history.md'].sort());
    await expect(playground.activeFile).toHaveText('dropped.md');
    await playground.expectText(DROPPED_CARD);
    await playground.showTab('Cards');
    await expect(playground.splitRow('dropped')).toBeVisible();
    expect(playground.errors).toEqual([]);
  });

  test('dropping a file whose name exists adds a numbered copy instead of overwriting', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    const [original] = await playground.filePaths();
    const originalText = await playground.activeText();

    await playground.dropFiles({ [original!]: DROPPED_CARD });

    const copy = original!.replace(/\.md$/, '-2.md');
    await expect(playground.activeFile).toHaveText(copy);
    await playground.expectText(DROPPED_CARD);
    await playground.file(original!).click();
    await playground.expectText(originalText);
  });

  test('downloading a file saves its current text under its name', async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.createFile('notes/download-me.md');
    await playground.replaceText(DROPPED_CARD);
    await playground.expectText(DROPPED_CARD);

    const downloading = page.waitForEvent('download');
    await playground.fileList
      .getByRole('button', { name: 'Download notes/download-me.md' })
      .click();
    const download = await downloading;

    expect(download.suggestedFilename()).toBe('download-me.md');
    expect(await readFile(await download.path(), 'utf8')).toBe(DROPPED_CARD);
  });
});
