/**
 * Stories of people who use the playground with a keyboard or a screen reader: page landmarks, the results tabs,
 * the playground's own dialogs, and an automated axe-core check of the main states in both themes.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { encodePermalink } from '../../src/permalink/permalink.ts';
import { PlaygroundPage } from './playground-page.ts';

const WITH_ERRORS = `---
type: chain
name: broken_chain
temprature: 2
---
`;

/** The serious and critical axe-core violations on the page, as `rule: target` lines (readable on failure). */
async function seriousViolations(page: Page): Promise<string[]> {
  // Only violations are read: axe then skips collecting the nodes of every passing check. Legacy mode runs
  // axe.run() in the page, which applies that to every frame; the default runs axe.runPartial() in each
  // frame and hands every node's result of every rule to axe.finishRun() in a new blank page: 2.5 to 4.5
  // times as long for the same violations (48 s against 14 s for the Reference under load). Either way,
  // AxeBuilder gives up on a frame that takes over a second to load axe (the embed preview, under load)
  // and says so only as an incomplete `frame-tested`: the scan is then run again (axe is loaded by then),
  // and a frame still not tested is reported as a problem.
  let untested: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const { violations, incomplete } = await new AxeBuilder({ page })
      .setLegacyMode()
      .options({ resultTypes: ['violations'] })
      .analyze();
    untested = incomplete
      .filter((r) => r.id === 'frame-tested')
      .map((r) => `frame-tested: ${r.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    if (untested.length > 0) continue;
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  }
  return untested;
}

test.describe('Accessibility', () => {
  test('the page is made of labelled landmarks, not one application', async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await expect(page.locator('[role="application"]')).toHaveCount(0);
    await expect(page.getByRole('banner')).toContainText('AgentCard Playground');
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Files' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Editor' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Results' })).toBeVisible();
  });

  test('the results tabs follow the tabs pattern: Output first and selected, one Tab stop, arrow keys, Home and End', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    const tabs = page.getByRole('tablist', { name: 'Results' }).getByRole('tab');
    await expect(tabs).toHaveText(['Output', /^Cards \(\d+\)$/, 'Graph']);
    await expect(playground.tab('Output')).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.and(page.locator('[tabindex="0"]'))).toHaveCount(1);
    await playground.tab('Output').focus();

    await page.keyboard.press('ArrowRight');
    await expect(playground.tab('Cards')).toBeFocused();
    await expect(playground.tab('Cards')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: /^Cards/ })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(playground.tab('Graph')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(playground.tab('Output')).toBeFocused();
    await expect(playground.tab('Output')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(playground.tab('Graph')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(playground.tab('Output')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(playground.tab('Graph')).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.and(page.locator('[tabindex="0"]'))).toHaveText('Graph');
    const panel = await playground.tab('Graph').getAttribute('aria-controls');
    await expect(page.locator(`#${panel}`)).toHaveAttribute('role', 'tabpanel');
  });

  test('the Problems panel under the editor is a disclosure whose header tells the counts', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.replaceText(WITH_ERRORS);
    await playground.waitForChecked();
    const toggle = page.getByRole('button', { name: /^Problems [1-9]\d* errors?\b/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(playground.diagnostics('unknown-field')).toBeVisible();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(playground.diagnostics('unknown-field')).toBeHidden();
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(playground.diagnostics('unknown-field')).toBeVisible();
  });

  test('deleting and renaming a workspace ask in the playground’s own dialog, which keeps the focus', async ({
    page,
  }) => {
    const nativeDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const playground = new PlaygroundPage(page);
    await playground.open();
    const before = await playground.workspaceOptions();

    await page.getByRole('button', { name: 'Delete this workspace' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete workspace' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await playground.workspaceOptions()).toEqual(before);

    await page.getByRole('button', { name: 'Rename this workspace' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename workspace' });
    await expect(rename.getByRole('textbox')).toBeFocused();
    await page.keyboard.type('Keyboard space');
    await page.keyboard.press('Enter');
    await expect(rename).toBeHidden();
    await expect(playground.workspaceSelect.locator('option:checked')).toHaveText(
      /^Keyboard space/,
    );
    expect(nativeDialogs).toEqual([]);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`axe finds no serious or critical problem in the main states, ${theme} theme`, async ({
      page,
    }) => {
      // Seven full-page scans on a shared 2-core machine: a hang guard, not a speed check.
      test.setTimeout(240_000);
      // Settled states, not the frames of a fade: the editor's Tab hint fades out 4 s after the editor
      // takes focus, and a scan that caught it half transparent reported its text's contrast (a dark-theme
      // run under load). With reduced motion it is shown or hidden, never in between.
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      const playground = new PlaygroundPage(page);
      await playground.open();

      await test.step('errors shown in Problems', async () => {
        await playground.replaceText(WITH_ERRORS);
        await playground.waitForChecked();
        await playground.showTab('Problems');
        await expect(playground.diagnosticRows).not.toHaveCount(0);
        expect(await seriousViolations(page)).toEqual([]);
      });

      await test.step('Output', async () => {
        // The Examples workspace holds the edits above: the playground asks before opening another example.
        await playground.openExample('Markdown bundle');
        await playground.answerQuestion('Open example');
        await playground.waitForChecked();
        await playground.showTab('Output');
        expect(await seriousViolations(page)).toEqual([]);
      });

      await test.step('the share dialog', async () => {
        await playground.shareButton.click();
        const share = page.getByRole('dialog', { name: 'Share' });
        await expect(share).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        // The embed configurator, with its preview loaded (axe scans the frame too).
        await share.getByRole('tab', { name: 'Embed' }).click();
        await share.getByText('Output', { exact: true }).click();
        await expect(
          share
            .getByTitle('Preview of the embed')
            .contentFrame()
            .getByRole('tab', { name: 'Output' }),
        ).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await page.keyboard.press('Escape');
      });

      await test.step('the Examples gallery', async () => {
        await playground.examplesButton.click();
        await expect(page.getByRole('dialog', { name: 'Examples' })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await page.keyboard.press('Escape');
      });

      await test.step('Help and the Reference', async () => {
        await page.getByRole('button', { name: 'Help' }).click();
        await expect(page.getByRole('dialog', { name: 'Help' })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByRole('button', { name: /Open the reference/ }).click();
        await expect(page.getByRole('dialog', { name: 'Reference' })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await page.keyboard.press('Escape');
      });

      await test.step('empty: no file open', async () => {
        for (const path of await playground.filePaths()) await playground.deleteFile(path);
        await expect(page.getByText('No file open')).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });

      await test.step('the embed', async () => {
        const fragment = await encodePermalink({
          files: { 'broken.md': WITH_ERRORS },
          active: 'broken.md',
          profile: 'rfc',
        });
        await page.goto(`/embed.html?view=split&theme=${theme}${fragment}`);
        await expect(page.locator('.cm-content')).toContainText('broken_chain');
        await expect(page.getByRole('tab', { name: /^Problems/ })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    });
  }
});
