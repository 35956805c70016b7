import { expect, test } from '@playwright/test';
import { TEST_IDS } from '../../src/app/test-ids.ts';
import { PlaygroundPage } from './playground-page.ts';

/** A card with no instruction. */
const BARE = `---
type: agent
name: bare
---
`;

/** A card whose instruction uses fast-agent's templates. */
const TEMPLATED = `---
type: agent
name: templated
---
Use {{serverInstructions}} and the notes at {{url:https://example.com/notes.md}}.
Escaped: \\{{env}}.
`;

test.describe('The Output tab shows what fast-agent fills in later', () => {
  test('a card without an instruction compiles to fast-agent default with its placeholders highlighted, or to null under rfc', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.replaceText(BARE);
    await playground.setProfile('fast-agent');
    await playground.waitForChecked();
    const placeholders = playground.outputJson.getByTestId(TEST_IDS.placeholder);

    await test.step('fast-agent profile: the default instruction, each placeholder titled', async () => {
      await playground.selectCard('bare');
      await playground.showTab('Output');
      // fast-agent's default instruction (and the rfc profile's null) are defaults: shown with every field.
      await playground.outputPanel.getByTestId(TEST_IDS.outputShowAll).check();
      await expect(playground.outputJson).toContainText('You are a helpful AI Agent.');
      // instruction and request_params.systemPrompt: six placeholders each
      await expect(placeholders).toHaveCount(12);
      await expect(placeholders.first()).toHaveText('{{serverInstructions}}');
      await expect(placeholders.first()).toHaveAttribute(
        'title',
        /filled at run time: .*MCP servers/,
      );
      await expect(placeholders.filter({ hasText: '{{currentDate}}' }).first()).toHaveAttribute(
        'title',
        /today's date/,
      );
      await expect(playground.outputPanel.getByTestId(TEST_IDS.placeholderLegend)).toContainText(
        '6 highlighted placeholders',
      );
    });

    await test.step('a card own templates: {{url:…}} filled at load, escapes left plain', async () => {
      await playground.replaceText(TEMPLATED);
      await playground.waitForChecked();
      await playground.selectCard('templated');
      await playground.showTab('Output');
      await expect(placeholders).toHaveCount(4);
      const url = placeholders.filter({ hasText: '{{url:https://example.com/notes.md}}' }).first();
      await expect(url).toHaveAttribute(
        'title',
        /when fast-agent loads the card: .*fetches nothing/,
      );
      await expect(placeholders.filter({ hasText: '{{env}}' })).toHaveCount(0);
      await expect(playground.outputJson).toContainText('Escaped: \\\\{{env}}.');
    });

    await test.step('rfc profile: instruction null, nothing highlighted', async () => {
      await playground.replaceText(BARE);
      await playground.setProfile('rfc');
      await playground.waitForChecked();
      await playground.selectCard('bare');
      await playground.showTab('Output');
      await expect(playground.outputJson).toContainText(/instruction:\s*null/);
      await expect(placeholders).toHaveCount(0);
      await expect(playground.outputPanel.getByTestId(TEST_IDS.placeholderLegend)).toHaveCount(0);
      // The Problems tab says what fast-agent would use instead.
      await playground.showTab('Problems');
      await expect(playground.diagnostics('default-instruction')).toHaveCount(1);
      await expect(playground.diagnostics('default-instruction')).toContainText(
        'You are a helpful AI Agent.',
      );
    });
  });
});
