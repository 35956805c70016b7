import { expect, test } from '@playwright/test';
import { TEST_IDS } from '../../src/app/test-ids.ts';
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
name: estimator
model: gpt-4.1
---
You estimate things.
`;

const OAS_WITH_TYPO = `kind: openagentspec:v1/agent
name: reader
description: Reads pages
intent: Read web pages for the user
owner: docs-team
capabilities:
  web:
    input_restriction:
      assertion: recent.web.inputs.url.startsWith("https://") &&
exposes:
  url: recent.web.inputs.url
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
      await expect(playground.splitRow('Tutor')).toBeVisible();
      await playground.showTab('Problems');
      await expect(playground.errorRows).toHaveCount(0);
    });

    await test.step('reading it as an AgentCard shows AgentCard problems', async () => {
      await playground.formatSelect.selectOption({ label: 'AgentCard (Markdown)' });
      await playground.waitForChecked();
      await playground.showTab('Problems');
      await expect(playground.diagnostics('unknown-field').first()).toBeVisible();
    });

    await test.step('the choice survives a reload', async () => {
      await playground.waitForSaved();
      await playground.reload();
      await expect.poll(() => playground.formatShown()).toBe('AgentCard (Markdown)');
      await playground.formatSelect.selectOption('');
      await playground.waitForChecked();
      await expect(playground.errorRows).toHaveCount(0);
    });
  });

  test('in an AFM file, hovering a frontmatter key describes it from the AFM schema', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.createFile('tutor.afm.md');
    await playground.replaceText(AFM_TUTOR);
    await playground.waitForChecked();
    await expect.poll(() => playground.formatShown()).toMatch(/^Auto \(AFM/);

    // The first hover in such a file is also the one that loads the formats' hover help.
    const tooltip = page.locator('.cm-fieldHover');
    await playground.hoverToShow(
      playground.editorContent.getByText('model', { exact: true }).first(),
      tooltip,
    );
    await expect(tooltip).toContainText('model');
    await expect(tooltip).toContainText('The language model the agent runs on.');
    await expect(tooltip.getByRole('button', { name: 'Open in reference' })).toBeVisible();
    expect(playground.errors).toEqual([]);
  });

  test('converting a card to AFM previews it, then adds it under a name of its own, so nothing is flagged', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.createFile('estimator.md');
    await playground.replaceText(CARD);
    await playground.waitForChecked();
    await playground.selectCard('estimator');

    const preview = await playground.previewConversion('AFM');
    await expect(preview.getByTestId(TEST_IDS.conversionLost)).toContainText('instruction');
    await expect(preview.getByTestId(TEST_IDS.conversionSource)).toContainText('name: estimator');
    await expect(preview.getByTestId(TEST_IDS.conversionResult)).toContainText(
      'spec_version: 0.3.0',
    );
    // Under the original's name a copy would clash with it: Add waits for another name.
    await expect(playground.conversionAction('Add to workspace')).toBeDisabled();
    await preview.getByRole('button', { name: 'Use estimator_afm' }).click();
    await expect(playground.conversionName).toHaveValue('estimator_afm');
    await expect(preview.getByTestId(TEST_IDS.conversionResult)).toContainText(
      'name: estimator_afm',
    );
    await playground.conversionAction('Add to workspace').click();
    await expect(preview).toBeHidden();
    await expect(playground.conversionReport).toContainText('added estimator-afm.afm.md');
    await expect(playground.activeFile).toHaveText('estimator-afm.afm.md');
    await expect.poll(() => playground.activeText()).toMatch(/^---\nspec_version: 0\.3\.0/);
    await playground.waitForChecked();
    await expect.poll(() => playground.formatShown()).toMatch(/^Auto \(AFM/);
    await playground.showTab('Problems');
    await expect(playground.errorRows).toHaveCount(0);
    await expect(playground.diagnostics('duplicate-name')).toHaveCount(0);

    await test.step('converted to an A2A AgentCard with its service URL and a name, it checks as A2A', async () => {
      await playground.file('estimator.md').click();
      await playground.waitForChecked();
      await playground.selectCard('estimator');
      const a2a = await playground.convertTo(
        'A2A AgentCard',
        'https://agents.example.com/estimator',
        'estimator_card',
      );
      await expect(a2a).toContainText('added estimator-card.json');
      await expect(a2a).toContainText('model');
      await expect(playground.activeFile).toHaveText('estimator-card.json');
      await expect
        .poll(async () => JSON.parse(await playground.activeText()))
        .toMatchObject({ name: 'estimator_card', url: 'https://agents.example.com/estimator' });
      await playground.waitForChecked();
      await expect.poll(() => playground.formatShown()).toMatch(/^Auto \(A2A v0\.3\.0\)$/);
      await playground.showTab('Problems');
      await expect(playground.errorRows).toHaveCount(0);
    });
    expect(playground.errors).toEqual([]);
  });

  test('converting twice: the menu resets, the own format is never offered, and each copy gets a free name', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.createFile('estimator.md');
    await playground.replaceText(CARD);
    await playground.waitForChecked();
    await playground.selectCard('estimator');
    await playground.showTab('Output');
    await expect
      .poll(() => playground.convertOptions())
      .toEqual(['Choose a format…', 'AFM', 'A2A AgentCard']);

    await playground.convertTo('AFM');
    await expect(playground.activeFile).toHaveText('estimator-afm.afm.md');
    await expect(playground.convertSelect).toHaveValue('');
    await expect(playground.convertButton).toBeDisabled();

    await test.step('the AFM copy is not offered a conversion to AFM', async () => {
      await playground.waitForChecked();
      await playground.editorContent.click();
      await expect(playground.outputPanel).toContainText('Read as AFM');
      await expect
        .poll(() => playground.convertOptions())
        .toEqual(['Choose a format…', 'AgentCard', 'A2A AgentCard']);
    });

    await test.step('a second copy is offered the next free name, and nothing is flagged', async () => {
      await playground.file('estimator.md').click();
      await playground.waitForChecked();
      await playground.editorContent.click();
      const report = await playground.convertTo('AFM');
      await expect(report).toContainText('added estimator-afm-2.afm.md');
      await expect.poll(() => playground.activeText()).toContain('name: estimator_afm_2');
      expect(await playground.filePaths()).toEqual(
        expect.arrayContaining(['estimator.md', 'estimator-afm.afm.md', 'estimator-afm-2.afm.md']),
      );
      await playground.waitForChecked();
      await playground.showTab('Problems');
      await expect(playground.diagnostics('duplicate-name')).toHaveCount(0);
    });
    expect(playground.errors).toEqual([]);
  });

  test('an OpenAgentSpec CEL error is pointed at inside the YAML string; fixed, its assertion can be tried', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.createFile('reader.yaml');
    await playground.replaceText(OAS_WITH_TYPO);
    await playground.waitForChecked();
    await expect.poll(() => playground.formatShown()).toBe('Auto (OpenAgentSpec v1 agent)');

    await test.step('the syntax error is listed and underlined', async () => {
      await playground.showTab('Problems');
      await expect(playground.diagnostics('oas-cel-syntax')).toHaveCount(1);
      await expect(playground.diagnostics('oas-cel-syntax')).toContainText('9:');
      await expect(playground.errorSquiggles.first()).toBeVisible();
    });

    await test.step('fixed, the Output tab evaluates the assertion against a sample Engagement', async () => {
      await playground.replaceText(OAS_WITH_TYPO.replace(' &&\n', '\n'));
      await playground.waitForChecked();
      await expect(playground.errorRows).toHaveCount(0);
      await playground.selectCard('reader');
      await playground.showTab('Output');
      const panel = page.getByTestId(TEST_IDS.engagementPanel);
      await expect(panel).toBeVisible();
      const json = panel.getByLabel('Sample Engagement (JSON)');
      const skeleton = JSON.parse(await json.inputValue());
      skeleton.recent.web.inputs.url = 'http://plain.example';
      await json.fill(JSON.stringify(skeleton));
      await expect(panel.locator('li.fail')).toHaveCount(1);
      skeleton.recent.web.inputs.url = 'https://safe.example';
      await json.fill(JSON.stringify(skeleton));
      await expect(panel.locator('li.pass')).toHaveCount(1);
      await expect(panel).toContainText('https://safe.example');
    });
    expect(playground.errors).toEqual([]);
  });

  test('in an OpenAgentSpec file, Ctrl-Space at the top level offers its own fields, not AgentCard ones', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.createFile('sizer.yaml');
    await playground.replaceText(
      'kind: openagentspec:v1/agent\nname: sizer\ndescription: Sizes tasks\n\n',
    );
    await playground.waitForChecked();
    await expect.poll(() => playground.formatShown()).toBe('Auto (OpenAgentSpec v1 agent)');

    await playground.cursorToEndOfLine(4);
    await playground.requestCompletion();
    const labels = await playground.completionLabels();
    expect(labels).toContain('guardrails');
    expect(labels).toContain('intent');
    expect(labels).not.toContain('name');
    expect(labels).not.toContain('instruction');
    expect(labels).not.toContain('type');

    await playground.completionOptions.filter({ hasText: 'lifespan' }).click();
    await playground.expectText(
      'kind: openagentspec:v1/agent\nname: sizer\ndescription: Sizes tasks\nlifespan: \n',
    );
    expect(playground.errors).toEqual([]);
  });
});
