/**
 * Stories of the page's layout: at desktop widths the editor, its problems and the compiled output are seen
 * together; the panes resize by pointer and keyboard and keep their sizes; the header stays one row; on a
 * phone one pane shows at a time, picked in a bottom bar, and nothing scrolls sideways.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { TEST_IDS } from '../../src/app/test-ids.ts';
import { PlaygroundPage } from './playground-page.ts';

// A card with one problem (a misspelt field) that still compiles.
const BAD_CARD = `---
type: agent
name: harbour_pilot
temprature: 0.2
---
Answer questions about tides and berths in the harbour.
`;

/** How far the page scrolls sideways, in CSS pixels (0: not at all). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const valueOf = async (splitter: Locator) => Number(await splitter.getAttribute('aria-valuenow'));

test.describe('Desktop layout (1280 × 800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a bad card’s problem and its compiled output are both in view, without a click', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.replaceText(BAD_CARD);
    await playground.waitForChecked();
    await expect(playground.tab('Output')).toHaveAttribute('aria-selected', 'true');
    const problem = playground.diagnostics('unknown-field');
    await expect(problem).toContainText('temprature');
    await expect(problem).toBeInViewport({ ratio: 1 });
    const name = playground.outputJson.getByText('"harbour_pilot"').first();
    await expect(name).toBeInViewport({ ratio: 1 });
    await expect(playground.problemsToggle).toContainText(/1 (error|warning)/);
  });

  test('the header is one row, with Share as its primary button', async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    const header = page.getByRole('banner');
    const tops = await header
      .locator('h1, button:visible, select')
      .evaluateAll((all) =>
        all.map((e) =>
          Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2),
        ),
      );
    expect(tops.length).toBeGreaterThanOrEqual(6);
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(2);
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(56);
    expect(await header.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
    await expect(page.getByRole('combobox')).not.toHaveCount(0);
    await expect(header.getByRole('combobox')).toHaveCount(1); // the workspace switcher only
  });

  test('the settings popover explains the profile and the reload mode in a sentence each', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.inSettings(async (settings) => {
      await expect(playground.settingChoice('Profile', 'rfc')).toBeChecked();
      await expect(settings.getByRole('group', { name: 'Profile' })).toContainText(
        /fast-agent\s+Reads files as fast-agent does/,
      );
      await expect(settings.getByRole('group', { name: 'Reload' })).toContainText(
        /explicit\s+Results update only when you press Run/,
      );
    });
    await playground.setReloadMode('explicit');
    await expect(playground.runButton).toBeVisible();
    expect(await playground.setting('Reload')).toBe('explicit');
  });

  test('the status line’s changing text never moves the editor (typing, checking, saving)', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.waitForSaved();
    // What the status says in turn as a user types and the workspace is checked and saved.
    const texts = [
      'checking… · unsaved',
      'checked in 4 ms · unsaved',
      'checked in 1234 ms · unsaved',
      'checked in 28 ms · saving',
      'checked in 28 ms · saved',
    ];
    // At widths around the one where the file name, format picker and status just fit one row, the
    // editor's text stays where it is whichever of those texts the status shows.
    const moved: string[] = [];
    for (let width = 1000; width <= 1400; width += 8) {
      await page.setViewportSize({ width, height: 800 });
      const tops = await playground.status.evaluate((status, all) => {
        const content = document.querySelector('.cm-content')!;
        // The element that holds the status's text (the status itself when it has no such element).
        const holder = status.querySelector('.status-text') ?? status;
        const saved = [...holder.childNodes];
        const tops = all.map((text) => {
          holder.replaceChildren(text);
          return content.getBoundingClientRect().top;
        });
        holder.replaceChildren(...saved);
        return tops;
      }, texts);
      if (new Set(tops).size > 1) moved.push(`${width} px: ${tops.join(', ')}`);
    }
    expect(moved).toEqual([]);
  });

  test('the file list shows a long name like fastagent.config.yaml whole at its default width', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.createFile('fastagent.config.yaml');
    const item = playground.file('fastagent.config.yaml');
    expect(await item.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  });

  test('the splitters move by drag and by keyboard, and keep their sizes after a reload', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    const files = page.getByTestId(TEST_IDS.filesSplitter);
    const problems = page.getByTestId(TEST_IDS.problemsSplitter);
    const results = page.getByTestId(TEST_IDS.resultsSplitter);
    for (const splitter of [files, problems, results]) {
      await expect(splitter).toHaveAttribute('role', 'separator');
      for (const attribute of ['aria-valuenow', 'aria-valuemin', 'aria-valuemax'])
        await expect(splitter).toHaveAttribute(attribute, /^\d+$/);
    }
    await expect(files).toHaveAttribute('aria-orientation', 'vertical');
    await expect(problems).toHaveAttribute('aria-orientation', 'horizontal');
    const sidebarWidth = () =>
      page.locator('#pane-files').evaluate((e) => Math.round(e.getBoundingClientRect().width));

    await test.step('drag the file list’s splitter 80 px to the right', async () => {
      const before = await valueOf(files);
      const box = (await files.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + 200);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 40, box.y + 200);
      await page.mouse.move(box.x + box.width / 2 + 80, box.y + 200);
      await page.mouse.up();
      expect(await valueOf(files)).toBe(before + 80);
      expect(await sidebarWidth()).toBe(before + 80);
    });

    await test.step('the keyboard: arrows, Home and End', async () => {
      const resultsBefore = await valueOf(results);
      await results.focus();
      await page.keyboard.press('ArrowLeft'); // the splitter moves left: the results grow
      expect(await valueOf(results)).toBe(resultsBefore + 16);
      await page.keyboard.press('Shift+ArrowRight');
      expect(await valueOf(results)).toBe(resultsBefore + 16 - 64);

      const problemsBefore = await valueOf(problems);
      await problems.focus();
      await page.keyboard.press('ArrowUp'); // the splitter moves up: Problems grows
      expect(await valueOf(problems)).toBe(problemsBefore + 16);
      await page.keyboard.press('Home');
      expect(await valueOf(problems)).toBe(Number(await problems.getAttribute('aria-valuemin')));
      const dock = await playground.problemsDock.boundingBox();
      expect(Math.round(dock!.height)).toBe(await valueOf(problems));
      await page.keyboard.press('End');
      expect(await valueOf(problems)).toBe(Number(await problems.getAttribute('aria-valuemax')));
      await page.keyboard.press('Shift+ArrowDown');
    });

    const sizes = [await valueOf(files), await valueOf(problems), await valueOf(results)];
    await playground.reload();
    expect([await valueOf(files), await valueOf(problems), await valueOf(results)]).toEqual(sizes);
    expect(await sidebarWidth()).toBe(sizes[0]);
  });

  test('a stored layout that is not valid gives the default layout, not a broken one', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    const files = page.getByTestId(TEST_IDS.filesSplitter);
    const results = page.getByTestId(TEST_IDS.resultsSplitter);
    const defaults = [await valueOf(files), await valueOf(results)];
    await page.evaluate(() =>
      localStorage.setItem(
        'agentcard-playground:pane-sizes',
        '{"files":"<img src=x>","results":-1e9}',
      ),
    );
    await playground.reload();
    expect([await valueOf(files), await valueOf(results)]).toEqual(defaults);
    expect(playground.errors).toEqual([]);
  });
});

test.describe('Phone layout (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the bottom bar reaches the editor, the problems and the output, and nothing scrolls sideways', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.replaceText(BAD_CARD);
    await playground.waitForChecked();
    expect(await sidewaysOverflow(page)).toBe(0);

    // The editor is as tall as its text (with a minimum), not a fixed share of the screen.
    const editorHeight = (await playground.editor.boundingBox())!.height;
    expect(editorHeight).toBeGreaterThanOrEqual(250);
    expect(editorHeight).toBeLessThan(844 * 0.5);

    await playground.paneButton('Problems').click();
    await expect(playground.paneButton('Problems')).toHaveAttribute('aria-pressed', 'true');
    await expect(playground.diagnostics('unknown-field')).toBeVisible();
    await expect(playground.editor).toBeHidden();
    expect(await sidewaysOverflow(page)).toBe(0);

    await playground.paneButton('Output').click();
    await expect(playground.outputJson.getByText('"harbour_pilot"').first()).toBeVisible();
    await expect(playground.diagnostics('unknown-field')).toBeHidden();
    expect(await sidewaysOverflow(page)).toBe(0);

    await playground.paneButton('Editor').click();
    await expect(playground.editorContent).toBeVisible();
    await expect(playground.paneBar).toBeInViewport({ ratio: 1 });
  });

  test('the header folds into a menu with the workspace, Examples and Settings', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await expect(playground.workspaceSelect).toBeHidden();
    await expect(playground.shareButton).toBeVisible();
    await playground.menuButton.click();
    await expect(playground.workspaceSelect).toBeVisible();
    await expect(playground.examplesButton).toBeVisible();
    await expect(playground.settingsButton).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.keyboard.press('Escape');
    await expect(playground.workspaceSelect).toBeHidden();
    await playground.setProfile('fast-agent');
    expect(await playground.setting('Profile')).toBe('fast-agent');
  });
});
