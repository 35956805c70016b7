import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './playground-page.ts';

const HOSTILE = '<img src=x onerror=window.__pwned=1>';
const HOSTILE_CARD = `---
type: agent
name: hostile
description: "${HOSTILE}"
"${HOSTILE}": 1
---
${HOSTILE}

---USER
${HOSTILE}
`;

/** The lines of an ARIA snapshot that show a control without an accessible name. */
function unnamedControls(snapshot: string): string[] {
  return snapshot
    .split('\n')
    .filter((line) => /^\s*- (button|combobox|textbox|tab|link|checkbox)\b(?! ")/.test(line));
}

test.describe('Keyboard and screen readers', () => {
  test('tabbing into the editor and pressing Tab again moves focus on and leaves the text alone', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    const text = await playground.activeText();
    const inEditor = () =>
      page.evaluate(() => document.activeElement?.closest('.cm-editor') !== null);

    await playground.formatSelect.focus();
    await page.keyboard.press('Tab');
    expect(await inEditor()).toBe(true);
    await expect(playground.tabHint).toHaveText(/^Tab moves focus/);
    // The focus ring: a 2 px border drawn over the whole editor, gutter included.
    const ring = await playground.editor.locator('.cm-editor').evaluate((el) => {
      const after = getComputedStyle(el, '::after');
      const box = el.getBoundingClientRect();
      return [
        after.borderTopStyle,
        after.borderTopWidth,
        Math.abs(parseFloat(after.width) - box.width) < 1,
      ];
    });
    expect(ring).toEqual(['solid', '2px', true]);

    await page.keyboard.press('Tab');
    await expect.poll(inEditor).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
    expect(await playground.activeText()).toBe(text);
    await expect(playground.tabHint).toBeHidden();

    await test.step('once the user types, Tab indents; Ctrl+M makes it move focus again', async () => {
      await page.keyboard.press('Shift+Tab');
      expect(await inEditor()).toBe(true);
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.type('x');
      await expect(playground.tabHint).toHaveText(/^Tab indents · Esc then Tab to leave/);
      await expect(playground.tabHint).toHaveCSS('opacity', '1');
      await page.keyboard.press('Tab');
      await playground.expectText(`${text}  x`);
      // The hint fades after a few seconds, so that it does not cover the text being typed ...
      await expect(playground.tabHint).toHaveCSS('opacity', '0', { timeout: 10_000 });
      // ... and comes back when the mode changes.
      await page.keyboard.press('Control+M');
      await expect(playground.tabHint).toHaveText(/^Tab moves focus/);
      await expect(playground.tabHint).toHaveCSS('opacity', '1');
      await page.keyboard.press('Tab');
      await expect.poll(inEditor).toBe(false);
      await playground.expectText(`${text}  x`);
    });
  });

  test('Escape then Tab moves focus out of the editor', async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.editorContent.click();
    const inEditor = () =>
      page.evaluate(() => document.activeElement?.closest('.cm-editor') !== null);
    expect(await inEditor()).toBe(true);

    await page.keyboard.press('Tab');
    expect(await inEditor()).toBe(true); // Tab alone indents

    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect.poll(inEditor).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
  });

  test('the main controls have accessible names, and no button or menu is unnamed', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();

    await expect(page.getByRole('combobox', { name: 'Workspace', exact: true })).toBeVisible();
    for (const name of [
      'Examples',
      'Settings',
      'Share',
      'New file',
      'Open files…',
      'Open folder…',
      'Download all (.zip)',
    ])
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    await expect(
      page.getByRole('button', { name: /^Switch to (dark|light) theme$/ }),
    ).toBeVisible();
    await playground.inSettings(async (settings) => {
      for (const name of ['Profile', 'Reload', 'Theme'])
        await expect(settings.getByRole('group', { name })).toBeVisible();
      expect(unnamedControls(await settings.ariaSnapshot())).toEqual([]);
    });
    const [file] = await playground.filePaths();
    for (const action of ['Rename', 'Download', 'Delete'])
      await expect(page.getByRole('button', { name: `${action} ${file}` })).toBeVisible();
    await expect(page.getByRole('textbox', { name: `Editor: ${file}` })).toBeVisible();
    await expect(playground.tab('Cards')).toBeVisible();

    await playground.setReloadMode('explicit');
    await expect(page.getByRole('button', { name: /^Run/ })).toBeVisible();
    await expect(playground.banners).toHaveCount(0);
    // Refused: the field stays open with the reason under it, and every control around it is named.
    await playground.renameFile(file!, '');
    await expect(playground.fileNameNote).toBeVisible();
    expect(unnamedControls(await page.locator('body').ariaSnapshot())).toEqual([]);
    await page.keyboard.press('Escape');

    // The share dialog is modal: the rest of the page leaves the accessibility tree while it is open.
    await playground.shareButton.click();
    await expect(page.getByRole('dialog', { name: 'Share' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Link' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close' })).toBeVisible();
    expect(unnamedControls(await page.locator('body').ariaSnapshot())).toEqual([]);
  });
  test('screen readers hear the problem counts when they change, not a status at every key', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.replaceText('---\ntype: agent\nname: quiet\n---\nAnswer briefly.\n');
    await playground.waitForChecked();
    await expect(playground.status).not.toHaveAttribute('aria-live');
    await expect(playground.problemSummary).toHaveAttribute('aria-live', 'polite');
    const before = await playground.problemSummary.textContent();
    expect(before).not.toMatch(/\b1 error\b/);

    // Typing prose changes no count: the live region is not touched.
    await page.evaluate(() => {
      const w = window as unknown as { summaryChanges: number };
      w.summaryChanges = 0;
      new MutationObserver((records) => (w.summaryChanges += records.length)).observe(
        document.querySelector('[data-testid="problem-summary"]')!,
        { childList: true, characterData: true, subtree: true },
      );
    });
    await playground.cursorToEndOfLine(5);
    await page.keyboard.type(' Then stop.');
    await playground.waitForChecked();
    expect(
      await page.evaluate(() => (window as unknown as { summaryChanges: number }).summaryChanges),
    ).toBe(0);
    await expect(playground.problemSummary).toHaveText(before!);

    // An unknown field adds an error: that is announced.
    await playground.replaceText('---\ntype: agent\nname: quiet\nmodle: x\n---\nAnswer briefly.\n');
    await expect(playground.problemSummary).toHaveText(/^1 error, /);
  });
});

