import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './playground-page.ts';

test.describe('Pasting and managing workspaces', () => {
  test('text pasted outside the editor becomes a new file of the right kind', async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    const before = await playground.filePaths();

    await playground.pasteOutsideEditor(
      '---\ntype: agent\nname: pasted_card\nmodle: x\n---\nHello.\n',
    );
    await expect(playground.activeFile).toHaveText('pasted.md');
    await expect(playground.editorContent).toContainText('name: pasted_card');
    await playground.showTab('Problems');
    await expect(page.locator('[data-testid=diagnostic-row][data-code=unknown-field]')).toHaveCount(
      1,
    );

    await playground.pasteOutsideEditor('type: agent\nname: yaml_card\n');
    await expect(playground.activeFile).toHaveText('pasted.yaml');
    expect(await playground.filePaths()).toEqual([...before, 'pasted.md', 'pasted.yaml'].sort());
  });

  test('a workspace can be renamed and deleted, and deleting opens another one', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.renameWorkspace('First space');
    await expect(playground.workspaceSelect.locator('option:checked')).toHaveText(/^First space/);
    await playground.waitForSaved();

    // The first workspace is the Examples workspace: renamed, it is the user's, kept when another example opens.
    await playground.openExample('Markdown bundle');
    await playground.answerQuestion('Open example');
    await playground.renameWorkspace('Second space');
    await playground.waitForSaved();
    await expect
      .poll(() => playground.workspaceOptions())
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^First space/),
          expect.stringMatching(/^Second space/),
        ]),
      );

    await playground.deleteWorkspace();
    await expect(playground.workspaceSelect.locator('option:checked')).toHaveText(/^First space/);
    await expect
      .poll(() => playground.workspaceOptions())
      .not.toEqual(expect.arrayContaining([expect.stringMatching(/^Second space/)]));
  });
});
