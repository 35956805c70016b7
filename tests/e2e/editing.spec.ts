import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './playground-page.ts';

const BUNDLE_WITH_TYPO = `---
type: agent
name: alpha
colour: blue
---
Answer in French.

---
type: chain
name: beta
sequence:
  - alpha
---
Run alpha.
`;

const BUNDLE_FIXED = BUNDLE_WITH_TYPO.replace('colour: blue\n', '');

test.describe('Pasting a card bundle', () => {
  test('shows its split, its problem with a squiggle, and its compiled output; fixing it clears the problem', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();

    await playground.replaceText(BUNDLE_WITH_TYPO);

    await test.step('the Cards tab lists both cards with name, type and lines', async () => {
      await playground.showTab('Cards');
      await expect(playground.splitRows).toHaveCount(2);
      await expect(playground.splitRow('alpha')).toContainText('agent');
      await expect(playground.splitRow('alpha')).toContainText('lines 1–7');
      await expect(playground.splitRow('beta')).toContainText('chain');
      await expect(playground.splitRow('beta')).toContainText('lines 8–14');
    });

    await test.step('the Problems tab names the unknown field, and the editor underlines it', async () => {
      await playground.showTab('Problems');
      await expect(playground.errorRows).toHaveCount(1);
      await expect(playground.diagnostics('unknown-field')).toContainText('4:1');
      await expect(playground.diagnostics('unknown-field')).toContainText('colour');
      await expect(playground.errorSquiggles).toHaveCount(1);
      await expect.poll(() => playground.errorSquiggleTexts()).toEqual(['colour']);
      // Hovering the underlined word shows the problem with its code.
      await playground.hoverToShow(playground.errorSquiggles, page.locator('.cm-tooltip-lint'));
      await expect(page.locator('.cm-tooltip-lint')).toContainText('unknown-field');
    });

    await test.step('selecting the chain shows what it compiles to', async () => {
      await playground.selectCard('beta');
      await playground.showTab('Output');
      await expect(playground.outputPanel.getByRole('heading', { level: 3 })).toContainText('beta');
      await expect(playground.outputJson).toContainText('"beta"');
      await expect(playground.outputJson).toContainText('"alpha"');
    });

    await test.step('removing the field clears the problem and the squiggle', async () => {
      await playground.replaceText(BUNDLE_FIXED);
      await playground.waitForChecked();
      await playground.showTab('Problems');
      await expect(playground.errorRows).toHaveCount(0);
      await expect(playground.diagnostics('unknown-field')).toHaveCount(0);
      await expect(playground.diagnosticCounts).toContainText('0 errors');
      await expect(playground.errorSquiggles).toHaveCount(0);
    });

    expect(playground.errors).toEqual([]);
  });
});

test.describe('The Problems list while typing', () => {
  test('a problem that appears above others gets a row of its own; the rows below keep theirs and show their new lines', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.replaceText(
      '---\ntype: agent\nname: keyed\ncolour: blue\nshape: round\n---\nSay hello.\n',
    );
    await playground.waitForChecked();
    const rows = playground.diagnostics('unknown-field');
    await expect(rows).toHaveCount(2);
    // Each row's DOM node is marked with the field it names.
    await rows.evaluateAll((list) =>
      list.forEach((row) => {
        (row as HTMLElement & { mark?: string }).mark = /'(\w+)'/.exec(row.textContent ?? '')?.[1];
      }),
    );
    await playground.cursorToEndOfLine(3);
    // One edit (typed key by key, `s` alone is a YAML syntax error that clears the list).
    await page.keyboard.insertText('\nsize: big');
    await playground.waitForChecked();
    await expect(rows).toHaveCount(3);
    const shown = await rows.evaluateAll((list) =>
      list.map((row) => ({
        mark: (row as HTMLElement & { mark?: string }).mark ?? null,
        where: row.querySelector('.where')?.textContent,
        field: /'(\w+)'/.exec(row.textContent ?? '')?.[1],
      })),
    );
    expect(shown).toEqual([
      { mark: null, where: '4:1', field: 'size' },
      { mark: 'colour', where: '5:1', field: 'colour' },
      { mark: 'shape', where: '6:1', field: 'shape' },
    ]);
  });

  test('a click on a row selects its problem where it is now, after an edit above moved it along the text', async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.replaceText(
      '---\ntype: agent\nname: keyed\nmodle: haiku\nservrs: [fetch]\n---\nSay hello.\n',
    );
    await playground.waitForChecked();
    const row = playground.diagnostics('unknown-field').filter({ hasText: 'servrs' });
    await expect(row).toHaveCount(1);
    await row.evaluate((el) => ((el as HTMLElement & { mark?: boolean }).mark = true));
    // Five characters on line 3: the problems below keep their lines and columns, not their offsets.
    await playground.cursorToEndOfLine(3);
    await page.keyboard.insertText('_more');
    await playground.waitForChecked();
    await expect(row.locator('.where')).toHaveText('5:1');
    // The row is the same element, reading the same ...
    expect(await row.evaluate((el) => (el as HTMLElement & { mark?: boolean }).mark)).toBe(true);
    // ... and a click still finds the problem at its new place: typing replaces the misspelt key.
    await row.click();
    await expect
      .poll(() => page.evaluate(() => document.getSelection()?.toString()))
      .toBe('servrs');
    await page.keyboard.insertText('servers');
    await playground.waitForChecked();
    await playground.expectText(
      '---\ntype: agent\nname: keyed_more\nmodle: haiku\nservers: [fetch]\n---\nSay hello.\n',
    );
    await expect(playground.diagnostics('unknown-field')).toHaveCount(1);
    await expect(playground.diagnostics('unknown-field')).toContainText('modle');
  });
});

test.describe('Tooltips', () => {
  test("a problem's tooltip near the editor's top edge is shown whole, over the edge", async ({
    page,
  }) => {
    const playground = new PlaygroundPage(page);
    await playground.open();
    await playground.replaceText('---\ncolour: blue\ntype: agent\nname: tipped\n---\nSay hello.\n');
    await playground.waitForChecked();
    await page.keyboard.press('ControlOrMeta+Home');
    const tooltip = page.locator('.cm-tooltip-lint');
    await playground.hoverToShow(playground.errorSquiggles, tooltip);
    await expect(tooltip).toContainText('unknown-field');
    // Each corner of the tooltip is the tooltip on screen: not cut off by the editor's box, whose
    // layout is contained, nor hidden behind what surrounds it.
    const corners = await tooltip.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const points = [
        [box.left + 3, box.top + 3],
        [box.right - 3, box.top + 3],
        [box.left + 3, box.bottom - 3],
        [box.right - 3, box.bottom - 3],
      ];
      return points.map(([x, y]) => element.contains(document.elementFromPoint(x!, y!)));
    });
    expect(corners).toEqual([true, true, true, true]);
  });
});
