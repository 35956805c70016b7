import { expect, test } from '@playwright/test';
import { encodePermalink } from '../../src/permalink/permalink.ts';
import { expectReopensRightAfterClose } from './dialog-reopen.ts';
import { PlaygroundPage } from './playground-page.ts';

const SHARED_CARD = `---
type: agent
name: shared_helper
---
Text that travels in the link.
`;
const OWN_CARD = `---
type: agent
name: sizer
---
The recipient's own work, never to be overwritten.
`;

test.describe('Sharing a workspace as a link', () => {
  test('opens in another browser with the same files and active file, next to its own saved work', async ({
    page,
    browser,
  }) => {
    const sender = new PlaygroundPage(page);
    await sender.open();
    await sender.createFile('helper.md');
    await sender.replaceText(SHARED_CARD);
    const sharedFiles = await sender.filePaths();
    const link = await sender.shareLink();
    expect(link).toMatch(/^http:\/\/localhost:\d+\/#v1:[\w-]+$/);

    const context = await browser.newContext();
    try {
      await test.step('the recipient has a saved workspace of their own', async () => {
        const own = new PlaygroundPage(await context.newPage());
        await own.open();
        await own.replaceText(OWN_CARD);
        await own.waitForSaved();
        await own.page.close();
      });

      const recipient = new PlaygroundPage(await context.newPage());
      await recipient.open(link);

      await test.step('the link opens with the shared files and active file', async () => {
        expect(await recipient.filePaths()).toEqual(sharedFiles);
        await expect(recipient.activeFile).toHaveText('helper.md');
        await recipient.expectText(SHARED_CARD);
        await expect(recipient.page).not.toHaveURL(/#v1:/);
      });

      await test.step("the recipient's own workspace is still listed and intact", async () => {
        const options = await recipient.workspaceOptions();
        // Named after its content: the active file's one card, not the date it was opened.
        expect(options).toContainEqual('shared_helper (shared) · 2 files');
        const own = options.find((o) => o.startsWith('Markdown card'));
        expect(own).toBeDefined();
        await recipient.workspaceSelect.selectOption({ label: own! });
        await expect(recipient.activeFile).toHaveText('sizer.md');
        await recipient.expectText(OWN_CARD);
      });

      expect(recipient.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('a link opened in a tab that already shows the playground opens as a new workspace beside the open one', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.replaceText(OWN_CARD);
    await playground.waitForSaved();
    const fragment = await encodePermalink({
      files: { 'helper.md': SHARED_CARD },
      active: 'helper.md',
      profile: 'rfc',
    });

    // Only the fragment changes, as when the link is pasted into this tab's address bar.
    await page.goto(`/${fragment}`);

    await expect(playground.activeFile).toHaveText('helper.md');
    await playground.expectText(SHARED_CARD);
    await expect(page).not.toHaveURL(/#v1:/);
    const options = await playground.workspaceOptions();
    expect(options.filter((o) => o.includes('(shared)'))).toEqual([
      'shared_helper (shared) · 1 file',
    ]);
    const own = options.find((o) => o.startsWith('Markdown card'));
    expect(own).toBeDefined();
    await playground.workspaceSelect.selectOption({ label: own! });
    await playground.expectText(OWN_CARD);
    expect(playground.errors).toEqual([]);
  });

  test('a click on Share right after the dialog closed reopens it, and it stays open', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await expectReopensRightAfterClose(
      playground.shareButton,
      page.getByRole('dialog', { name: 'Share' }),
    );
  });
});
