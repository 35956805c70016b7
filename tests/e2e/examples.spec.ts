import { expect, test } from '@playwright/test';
import { EXAMPLES } from '../../src/app/examples.ts';
import { TEST_IDS } from '../../src/app/test-ids.ts';
import { expectReopensRightAfterClose } from './dialog-reopen.ts';
import { PlaygroundPage } from './playground-page.ts';

test.describe('The Examples gallery', () => {
  test('every example opens with only the problems it means to show', async ({ page }) => {
    // Ten examples, each through the gallery, on a shared 2-core machine: a hang guard, not a speed check.
    test.setTimeout(90_000);
    const playground = new PlaygroundPage(page);
    await playground.open();
    for (const example of EXAMPLES) {
      await test.step(example.title, async () => {
        await playground.openExample(example.title);
        await expect(playground.activeFile).toHaveText(example.active);
        await playground.waitForChecked();
        await playground.showTab('Problems');
        await expect
          .poll(async () =>
            (
              await playground.diagnosticRows.evaluateAll((rows) =>
                rows.map((row) => row.getAttribute('data-code') ?? ''),
              )
            ).sort(),
          )
          .toEqual(example.shows);
      });
    }
    expect(playground.errors).toEqual([]);
  });

  test("the OpenAgentSpec example's sample Engagement evaluates every expression without an error", async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.openExample('OpenAgentSpec agent');
    await playground.waitForChecked();
    await playground.selectCard('page-reader');
    await playground.showTab('Output');
    const panel = page.getByTestId(TEST_IDS.engagementPanel);
    await expect(panel).toContainText('3 expressions evaluated.');
    await expect(panel.getByRole('list', { name: 'Expression results' })).not.toContainText(
      'Error:',
    );
    await expect(panel.getByRole('listitem')).toHaveCount(3);
  });

  test('opening one example twice adds at most one workspace, and the gallery says which is open', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.waitForSaved();
    const before = await playground.workspaceOptions();

    await playground.openExample('Chain bundle');
    await playground.openExample('Chain bundle');
    await playground.openExample('Markdown bundle');
    await playground.openExample('Chain bundle');
    await expect(playground.activeFile).toHaveText('post_writer.md');
    await playground.waitForSaved();
    await expect
      .poll(() => playground.workspaceOptions())
      .toEqual(['Chain bundle (example) · 1 file', '+ New workspace']);
    expect(before).toHaveLength(2); // the first visit's example and "+ New workspace"

    await playground.examplesButton.click();
    await expect(playground.exampleItem('chain')).toHaveAttribute('aria-current', 'true');
    await expect(playground.exampleItem('chain')).toBeFocused();
    expect(playground.errors).toEqual([]);
  });

  test('is a keyboard dialog: arrows move, Enter opens, Tab stays inside, Escape returns focus', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.examplesButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Examples' });
    await expect(dialog).toBeVisible();
    await expect(playground.exampleItems).toHaveCount(EXAMPLES.length);
    for (const example of EXAMPLES)
      await expect(playground.exampleItem(example.id)).toContainText(example.summary);

    await expect(playground.exampleItem(EXAMPLES[0]!.id)).toBeFocused(); // the example open now
    await page.keyboard.press('ArrowDown');
    await expect(playground.exampleItem(EXAMPLES[1]!.id)).toBeFocused();
    await page.keyboard.press('End');
    await expect(playground.exampleItem(EXAMPLES.at(-1)!.id)).toBeFocused();
    await page.keyboard.press('ArrowDown'); // wraps
    await expect(playground.exampleItem(EXAMPLES[0]!.id)).toBeFocused();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(playground.examplesButton).toBeFocused();

    // Loaded now, the dialog opens within the key's event: the next key already reaches it.
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp'); // to the last example
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(playground.activeFile).toHaveText(EXAMPLES.at(-1)!.active);
    await expect(playground.examplesButton).toBeFocused();
  });

  test('once loaded, opens within the click: a key pressed right after already reaches it', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.examplesButton.click();
    const dialog = page.getByRole('dialog', { name: 'Examples' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // The click and the check in one task of the page, with only microtasks (Svelte's flush) between:
    // anything that waits for another task (a dynamic import) leaves the dialog closed here.
    const openAtOnce = await playground.examplesButton.evaluate(async (button) => {
      (button as HTMLButtonElement).click();
      for (let i = 0; i < 10; i++) await Promise.resolve();
      return document.querySelector('dialog[open]') !== null;
    });
    expect(openAtOnce).toBe(true);
    await expect(dialog).toBeVisible();
  });

  test('a click on Examples right after the gallery closed reopens it, and stays open', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await expectReopensRightAfterClose(
      playground.examplesButton,
      page.getByRole('dialog', { name: 'Examples' }),
    );
  });

  test('asks before opening another example over edits, and keeps the edited one when told to go on', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.openExample('Chain bundle');
    await playground.replaceText(EDITED);
    await playground.waitForSaved();

    await playground.openExample('Markdown bundle');
    const question = page.getByRole('dialog', { name: 'Open another example?' });
    await expect(question).toBeVisible();
    await expect(question).toContainText('Chain bundle (example)');
    await playground.answerQuestion('Cancel');
    await playground.expectText(EDITED);
    await expect(playground.activeFile).toHaveText('post_writer.md');

    await playground.openExample('Markdown bundle');
    await playground.answerQuestion('Open example');
    await expect(playground.activeFile).toHaveText('agents.md');
    await expect(playground.banner('Chain bundle (example) (edited)')).toBeVisible();
    await playground.waitForSaved();
    await expect
      .poll(() => playground.workspaceOptions())
      .toEqual(
        expect.arrayContaining([
          'Markdown bundle (example) · 1 file',
          'Chain bundle (example) (edited) · 1 file',
        ]),
      );
    await playground.workspaceSelect.selectOption({
      label: 'Chain bundle (example) (edited) · 1 file',
    });
    await playground.expectText(EDITED);
    expect(playground.errors).toEqual([]);
  });
});

test.describe('URL options', () => {
  test('?example=chain&profile=fast-agent&theme=dark opens the chain example, checked as fast-agent, dark', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open('/?example=chain&profile=fast-agent&theme=dark');
    await expect(playground.activeFile).toHaveText('post_writer.md');
    await expect(playground.workspaceSelect.locator('option:checked')).toHaveText(
      'Chain bundle (example) · 1 file',
    );
    expect(await playground.setting('Profile')).toBe('fast-agent');
    expect(await playground.setting('Theme')).toBe('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // Taken out of the address, so that a reload does not open the example again.
    await expect(page).toHaveURL(/\/$/);
    await expect(playground.banners).toHaveCount(0);
    expect(playground.errors).toEqual([]);
  });

  test('?file= selects a file, and unknown values are ignored with a note instead of a crash', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open('/?example=history&file=history.md&utm_source=x');
    await expect(playground.activeFile).toHaveText('history.md');
    await expect(page).toHaveURL(/\/\?utm_source=x$/);

    await playground.open('/?example=nope&profile=strict&theme=pink&file=missing.md');
    const note = playground.banner(/was ignored/);
    await expect(note).toContainText('?example=nope was ignored');
    await expect(note).toContainText('?profile=strict was ignored');
    await expect(note).toContainText('?theme=pink was ignored');
    await expect(note).toContainText('?file=missing.md was ignored');
    await expect(playground.activeFile).toHaveText('history.md');
    expect(playground.errors).toEqual([]);
  });
});

const EDITED = `---
type: agent
name: my_writer
---
Mine now.
`;
