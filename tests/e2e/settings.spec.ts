import { expect, test } from '@playwright/test';
import { EXAMPLES } from '../../src/app/examples.ts';
import { PlaygroundPage } from './playground-page.ts';

/** Two Markdown cards; the second has a field no agent takes. fast-agent reads only the first card. */
const TWO_CARDS = `---
type: agent
name: first
---
First agent.

---
type: agent
name: second
colour: blue
---
Second agent.
`;

const CARD = `---
type: agent
name: explicit
---
Checked only on request.
`;

test.describe('Checker settings', () => {
  test('switching the profile from rfc to fast-agent changes what is read and reported', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.replaceText(TWO_CARDS);
    await playground.waitForChecked();

    expect(await playground.setting('Profile')).toBe('rfc');
    await expect(playground.tab('Cards')).toHaveText('Cards (2)');
    await expect(playground.diagnostics('unknown-field')).toHaveCount(1);
    await expect(playground.diagnostics('unknown-field')).toContainText('10:1');

    await playground.setProfile('fast-agent');
    await playground.waitForChecked();

    // fast-agent reads one frontmatter per Markdown file: the rest, second card included, is body text.
    await expect(playground.tab('Cards')).toHaveText('Cards (1)');
    await expect(playground.diagnostics('unknown-field')).toHaveCount(0);
    await playground.showTab('Cards');
    await expect(playground.splitRows).toHaveCount(1);
    await expect(playground.splitRow('first')).toBeVisible();

    await playground.setProfile('rfc');
    await expect(playground.tab('Cards')).toHaveText('Cards (2)');
    await expect(playground.splitRows).toHaveCount(2);
    await playground.showTab('Problems');
    await expect(playground.diagnostics('unknown-field')).toHaveCount(1);
  });

  test('in explicit reload mode, edits update the problems only on Run or Ctrl+Enter', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.replaceText(CARD);
    await playground.waitForChecked();
    await expect(playground.runButton).toHaveCount(0);

    await playground.setReloadMode('explicit');
    await expect(playground.runButton).toBeVisible();

    await test.step('an edit leaves the problems as they were', async () => {
      await playground.cursorToEndOfLine(2);
      await page.keyboard.type('x');
      await playground.expectText(CARD.replace('type: agent', 'type: agentx'));
      await expect(playground.status).toContainText('results out of date: Run');
      // Proving that nothing happens needs a wait: longer than any analysis takes here.
      await page.waitForTimeout(750);
      await expect(playground.errorRows).toHaveCount(0);
      await expect(playground.errorSquiggles).toHaveCount(0);
    });

    await test.step('Ctrl+Enter in the editor runs the check', async () => {
      await playground.editorContent.press('ControlOrMeta+Enter');
      await playground.waitForChecked();
      await expect(playground.diagnostics('unknown-type')).toHaveCount(1);
      await playground.expectText(CARD.replace('type: agent', 'type: agentx'));
    });

    await test.step('the Run button runs it too', async () => {
      await playground.cursorToEndOfLine(2);
      await page.keyboard.press('Backspace');
      await expect(playground.status).toContainText('results out of date: Run');
      await page.waitForTimeout(750);
      await expect(playground.diagnostics('unknown-type')).toHaveCount(1);
      await playground.runButton.click();
      await playground.waitForChecked();
      await expect(playground.diagnostics('unknown-type')).toHaveCount(0);
    });
  });

  test('each example opens with its files, one after the other in the one Examples workspace', async ({
    page,
  }) => {
    // Ten examples, each through the gallery, on a shared 2-core machine: a hang guard, not a speed check.
    test.setTimeout(90_000);
    const playground = new PlaygroundPage(page);
    await playground.open();
    expect(EXAMPLES.length).toBeGreaterThan(1);

    for (const example of EXAMPLES) {
      await test.step(example.title, async () => {
        await playground.openExample(example.title);
        await expect(playground.activeFile).toHaveText(example.active);
        expect(await playground.filePaths()).toEqual(Object.keys(example.files).sort());
        await playground.expectText(example.files[example.active]!);
        await expect(playground.questionDialog).toBeHidden();
        await playground.waitForChecked();
        await expect(playground.tab('Cards')).not.toHaveText('Cards (0)');
      });
    }

    await playground.waitForSaved();
    const last = EXAMPLES.at(-1)!;
    await expect
      .poll(() => playground.workspaceOptions())
      .toEqual([`${last.title} (example) · ${fileCount(last)}`, '+ New workspace']);
  });
});

function fileCount(example: (typeof EXAMPLES)[number]): string {
  const n = Object.keys(example.files).length;
  return n === 1 ? '1 file' : `${n} files`;
}