test.describe('Layout and theme', () => {
  test('a 375 px wide phone screen has no horizontal scrollbar', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.replaceText(
      `---\ntype: agent\nname: ${'very_long_name_'.repeat(12)}\n---\n${'word '.repeat(200)}\n`,
    );
    await playground.showTab('Cards');
    await expect(playground.splitRows).toHaveCount(1);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });

  test('the dark theme sets data-theme=dark on the page, and it is remembered', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

    await playground.setTheme('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');

    await playground.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await playground.setting('Theme')).toBe('dark');
  });

  test('the automatic theme follows the system colour scheme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const playground = new PlaygroundPage(page);
    await playground.open();
    expect(await playground.setting('Theme')).toBe('auto');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });
});

test.describe('Privacy and safety', () => {
  test('no request leaves the local server while the playground is used', async ({
    page,
    baseURL,
  }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('worker', (worker) => requests.push(worker.url()));
    const playground = new PlaygroundPage(page);
    await playground.open();

    await playground.replaceText(
      `---\ntype: agent\nname: fetcher\nservers:\n  - fetch\n---\nFetch https://example.com/page.png\n`,
    );
    await playground.waitForChecked();
    await playground.selectCard('fetcher');
    await playground.showTab('Output');
    await expect(playground.outputJson).toContainText('fetcher');
    await playground.openExample('Chain bundle');
    await playground.answerQuestion('Open example'); // the edited example above is kept aside
    await playground.waitForChecked();
    await playground.shareLink();
    await playground.setTheme('dark');
    await playground.waitForSaved();

    expect(requests.length).toBeGreaterThan(0);
    const outside = requests.filter(
      (url) => !url.startsWith(`${baseURL}/`) && !url.startsWith(`blob:${baseURL}/`),
    );
    expect(outside).toEqual([]);
  });

  test.describe('with the page’s Content-Security-Policy bypassed, so only the rendering stands guard', () => {
    test.use({ bypassCSP: true });

    test('card text is never rendered as HTML', async ({ page }) => {
      const playground = new PlaygroundPage(page);
      await playground.open();
      await playground.replaceText(HOSTILE_CARD);
      await playground.waitForChecked();

      await playground.showTab('Problems');
      await expect(playground.diagnosticRows.filter({ hasText: HOSTILE })).not.toHaveCount(0);
      await playground.showTab('Cards');
      await expect(playground.splitRow('hostile')).toBeVisible();
      await playground.selectCard('hostile');
      await playground.showTab('Output');
      await expect(playground.outputPanel).toContainText(HOSTILE);

      await expect(playground.editorContent).toContainText(HOSTILE);
      await expect(page.locator('#app img')).toHaveCount(0);
      expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();

      await playground.shareButton.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.locator('img')).toHaveCount(0);
      expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    });
  });
});
