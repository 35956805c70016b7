import { expect, test } from '@playwright/test';
import { TEST_IDS } from '../../src/app/test-ids.ts';
import { PlaygroundPage } from './playground-page.ts';

/** A card that sets a model and one default (`shell: false`) and nothing else. */
const WRITER = `---
type: agent
name: post_writer
model: haiku
shell: false
---
Write short posts.
`;

/** The same card with its description's quote never closed: a YAML syntax error two lines down. */
const BROKEN = `---
type: agent
name: post_writer
description: "writes posts
model: haiku
shell: false
---
Write short posts.
`;

test.describe('Output answers the question', () => {
  test('shows what the card sets; "Show all fields" shows the defaults too, raw JSON on request, remembered', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.replaceText(WRITER);
    await playground.waitForChecked();
    await playground.selectCard('post_writer');
    await playground.showTab('Output');
    const showAll = playground.outputPanel.getByTestId(TEST_IDS.outputShowAll);

    await test.step('by default: what the card sets, defaults hidden', async () => {
      await expect(showAll).not.toBeChecked();
      await expect(playground.outputJson).toContainText('"haiku"');
      await expect(playground.outputJson).toContainText('"Write short posts."');
      await expect(playground.outputJson).not.toContainText('use_history');
      await expect(playground.outputJson).not.toContainText('shell');
      await expect(playground.outputPanel.getByTestId(TEST_IDS.outputFilterNote)).toContainText(
        /fields at fast-agent's defaults hidden/,
      );
    });

    await test.step('"Show all fields" shows every field, the defaults included', async () => {
      await showAll.check();
      await expect(playground.outputJson).toContainText('use_history');
      await expect(playground.outputJson).toContainText(/shell:\s*false/);
      await expect(playground.outputJson).toContainText(/human_input:\s*false/);
      await expect(playground.outputPanel.getByTestId(TEST_IDS.outputFilterNote)).toHaveCount(0);
    });

    await test.step('the raw view is the JSON text, and both choices last across a reload', async () => {
      await playground.outputPanel.getByTestId(TEST_IDS.outputViewRaw).click();
      const raw = playground.outputJson.locator('pre');
      await expect(raw).toContainText('"shell": false');
      expect(JSON.parse((await raw.textContent()) ?? '')).toMatchObject({
        config: { name: 'post_writer', model: 'haiku', shell: false },
      });
      await playground.reload();
      await playground.selectCard('post_writer');
      await playground.showTab('Output');
      await expect(playground.outputPanel.getByTestId(TEST_IDS.outputShowAll)).toBeChecked();
      await expect(playground.outputJson.locator('pre')).toContainText('"use_history": true');
      await playground.outputPanel.getByTestId(TEST_IDS.outputViewTree).click();
      await expect(playground.outputJson.locator('pre')).toHaveCount(0);
    });
  });

  test('a syntax error shows a hint and its likely cause; the last output stays, marked out of date, until fixed', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.replaceText(WRITER);
    await playground.waitForChecked();
    await playground.selectCard('post_writer');
    await playground.showTab('Output');
    await expect(playground.outputJson).toContainText('"haiku"');
    const stale = playground.outputPanel.getByTestId(TEST_IDS.outputStale);
    await expect(stale).toHaveCount(0);

    await test.step('breaking the card keeps its last output, marked out of date', async () => {
      await playground.replaceText(BROKEN);
      await playground.waitForChecked();
      await expect(stale).toContainText('Out of date');
      await expect(stale).toContainText('last version without errors');
      await expect(playground.outputJson).toContainText('"haiku"');
      await expect(playground.outputJson).toHaveClass(/out-of-date/);
    });

    await test.step('Problems shows the hint and points at the opening quote', async () => {
      await playground.showTab('Problems');
      const row = playground.diagnostics('yaml-syntax');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Missing closing "quote');
      await expect(row.getByTestId(TEST_IDS.diagnosticHint)).toContainText(
        'A quoted value is never closed',
      );
      const cause = playground.page.getByTestId(TEST_IDS.diagnosticCause);
      await expect(cause).toHaveText('Likely cause: line 4');
    });

    await test.step('fixing the card clears the mark', async () => {
      await playground.replaceText(WRITER.replace('model: haiku', 'model: sonnet'));
      await playground.waitForChecked();
      await playground.showTab('Output');
      await expect(playground.outputJson).toContainText('"sonnet"');
      await expect(stale).toHaveCount(0);
      await expect(playground.outputJson).not.toHaveClass(/out-of-date/);
    });
  });

  test('each edit shows in the tree at once, down to a nested item, while the fields it left alone stay shown', async ({
    page,
  }) => {
    // The output keeps the objects of unchanged fields between answers (keep-unchanged.ts) and the
    // tree redraws only what changed: this pins that a changed item deep inside is never missed.
    const card = (model: string, second: string, instruction: string) =>
      `---\ntype: agent\nname: post_writer\nmodel: ${model}\nservers: [fetch, ${second}]\n---\n${instruction}\n`;
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.replaceText(card('haiku', 'search', 'Write short posts.'));
    await playground.waitForChecked();
    await playground.selectCard('post_writer');
    await playground.showTab('Output');
    const tree = playground.outputJson;
    const legend = playground.outputPanel.getByTestId(TEST_IDS.placeholderLegend);
    await expect(tree).toContainText('"search"');
    await expect(legend).toHaveCount(0);

    const steps: Array<[string, string, string, string[], string[]]> = [
      ['sonnet', 'search', 'Write short posts.', ['"sonnet"', '"fetch"', '"search"'], ['"haiku"']],
      ['sonnet', 'files', 'Write short posts.', ['"sonnet"', '"fetch"', '"files"'], ['"search"']],
      ['sonnet', 'files', 'Today is {{currentDate}}.', ['"files"', 'Today is'], ['short posts']],
      [
        'haiku',
        'search',
        'Write short posts.',
        ['"haiku"', '"search"', 'short posts'],
        ['"files"'],
      ],
    ];
    for (const [model, second, instruction, shown, gone] of steps) {
      await playground.replaceText(card(model, second, instruction));
      await playground.waitForChecked();
      for (const text of shown) await expect(tree).toContainText(text);
      for (const text of gone) await expect(tree).not.toContainText(text);
      await expect(legend).toHaveCount(instruction.includes('{{') ? 1 : 0);
    }
  });
});
