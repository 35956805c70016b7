import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './playground-page.ts';

const CARD_COUNT = 1000;
const WORDS =
  'amber ledger brisk harbor civic atlas dusty beacon eager cipher fluent dossier'.split(' ');

/** A Markdown bundle of `count` agent cards of about 1 KB each (about 1 MB in all). */
function makeBundle(count: number): string {
  const cards: string[] = [];
  for (let i = 0; i < count; i++) {
    const prose: string[] = [];
    for (let line = 0; line < 12; line++) {
      const words = Array.from(
        { length: 12 },
        (_, w) => WORDS[(i * 7 + line * 3 + w) % WORDS.length],
      );
      prose.push(`${words.join(' ')}.`);
    }
    cards.push(
      `---\ntype: agent\nname: card_${i}\nmodel: sonnet\ndescription: Card number ${i}\n---\n${prose.join('\n')}\n`,
    );
  }
  return cards.join('\n');
}

/** Twenty characters typed at the end of the first card's `type: agent` line: a new, unknown field. */
const TYPED = '\nbogus_field_name: 1';

test.describe('A 1 MB bundle of 1,000 cards', () => {
  test('stays responsive while typing: the text and the problems follow each key', async ({
    page,
  }) => {
    test.slow();
    const bundle = makeBundle(CARD_COUNT);
    expect(bundle.length).toBeGreaterThan(1_000_000);
    expect(TYPED).toHaveLength(20);

    const playground = new PlaygroundPage(page);
    await playground.open();
    const before = await playground.filePaths();
    await playground.dropFiles({ 'big.md': bundle });
    await expect(playground.activeFile).toHaveText('big.md');
    await expect(playground.tab('Cards')).toHaveText(`Cards (${CARD_COUNT + before.length})`);
    await playground.waitForChecked();
    await expect(playground.errorRows).toHaveCount(0);

    await playground.cursorToEndOfLine(2);
    await page.evaluate(() => {
      const tasks: number[] = [];
      (window as unknown as { __longTasks: number[] }).__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration);
      }).observe({ type: 'longtask' });
    });

    const started = Date.now();
    await page.keyboard.type(TYPED);
    const typingMs = Date.now() - started;

    await expect(playground.editorContent).toContainText('bogus_field_name: 1');
    await expect
      .poll(async () => (await playground.visibleTextStart()).slice(0, 60))
      .toBe('---\ntype: agent\nbogus_field_name: 1\nname: card_0\nmodel: sonnet\n'.slice(0, 60));
    await playground.waitForChecked();
    await expect(playground.diagnostics('unknown-field')).toHaveCount(1);
    await expect(playground.diagnostics('unknown-field')).toContainText('3:1');
    await expect(playground.errorSquiggles).toHaveCount(1);

    const longTasks = await page.evaluate(
      () => (window as unknown as { __longTasks: number[] }).__longTasks,
    );
    test.info().annotations.push({
      type: 'figures (informative only; see npm run bench)',
      description: `typing took ${typingMs} ms; long tasks (ms): ${JSON.stringify(longTasks)}`,
    });
    // Sanity bounds only (figures belong to `npm run bench`): no key froze the page for a second, and
    // twenty keys did not take a minute.
    expect(Math.max(0, ...longTasks)).toBeLessThan(1000);
    expect(typingMs).toBeLessThan(60_000);
    expect(playground.errors).toEqual([]);
  });
});
