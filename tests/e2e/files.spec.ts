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

    await test.step('renaming onto an existing name is refused under the field, which stays open', async () => {
      await playground.renameFile('agents/assistant.md', original!);
      await expect(playground.fileNameNote).toHaveText(`${original} exists already.`);
      await page.keyboard.press('Escape');
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

  test('a new or renamed file starts with its whole name selected, so a typed name replaces it all', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    // New file: the field has focus with all of agent.md selected; a name without an extension gets .md.
    await playground.newFileButton.click();
    await page.keyboard.type('helper');
    await expect(playground.fileNameNote).toHaveText('Will be named helper.md.');
    await page.keyboard.press('Enter');
    await expect(playground.activeFile).toHaveText('helper.md');
    // Rename: likewise, the whole path, folder and extension too.
    await playground.renameFile('helper.md', 'notes/helper.md');
    await playground.fileList.getByRole('button', { name: 'Rename notes/helper.md' }).click();
    await page.keyboard.type('summary.yaml');
    await page.keyboard.press('Enter');
    await expect(playground.file('summary.yaml')).toHaveCount(1);
    // Escape leaves the new-file form without creating anything.
    const before = await playground.filePaths();
    await playground.newFileButton.click();
    await page.keyboard.press('Escape');
    await expect(playground.fileList.getByLabel('File name')).toHaveCount(0);
    expect(await playground.filePaths()).toEqual(before);
  });

  test('New file keeps fastagent.config.yaml and history names as typed, and starts them empty', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    const [original] = await playground.filePaths();

    await test.step('fastagent.config.yaml keeps its name and starts empty', async () => {
      await playground.newFileButton.click();
      await page.keyboard.type('fastagent.config.yaml');
      await expect(playground.fileNameNote).toHaveText('');
      await page.keyboard.press('Enter');
      await expect(playground.activeFile).toHaveText('fastagent.config.yaml');
      await expect.poll(() => playground.activeText()).toBe('');
    });

    await test.step('a history file starts empty, and a card file with a card named after it', async () => {
      await playground.createFile('x.history.md');
      await expect.poll(() => playground.activeText()).toBe('');
      await playground.createFile('reviewer.afm.md');
      await expect.poll(() => playground.activeText()).toMatch(/^---\nspec_version: 0\.3\.0\n/);
      await playground.waitForChecked();
      await expect(playground.tab('Cards')).toHaveText('Cards (2)');
      expect(await playground.filePaths()).toEqual(
        [original, 'fastagent.config.yaml', 'reviewer.afm.md', 'x.history.md'].sort(),
      );
    });

    await test.step('a hostile name is refused under the field and nothing is created', async () => {
      const before = await playground.filePaths();
      await playground.newFileButton.click();
      const field = playground.fileList.getByLabel('File name');
      await field.fill('.git/index.lock');
      await expect(playground.fileNameNote).toContainText('“.git” starts with a dot');
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(playground.fileList.getByRole('button', { name: 'Create' })).toBeDisabled();
      await field.fill('../../etc/passwd');
      await expect(playground.fileNameNote).toContainText('“..”');
      await field.press('Enter');
      await field.fill('a\u202etxt.md');
      await expect(playground.fileNameNote).toContainText('control characters');
      await field.press('Escape');
      expect(await playground.filePaths()).toEqual(before);
    });
    expect(playground.errors).toEqual([]);
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
