/**
 * Permalink lengths of the app's examples, next to lz-string's `compressToEncodedURIComponent` of the
 * same envelope JSON (what many playgrounds use).
 */
import lzString from 'lz-string';

/** @typedef {import('@playwright/test').Page} Page */

/**
 * @typedef {object} PermalinkFigure
 * @property {string} id Example id (the option's value).
 * @property {string} title
 * @property {number} jsonChars Characters of the envelope JSON.
 * @property {number} fragment Characters of the app's fragment, `#v1:` included.
 * @property {number} payload Characters after `#v1:`.
 * @property {number} lz Characters of lz-string's output for the same JSON.
 */

/**
 * For each example of the Examples gallery: picks it as a user would (Examples, then its item), waits for
 * the Examples workspace to hold it (named "TITLE (example)"), asks the model for its share fragment, and
 * builds the envelope JSON as
 * src/permalink/envelope.ts does (`{"v":1,"f":[[path,text],…],"a":active,"p":profile}`). The link
 * is checked by opening it in a second page of the same browser and comparing the workspace it opens
 * (links use a preset dictionary, so a plain inflate cannot read them) before lz-string compresses the JSON.
 * @param {Page} page A loaded page of the app.
 * @returns {Promise<PermalinkFigure[]>}
 */
export async function measurePermalinks(page) {
  const dialog = page.getByTestId('examples-dialog');
  const items = dialog.getByTestId('example-item');
  await page.getByTestId('examples-button').click();
  await items.first().waitFor();
  /** @type {{ value: string, title: string }[]} */
  const examples = await items.evaluateAll((buttons) =>
    buttons.map((button) => ({
      value: button.getAttribute('data-id') ?? '',
      title: button.querySelector('.title')?.firstChild?.textContent?.trim() ?? '',
    })),
  );
  await page.keyboard.press('Escape');
  if (examples.length === 0) throw new Error('the Examples gallery lists no examples');
  /** @type {PermalinkFigure[]} */
  const figures = [];
  for (const example of examples) {
    await page.getByTestId('examples-button').click();
    await items.and(page.locator(`[data-id="${example.value}"]`)).click();
    await page.waitForFunction(
      (name) => /** @type {any} */ (window).agentcard.model.workspace.name === name,
      `${example.title} (example)`,
      { timeout: 10_000 },
    );
    const { fragment, json } = await page.evaluate(async () => {
      const model = /** @type {any} */ (window).agentcard.model;
      const ws = model.workspace;
      const json = JSON.stringify({
        v: 1,
        f: Object.entries(ws.files),
        a: ws.active,
        p: ws.profile,
      });
      return { fragment: /** @type {string} */ (await model.shareFragment()), json };
    });
    const prefix = /^#v1:/.exec(fragment)?.[0];
    if (!prefix) throw new Error(`${example.value}: unexpected fragment ${fragment.slice(0, 20)}…`);
    const payload = fragment.slice(prefix.length);
    const opened = await page.context().newPage();
    try {
      await opened.goto(new URL('/' + fragment, page.url()).href);
      await opened.waitForFunction(() => /** @type {any} */ (window).agentcard?.model, null, {
        timeout: 10_000,
      });
      const reopened = await opened.evaluate(() => {
        const ws = /** @type {any} */ (window).agentcard.model.workspace;
        return JSON.stringify({ v: 1, f: Object.entries(ws.files), a: ws.active, p: ws.profile });
      });
      if (reopened !== json)
        throw new Error(`${example.value}: the link does not open the same workspace`);
    } finally {
      await opened.close();
    }
    figures.push({
      id: example.value,
      title: example.title,
      jsonChars: json.length,
      fragment: fragment.length,
      payload: payload.length,
      lz: lzString.compressToEncodedURIComponent(json).length,
    });
  }
  return figures;
}
