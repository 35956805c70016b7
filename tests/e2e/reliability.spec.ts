import { expect, test } from '@playwright/test';
import { encodePermalink } from '../../src/permalink/permalink.ts';
import { TEST_IDS } from '../../src/app/test-ids.ts';
import { PlaygroundPage } from './playground-page.ts';

// A regex with catastrophic backtracking on a 33-character input: minutes of work for a naive engine.
const REDOS = `"${'a'.repeat(33)}!".matches("^(a+)+$")`;
// Eight nested comprehensions over ten items: 10^8 steps.
const DIGITS = '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]';
const NESTED =
  Array.from({ length: 8 }, (_, i) => `${DIGITS}.all(x${i}, `).join('') + 'true' + ')'.repeat(8);

const HOSTILE_SPEC = `kind: openagentspec:v1/agent
name: hostile
description: Holds expressions that take minutes
intent: Show that evaluation is bounded
owner: docs-team
capabilities:
  web:
    input_restriction:
      assertion: '${REDOS}'
  files:
    input_restriction:
      assertion: '${NESTED}'
exposes:
  sum: 1 + 2
`;

const STOPPED = 'evaluation stopped after 250 ms';

/**
 * The page answered throughout, and no task held its main thread long. Evaluated on the main thread, the
 * regex alone freezes it for ~50 s and the nested comprehensions for seconds, so a regression lands far
 * above these bounds. The bounds leave room for a 2-core machine running a whole suite: a task's duration
 * is wall-clock time, CPU waits included, and the embed's own start-up (CodeMirror, the first check) was
 * seen at 276 ms there. On a quiet machine both stay under 100 ms.
 */
function expectResponsive(watched: { slowestRoundTrip: number; longestTask: number }): void {
  expect(watched.longestTask).toBeLessThan(1_000);
  expect(watched.slowestRoundTrip).toBeLessThan(2_000);
}

test.describe('Reliability under hostile input', () => {
  test('a link holding a catastrophic regex opens; the Output tab stops it and the page stays responsive', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open(
      `/${await encodePermalink({ files: { 'hostile.yaml': HOSTILE_SPEC }, active: 'hostile.yaml', profile: 'rfc' })}`,
    );
    await playground.selectCard('hostile');
    // A page frozen by the regex would not even show the panel (it was evaluated while rendering).
    await playground.showTab('Output');
    await expect(playground.engagementPanel).toBeVisible();
    const watched = await playground.watchMainThreadWhile(async () => {
      await expect(playground.expressionRows).toHaveCount(3);
      await expect(playground.expressionRows.nth(0)).toContainText(STOPPED, { timeout: 10_000 });
      await expect(playground.expressionRows.nth(1)).toContainText(STOPPED, { timeout: 10_000 });
      await expect(playground.expressionRows.nth(2)).toContainText('→ 3');
    });
    expectResponsive(watched);
    expect(playground.errors).toEqual([]);
  });

  test('the same link in embed.html?view=output stops the regex without a click and stays responsive', async ({
    page,
  }) => {
    const link = await encodePermalink({
      files: { 'hostile.yaml': HOSTILE_SPEC },
      active: 'hostile.yaml',
      profile: 'rfc',
    });
    const rows = page.getByRole('list', { name: 'Expression results' }).getByRole('listitem');
    const playground = new PlaygroundPage(page);
    await page.goto(`/embed.html?view=output${link}`);
    // A page frozen by the regex would not show the panel: it was evaluated while rendering, on load.
    await expect(page.getByTestId(TEST_IDS.engagementPanel)).toBeVisible();
    const watched = await playground.watchMainThreadWhile(async () => {
      await expect(rows).toHaveCount(3, { timeout: 10_000 });
      await expect(rows.nth(0)).toContainText(STOPPED, { timeout: 10_000 });
      await expect(rows.nth(1)).toContainText(STOPPED, { timeout: 10_000 });
      await expect(rows.nth(2)).toContainText('→ 3');
    });
    expectResponsive(watched);
    expect(playground.errors).toEqual([]);
  });

  test('a workspace holding files named like built-in object members is analysed like any other', async ({
    page,
  }) => {
    const card = (name: string) => `---\ntype: agent\nname: ${name}\nmodle: gpt-4.1\n---\nHelps.\n`;
    // Built entry by entry: in an object literal `__proto__` would be the prototype, not a file.
    const files = Object.fromEntries([
      ['constructor', card('builder')],
      ['__proto__', card('proto')],
      ['agent.md', card('helper')],
    ]);
    // Format choices for them too: the choices are looked up by path.
    const formats = Object.fromEntries([
      ['constructor', 'agentcard' as const],
      ['__proto__', 'agentcard' as const],
    ]);
    const link = await encodePermalink({ files, active: 'agent.md', profile: 'rfc', formats });
    const playground = new PlaygroundPage(page);
    await playground.open(`/${link}`);
    expect(await playground.filePaths()).toEqual(['__proto__', 'agent.md', 'constructor']);
    await playground.showTab('Cards');
    await expect(playground.splitRow('helper')).toBeVisible();
    await playground.showTab('Problems');
    await expect(playground.diagnostics('unknown-field')).toHaveCount(1);
    await expect(playground.banner(/Analysis paused/)).toHaveCount(0);
    await playground.file('constructor').click();
    await playground.expectText(card('builder'));
    expect(playground.errors).toEqual([]);
  });
});

test.describe('No edit lost', () => {
  test('every edit is back after a reload 0 to 500 ms after the last key (10 reloads of 10)', async ({
    page,
  }) => {
    test.setTimeout(120_000); // ten reloads
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.replaceText('---\ntype: agent\nname: journal\n---\nEdits:');
    let expected = await playground.activeText();
    for (const [n, delay] of [0, 50, 100, 200, 500, 0, 50, 100, 200, 500].entries()) {
      await playground.editorContent.click();
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.type(` e${n}`);
      expected += ` e${n}`;
      // The app holds the keystrokes (the keyboard call can return before the page handled them)...
      await playground.expectText(expected);
      // ...and the reload comes before the debounced save to IndexedDB would.
      await page.waitForTimeout(delay);
      await playground.reload();
      expect(await playground.activeText(), `reload ${n + 1}, ${delay} ms after the last key`).toBe(
        expected,
      );
    }
    expect(playground.errors).toEqual([]);
  });

  test('opening a link right after typing keeps the edit in the workspace that was open', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.renameWorkspace('Left behind');
    await playground.waitForSaved();
    await playground.replaceText('---\ntype: agent\nname: left\n---\nTyped just before leaving.\n');
    const link = await encodePermalink({
      files: { 'linked.md': '---\ntype: agent\nname: linked\n---\nFrom a link.\n' },
      active: 'linked.md',
      profile: 'rfc',
    });
    // Another document (not a fragment change of this one): the page is left at once.
    await playground.open(`/index.html${link}`);
    await playground.expectText('---\ntype: agent\nname: linked\n---\nFrom a link.\n');
    await playground.workspaceSelect.selectOption({ label: 'Left behind · 1 file' });
    await playground.expectText('---\ntype: agent\nname: left\n---\nTyped just before leaving.\n');
    await expect(playground.banner(/recovered/)).toHaveCount(0);
    expect(playground.errors).toEqual([]);
  });
});
