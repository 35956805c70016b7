/**
 * Help and the Reference: the `?` key and the toolbar's Help button open the Help dialog with the keyboard
 * shortcuts; the Reference finds fields and says which card types they belong to; a field's hover opens the
 * Reference at that field.
 */
import { expect, test, type Page } from '@playwright/test';
import { TEST_IDS } from '../../src/app/test-ids.ts';
import { expectReopensRightAfterClose } from './dialog-reopen.ts';
import { PlaygroundPage } from './playground-page.ts';

const CHAIN = `---
type: chain
name: pipeline
sequence: [researcher, writer]
---
`;

const helpDialog = (page: Page) => page.getByTestId(TEST_IDS.helpDialog);
const referenceDialog = (page: Page) => page.getByTestId(TEST_IDS.referenceDialog);
const entry = (page: Page, field: string) =>
  referenceDialog(page).locator(
    `[data-testid="${TEST_IDS.referenceEntry}"][data-field="${field}"]`,
  );

test.describe('Help and reference', () => {
  test('? outside the editor opens Help with the shortcuts; in the editor it is just a character', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    const help = page.getByTestId(TEST_IDS.helpButton);

    await playground.heading.click();
    await page.keyboard.press('?');
    await expect(helpDialog(page)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Help' })).toBeVisible();
    const rows = page.getByTestId(TEST_IDS.shortcutRow);
    await expect(rows.filter({ hasText: 'Ctrl+Space' })).toContainText('Complete a field name');
    await expect(rows.filter({ hasText: 'F8' })).toContainText('next problem');
    await expect(rows.filter({ hasText: 'Ctrl+Enter' })).toContainText('Check now');
    await expect(rows.filter({ hasText: 'Ctrl+M' })).toContainText('Tab');
    await expect(helpDialog(page)).toContainText('unresolved: no backend');

    await page.keyboard.press('Escape');
    await expect(helpDialog(page)).toBeHidden();

    await playground.replaceText('a');
    await page.keyboard.press('?');
    await playground.expectText('a?');
    await expect(helpDialog(page)).toBeHidden();

    // The toolbar's button opens it too, and closing gives focus back to the button.
    await help.click();
    await expect(helpDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(help).toBeFocused();
    expect(playground.errors).toEqual([]);
  });

  test('the Reference finds `sequence` and shows it belongs to chain', async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await page.getByTestId(TEST_IDS.helpButton).click();
    await page.getByRole('button', { name: /Open the reference/ }).click();

    await expect(page.getByRole('dialog', { name: 'Reference' })).toBeVisible();
    const search = page.getByTestId(TEST_IDS.referenceSearch);
    await expect(search).toBeFocused();
    await search.fill('sequence');
    const sequence = entry(page, 'sequence');
    await expect(sequence).toBeVisible();
    await expect(sequence).toContainText('Belongs to');
    await expect(sequence.getByRole('button', { name: 'chain' })).toBeVisible();
    await expect(sequence).toContainText('list of string');
    await expect(sequence).toContainText('sequence: [researcher, writer, editor]');
    await expect(entry(page, 'fan_out')).toHaveCount(0);

    // The type it belongs to is one click away.
    await sequence.getByRole('button', { name: 'chain' }).click();
    await expect(referenceDialog(page).locator('#type-chain')).toBeFocused();
    await expect(referenceDialog(page).locator('#type-chain')).toContainText(
      'Runs agents one after another',
    );

    await page.keyboard.press('Escape');
    await expect(referenceDialog(page)).toBeHidden();
    expect(playground.errors).toEqual([]);
  });

  test('Help and the Reference open again when asked right after they closed', async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await expectReopensRightAfterClose(page.getByTestId(TEST_IDS.helpButton), helpDialog(page));

    await page.keyboard.press('Escape');
    await expect(helpDialog(page)).toBeHidden();
    // The settings popover's link opens the Reference at the profiles. The popover closes under the
    // dialog, so the link is hidden then: the helper clicks it in the page as the close happens.
    await playground.settingsButton.click();
    await page.getByRole('button', { name: 'Profiles in the reference' }).click();
    const link = playground.settingsPopover.locator('button', {
      hasText: 'Profiles in the reference',
    });
    await expect(referenceDialog(page)).toBeVisible();
    await expectReopensRightAfterClose(link, referenceDialog(page));
    await expect(referenceDialog(page).locator('#profiles')).toBeFocused();
    expect(playground.errors).toEqual([]);
  });

  test('hovering a field offers "Open in reference", which opens that field’s entry', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.replaceText(CHAIN);
    await playground.waitForChecked();

    const open = page.getByRole('button', { name: 'Open in reference' });
    await playground.hoverToShow(
      playground.editorContent.getByText('sequence', { exact: false }).first(),
      open,
    );
    await open.click();

    const sequence = referenceDialog(page).locator('#field-sequence');
    await expect(sequence).toBeFocused();
    await expect(sequence).toBeInViewport();
    await expect(sequence).toContainText('The agents of the chain, run in order.');
    await page.keyboard.press('Escape');
    await expect(referenceDialog(page)).toBeHidden();
    expect(playground.errors).toEqual([]);
  });
});

test.describe('Help and reference on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('Help and the Reference fit 390 px without sideways scrolling', async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    // On a phone the header's Help button sits in its menu.
    await playground.withHeader(() => page.getByTestId(TEST_IDS.helpButton).click());
    await expect(helpDialog(page)).toBeVisible();
    const fits = (testId: string) =>
      page.getByTestId(testId).evaluate((dialog) => {
        const box = dialog.getBoundingClientRect();
        const scrollers = [dialog, ...dialog.querySelectorAll('*')].filter(
          (el) =>
            el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible',
        );
        return { left: box.left, right: box.right, scrollers: scrollers.length };
      });
    expect(await fits(TEST_IDS.helpDialog)).toMatchObject({ scrollers: 0 });
    expect((await fits(TEST_IDS.helpDialog)).right).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: /Open the reference/ }).click();
    await expect(referenceDialog(page)).toBeVisible();
    await page.getByTestId(TEST_IDS.referenceSearch).fill('mcp_connect');
    await expect(entry(page, 'mcp_connect')).toBeVisible();
    const reference = await fits(TEST_IDS.referenceDialog);
    expect(reference).toMatchObject({ left: 0, right: 390, scrollers: 0 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
