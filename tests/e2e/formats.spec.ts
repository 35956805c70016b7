import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './playground-page.ts';

const AFM_TUTOR = `---
spec_version: 0.3.0
name: Tutor
model:
  name: gpt-4.1
---

# Role

You teach arithmetic.

# Instructions

Explain each step.
`;

const CARD = `---
type: agent
name: sizer
model: gpt-4.1
---
You size things.
`;

test.describe('Other formats', () => {
  test('an AFM file is read as AFM, and the user can tell it to read it as an AgentCard instead', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.createFile('tutor.afm.md');
    await playground.replaceText(AFM_TUTOR);
    await playground.waitForChecked();

    await test.step('detection says AFM and the card compiles', async () => {
      await expect.poll(() => playground.formatShown()).toMatch(/^Auto \(AFM/);
      await playground.showTab('Cards');
      await expect(playground.splitRows).toHaveCount(1);
      await expect(playground.errorRows).toHaveCount(0);
    });

    await test.step('reading it as an AgentCard shows AgentCard problems', async () => {
      await playground.formatSelect.selectOption('agentcard');
      await playground.waitForChecked();
      await playground.showTab('Problems');
      await expect(playground.diagnostics('unknown-field').first()).toBeVisible();
    });

    await test.step('the choice survives a reload', async () => {
      await playground.waitForSaved();
      await playground.reload();
      await expect(playground.formatSelect).toHaveValue('agentcard');
      await playground.formatSelect.selectOption('');
      await playground.waitForChecked();
      await expect(playground.errorRows).toHaveCount(0);
    });
  });

  test('converting a card to AFM opens the result as a new file and lists what AFM cannot say', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.createFile('sizer.md');
    await playground.replaceText(CARD);
    await playground.waitForChecked();
    await playground.selectCard('sizer');

    const report = await playground.convertTo('AFM');
    await expect(report).toContainText('sizer.afm.md');
    await expect(report).toContainText('instruction');
    await expect(playground.activeFile).toHaveText('sizer.afm.md');
    await expect.poll(() => playground.activeText()).toMatch(/^---\nspec_version: 0\.3\.0/);
    await playground.waitForChecked();
    await expect.poll(() => playground.formatShown()).toMatch(/^Auto \(AFM/);
    await expect(playground.errorRows).toHaveCount(0);
    expect(playground.errors).toEqual([]);
  });
});
