/**
 * The room `<agentcard-playground>` reserves before its frame loads, against the height the embed takes, on a
 * phone (390×844, the element 358 px wide): for each card of tests/support/embed-height-cases.ts, as the
 * Markdown plugins write it, the box just after the element upgrades is the embed's final height within the
 * case's allowance (never less), so the page neither shows blank room nor jumps when the embed arrives. The
 * figures are printed: they are the table that estimate-height.test.ts holds the model to.
 */
import { embedMarkup } from '../../src/markdown/embed-markup.ts';
import { embedHtml } from '../../src/markdown/html.ts';
import { HEIGHT_CASES } from '../support/embed-height-cases.ts';
import { expect, test } from './embed-host.ts';

const PHONE = { width: 390, height: 844 };
/** The element's width on the phone: the page's 16 px margins either side, as Docusaurus and Starlight. */
const WIDTH = 358;

test('on a phone, each embed arrives in the room its element reserved (printed: reserved, shown, final)', async ({
  page,
  site,
  playground,
}) => {
  // Eleven embeds one after another on a shared 2-core machine: a hang guard, not a speed check.
  test.setTimeout(300_000);
  await page.setViewportSize(PHONE);
  await page.addInitScript(() => {
    const w = window as unknown as { __reserved?: number; __shown?: number };
    // After the deferred element script: the element has upgraded and reserved its room.
    document.addEventListener('DOMContentLoaded', () => {
      w.__reserved = document.querySelector('agentcard-playground')!.getBoundingClientRect().height;
    });
    // The element shows its frame on the first diagnostics, at the height the embed reported first.
    document.addEventListener('diagnostics', (event) => {
      w.__shown ??= (event.target as Element).getBoundingClientRect().height;
    });
  });
  const rows: string[] = [];
  const failures: string[] = [];
  for (const [i, example] of HEIGHT_CASES.entries()) {
    const markup = embedMarkup(example.fences, {
      playground: `${playground}/`,
      onWarning: () => {},
    });
    site.serve(
      `/phone-${i}.html`,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Heights</title><script src="${playground}/agentcard-playground.js" defer></script></head>
<body style="margin: 0 16px">${embedHtml(markup, false)}</body></html>`,
    );
    await page.goto(`${site.origin}/phone-${i}.html`);
    const element = page.locator('agentcard-playground');
    await expect(element).toHaveJSProperty('clientWidth', WIDTH);
    // A gap below it of its own (1.25rem), as below a paragraph: none of the docs sites gives one.
    await expect(element).toHaveCSS('margin-bottom', '20px');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shown?: number }).__shown), {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
    const final = await settledHeight(element);
    const { reserved, shown } = await page.evaluate(() => {
      const w = window as unknown as { __reserved: number; __shown: number };
      return { reserved: w.__reserved, shown: w.__shown };
    });
    const over = Math.round(reserved - final);
    rows.push(
      `${example.name.padEnd(48)} reserved ${Math.round(reserved)}  shown ${Math.round(shown)}  final ${Math.round(final)}  (${over >= 0 ? '+' : ''}${over})`,
    );
    if (!(over >= -2 && over <= (example.over ?? 3)))
      failures.push(`${example.name}: reserved ${reserved}, final ${final}`);
  }
  console.log(`embed heights on a phone (element ${WIDTH} px):\n${rows.join('\n')}`);
  expect(failures).toEqual([]);
});

/** The element's height once it has not changed for a second. */
async function settledHeight(element: import('@playwright/test').Locator): Promise<number> {
  let last = -1;
  for (;;) {
    const height = await element.evaluate((e) => e.getBoundingClientRect().height);
    if (height === last) return height;
    last = height;
    await element.page().waitForTimeout(1000);
  }
}
