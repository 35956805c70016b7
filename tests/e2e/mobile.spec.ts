/**
 * Stories of a phone user (390 × 844 CSS pixels): everything readable without sideways scrolling, and every
 * control big enough to tap.
 */
import { expect, test } from '@playwright/test';
import { TEST_IDS } from '../../src/app/test-ids.ts';
import { PlaygroundPage } from './playground-page.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** What a check of the page found: controls too small to tap, clipped texts, and the page's overflow. */
async function measure(page: import('@playwright/test').Page) {
  return page.evaluate(() => {
    const visible = (e: Element) => {
      const r = e.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && getComputedStyle(e).visibility !== 'hidden';
    };
    const name = (e: Element) =>
      `${e.tagName.toLowerCase()} "${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 30)}"`;
    const controls = [
      ...document.querySelectorAll('button, select, input:not([type=file]), a[href], [role=tab]'),
    ].filter((e) => visible(e) && !e.closest('.cm-editor'));
    // A checkbox or radio button is tapped through its label, which toggles it.
    const target = (e: Element) =>
      e.matches('input[type=checkbox], input[type=radio]') ? (e.closest('label') ?? e) : e;
    const small = controls
      .filter((e) => target(e).getBoundingClientRect().height < 40)
      .map((e) => `${name(e)} ${Math.round(target(e).getBoundingClientRect().height)}px`);
    const fileName = document.querySelector('.editor-title .file-name');
    const clipped =
      fileName && fileName.scrollWidth > fileName.clientWidth + 1
        ? [`${name(fileName)} ${fileName.clientWidth}px of ${fileName.scrollWidth}px`]
        : [];
    return {
      small,
      clipped,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
}

test('on a phone the file name is whole, every control is at least 40 px tall and nothing scrolls sideways', async ({
  page,
}) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  await playground.openExample('Markdown bundle');
  await playground.waitForChecked();
  // The file list folds away above the editor on a phone: the Files button shows it.
  await expect(playground.activeFile).toBeHidden();
  await page.getByRole('button', { name: 'Files', exact: true }).click();
  await expect(playground.activeFile).toBeVisible();
  for (const tab of ['Problems', 'Output', 'Cards'] as const) {
    await playground.showTab(tab);
    expect(await measure(page)).toEqual({ small: [], clipped: [], overflow: 0 });
  }
  // Output's "Show all fields" reads as one control: its text beside its checkbox and level with it (the
  // checkbox's box is 40 px tall to be tapped; its text sat at the bottom of that, below the square).
  await playground.showTab('Output');
  const showAll = playground.outputPanel.getByTestId(TEST_IDS.outputShowAll);
  const [box, text] = await showAll.evaluate((input) => {
    const range = document.createRange();
    range.selectNodeContents(input.closest('label')!);
    range.setStartAfter(input);
    const r = range.getBoundingClientRect();
    const b = input.getBoundingClientRect();
    return [
      { right: b.right, top: b.top, bottom: b.bottom },
      { left: r.left, top: r.top, bottom: r.bottom },
    ];
  });
  expect(text.left).toBeGreaterThanOrEqual(box.right);
  expect(Math.abs((text.top + text.bottom) / 2 - (box.top + box.bottom) / 2)).toBeLessThan(4);
  // The settings' radio buttons likewise: each choice tall enough to tap, its button level with its name.
  await playground.inSettings(async (settings) => {
    expect((await measure(page)).small).toEqual([]);
    for (const radio of await settings.getByRole('radio').all()) {
      const [button, name] = await radio.evaluate((input) => {
        const label = input.closest('label')!;
        const range = document.createRange();
        range.selectNodeContents(label.querySelector('strong') ?? label);
        if (!label.querySelector('strong')) range.setStartAfter(input);
        const b = input.getBoundingClientRect();
        const r = range.getClientRects()[0]!;
        return [(b.top + b.bottom) / 2, (r.top + r.bottom) / 2];
      });
      expect(Math.abs(button - name)).toBeLessThan(4);
    }
  });
  // The header's menu: the workspace switcher ends where its box does, clear of the rename button (a
  // long workspace name ran under it), and the theme and Help buttons say what they do.
  await playground.withHeader(async () => {
    const select = (await page.getByTestId(TEST_IDS.workspaceSelect).boundingBox())!;
    const rename = page.getByRole('button', { name: 'Rename this workspace' });
    await expect(rename).toBeVisible();
    expect(select.x + select.width).toBeLessThanOrEqual((await rename.boundingBox())!.x);
    expect(await measure(page)).toEqual({ small: [], clipped: [], overflow: 0 });
    await expect(page.getByRole('button', { name: 'Help' })).toHaveText('Help');
    await expect(page.getByTestId(TEST_IDS.themeToggle)).toHaveText(
      /^Switch to (dark|light) theme$/,
    );
  });
});
