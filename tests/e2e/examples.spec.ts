import { expect, test } from '@playwright/test';
import { EXAMPLES } from '../../src/app/examples.ts';
import { TEST_IDS } from '../../src/app/test-ids.ts';
import { PlaygroundPage } from './playground-page.ts';

test.describe('The Examples menu', () => {
  test('every example opens with only the problems it means to show', async ({ page }) => {
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
    await playground.openExample('OpenAgentSpec agent (with CEL assertions)');
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
});
