import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './playground-page.ts';

const FIRST_DRAFT = `---
type: agent
name: notes
---
First draft.
`;
const SECOND_DRAFT = FIRST_DRAFT.replace('First draft.', 'Second draft, after a rethink.');

test.describe('Reloading the page', () => {
  test('brings back the files, the active file and the edits', async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    const [original] = await playground.filePaths();

    await playground.createFile('notes.md');
    await playground.replaceText(SECOND_DRAFT);
    await playground.waitForSaved();

    await playground.reload();

    expect(await playground.filePaths()).toEqual([original, 'notes.md'].sort());
    await expect(playground.activeFile).toHaveText('notes.md');
    await expect(playground.editorContent).toContainText('Second draft, after a rethink.');
    await playground.expectText(SECOND_DRAFT);
    expect(playground.errors).toEqual([]);
  });

  test('keeps the undo history: Ctrl+Z after a reload restores the previous text', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();

    await playground.replaceText(FIRST_DRAFT);
    await playground.waitForSaved();
    await playground.replaceText(SECOND_DRAFT);
    await playground.waitForSaved();

    await playground.reload();
    await playground.expectText(SECOND_DRAFT);

    await playground.undo();
    await playground.expectText(FIRST_DRAFT);
    await expect(playground.editorContent).toContainText('First draft.');
  });
});
