/**
 * Stories of converting a card (Output → Convert): a preview comes first, with what the target cannot
 * express at its top, and nothing reaches the workspace until Add or Replace; neither brings a
 * `duplicate-name` nobody asked for.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { TEST_IDS } from '../../src/app/test-ids.ts';
import { PlaygroundPage } from './playground-page.ts';

/** Opens the Chain example with its `social_media` card selected; returns the page and the bundle's text. */
async function chainWithSocialMedia(page: Page): Promise<[PlaygroundPage, string]> {
  const playground = new PlaygroundPage(page);
  await playground.open();
  await playground.openExample('Chain bundle');
  await playground.waitForChecked();
  await playground.selectCard('social_media');
  return [playground, await playground.activeText()];
}

test.describe('Converting a card', () => {
  test('the preview shows the card, its conversion and what is lost first; Escape writes nothing', async ({
    page,
  }) => {
    // The axe-core scan of the dialog takes a while on a busy machine.
    test.slow();
    const [playground, bundle] = await chainWithSocialMedia(page);
    const files = await playground.filePaths();
    const preview = await playground.previewConversion('AFM');

    await expect(preview).toHaveAttribute('aria-labelledby', 'conversion-title');
    await expect(preview.getByRole('heading', { level: 2 })).toHaveText(
      'Convert social_media to AFM',
    );
    // The notes come before the two texts, and the dialog is described by them.
    const lost = preview.getByTestId(TEST_IDS.conversionLost);
    await expect(lost).toContainText('AFM cannot express 1 thing');
    await expect(lost).toContainText('instruction');
    const [lostBox, sourceBox, resultBox] = await Promise.all(
      [
        lost,
        preview.getByTestId(TEST_IDS.conversionSource),
        preview.getByTestId(TEST_IDS.conversionResult),
      ].map((l) => l.boundingBox()),
    );
    expect(lostBox!.y).toBeLessThan(sourceBox!.y);
    expect(resultBox!.x).toBeGreaterThan(sourceBox!.x + sourceBox!.width - 1);
    await expect(preview.getByTestId(TEST_IDS.conversionSource)).toHaveText(
      /^---\ntype: agent\nname: social_media\n---\nWrite a 280 character/,
    );
    await expect(preview.getByTestId(TEST_IDS.conversionResult)).toContainText(
      'name: social_media',
    );
    await expect(playground.conversionAction('Replace the original')).toBeEnabled();
    await expect(playground.conversionAction('Add to workspace')).toBeDisabled();
    await expect(preview).toContainText("social_media is the original's name");
    const { violations } = await new AxeBuilder({ page })
      .include(`[data-testid="${TEST_IDS.conversionDialog}"]`)
      .options({ resultTypes: ['violations'] })
      .analyze();
    expect(
      violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`)),
    ).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();
    await expect(playground.convertButton).toBeFocused();
    expect(await playground.filePaths()).toEqual(files);
    await playground.expectText(bundle);
    await expect(playground.conversionReport).toHaveCount(0);
    expect(playground.errors).toEqual([]);
  });

  test('Add under a new name keeps the original and brings no duplicate-name', async ({ page }) => {
    const [playground, bundle] = await chainWithSocialMedia(page);
    await playground.showTab('Problems');
    const errorsBefore = await playground.errorRows.count();

    const preview = await playground.previewConversion('AFM');
    await playground.conversionName.fill('social_media_afm');
    await expect(preview.getByTestId(TEST_IDS.conversionResult)).toContainText(
      'name: social_media_afm',
    );
    await expect(preview).toContainText('A new agent: social_media_afm.');
    await playground.conversionAction('Add to workspace').click();
    await expect(preview).toBeHidden();
    // The focus goes to the line that says what was written (Convert… is disabled now).
    await expect(playground.conversionReport).toBeFocused();

    await expect(playground.conversionReport).toContainText(
      'social_media → AFM: added social-media-afm.afm.md.',
    );
    expect(await playground.filePaths()).toEqual(['post_writer.md', 'social-media-afm.afm.md']);
    await expect(playground.activeFile).toHaveText('social-media-afm.afm.md');
    await playground.waitForChecked();
    await playground.showTab('Problems');
    await expect(playground.diagnostics('duplicate-name')).toHaveCount(0);
    await expect(playground.errorRows).toHaveCount(errorsBefore);
    await expect(playground.tab('Cards')).toHaveText('Cards (4)');
    await playground.file('post_writer.md').click();
    await playground.expectText(bundle);
    expect(playground.errors).toEqual([]);
  });

  test('Replace takes the card out of its bundle and puts the conversion in its place', async ({
    page,
  }) => {
    const [playground, bundle] = await chainWithSocialMedia(page);
    await playground.showTab('Problems');
    const errorsBefore = await playground.errorRows.count();

    await playground.previewConversion('AFM');
    await playground.conversionAction('Replace the original').click();
    await expect(playground.conversionDialog).toBeHidden();

    await expect(playground.conversionReport).toContainText(
      'social_media → AFM: replaced it in post_writer.md by social-media.afm.md.',
    );
    expect(await playground.filePaths()).toEqual(['post_writer.md', 'social-media.afm.md']);
    await expect.poll(() => playground.activeText()).toContain('name: social_media\n');
    await playground.waitForChecked();
    await playground.showTab('Problems');
    await expect(playground.diagnostics('duplicate-name')).toHaveCount(0);
    // The chain still finds social_media, now an AFM agent: no new problem.
    await expect(playground.errorRows).toHaveCount(errorsBefore);
    await expect(playground.tab('Cards')).toHaveText('Cards (3)');
    await playground.file('post_writer.md').click();
    const start = bundle.indexOf('---\ntype: agent\nname: social_media');
    const end = bundle.indexOf('---\ntype: chain');
    await playground.expectText(bundle.slice(0, start) + bundle.slice(end));

    await test.step('its banner undoes it while nothing has changed since', async () => {
      const banner = playground.banner(/^Replaced social_media in post_writer\.md/);
      await banner.getByRole('button', { name: 'Undo' }).click();
      await expect(banner).toBeHidden();
      expect(await playground.filePaths()).toEqual(['post_writer.md']);
      await playground.expectText(bundle);
      await expect(playground.conversionReport).toHaveCount(0);
    });
    expect(playground.errors).toEqual([]);
  });
});

test.describe('Converting a card on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the preview fills the screen, the card above its conversion, every action in reach', async ({
    page,
  }) => {
    const [playground] = await chainWithSocialMedia(page);
    const preview = await playground.previewConversion('AFM');
    const box = await preview.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390 });
    const source = await preview.getByTestId(TEST_IDS.conversionSource).boundingBox();
    const result = await preview.getByTestId(TEST_IDS.conversionResult).boundingBox();
    expect(result!.y).toBeGreaterThan(source!.y + source!.height - 1);
    for (const label of ['Copy', 'Download', 'Replace the original', 'Add to workspace']) {
      const button = playground.conversionAction(label);
      await button.scrollIntoViewIfNeeded();
      const b = await button.boundingBox();
      expect(b!.height).toBeGreaterThanOrEqual(40);
      expect(b!.x + b!.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await preview.getByRole('button', { name: 'Use social_media_afm' }).click();
    await playground.conversionAction('Add to workspace').click();
    await expect(preview).toBeHidden();
    await playground.waitForChecked();
    await playground.showTab('Problems');
    await expect(playground.diagnostics('duplicate-name')).toHaveCount(0);
    expect(playground.errors).toEqual([]);
  });
});
