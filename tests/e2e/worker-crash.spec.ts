import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './playground-page.ts';

const CARD = `---
type: agent
name: survivor
---
Text that outlives the worker.
`;

test.describe('When the analysis worker dies', () => {
  test('a banner says analysis restarted, the text is untouched and new edits are checked', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.replaceText(CARD);
    await playground.waitForChecked();
    await expect(playground.errorRows).toHaveCount(0);
    await playground.recordBanners();

    await playground.crashWorker();

    await expect
      .poll(() => playground.bannersShown())
      .toContainEqual(expect.stringMatching(/Analysis restarted.*untouched/));
    await playground.expectText(CARD);
    await expect(playground.editorContent).toContainText('Text that outlives the worker.');

    await playground.cursorToEndOfLine(2);
    await page.keyboard.type('x');
    await playground.expectText(CARD.replace('type: agent', 'type: agentx'));
    await playground.waitForChecked();
    await expect(playground.diagnostics('unknown-type')).toHaveCount(1);
    await expect(playground.diagnostics('unknown-type')).toContainText('2:');
    await expect(playground.errorSquiggles).toHaveCount(1);
    expect(playground.errors).toEqual([]);
  });

  test('the restart banner stays up long enough to be read', async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    const before = await playground.analysisRev();

    await playground.crashWorker();
    await expect.poll(() => playground.analysisRev()).toBeGreaterThan(before);

    await expect(playground.banner(/Analysis restarted/)).toBeVisible({ timeout: 1000 });
  });
});
