/**
 * Writes the screenshots of the playground's main states into docs/screenshots/, for the README and the docs:
 * `<state>-<desktop|phone>-<light|dark>.png` for the states empty (no file open), errors (a card with problems),
 * output (a chain bundle and its compiled output), share (the share dialog) and reference (the Reference
 * searched for `sequence`), at 1280×800 (desktop) and
 * 390×844 (phone), in the light and the dark theme. Builds nothing: run `npm run build` first. Serves the
 * existing dist/ with `vite preview` on port 4187 and stops it at the end. Usage: `npm run screenshots`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const PORT = 4187;
const URL_ROOT = `http://localhost:${PORT}/`;
const DIR = 'docs/screenshots';

// A card with a problem the checker names: a misspelt field (`unknown-field`).
const CARD = `---
type: agent
name: harbour_pilot
model: haiku
temprature: 0.2
servers: [tides]
---
Answer questions about tides and berths in the harbour.
Keep answers short and name the berth.
`;

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};

if (!existsSync('dist/index.html')) {
  console.error('screenshots: dist/ is missing; run `npm run build` first.');
  process.exit(2);
}

const server = spawn('npx', ['vite', 'preview', '--port', String(PORT), '--strictPort'], {
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});

/** Waits until the preview server answers. */
async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(URL_ROOT)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`vite preview did not answer on port ${PORT}`);
}

/** Waits until the status line says the current text was checked and saved. */
async function settled(page) {
  const status = page.locator('[data-testid="analysis-status"]');
  await status.filter({ hasText: /checked in \d+ ms/ }).waitFor();
  await status
    .filter({ hasText: /·\s*saved\s*$/ })
    .waitFor({ timeout: 5000 })
    .catch(() => {});
  await page.mouse.move(0, 0);
}

/** Replaces the open file's text, as a paste over a select-all would. */
async function replaceText(page, text) {
  await page.locator('[data-testid="editor"] .cm-content').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

/** On a phone, shows one pane through the bottom bar (a no-op on a desktop). */
async function showPane(page, name) {
  const bar = page.getByTestId('pane-bar');
  if (await bar.isVisible())
    await bar.getByRole('button', { name: new RegExp(`^${name}`) }).click();
}

/**
 * Takes the four states in one fresh page (storage empty, so every run starts alike).
 * @param {import('@playwright/test').Browser} browser
 * @param {'desktop' | 'phone'} device
 * @param {'light' | 'dark'} scheme
 */
async function shoot(browser, device, scheme) {
  const context = await browser.newContext({
    viewport: VIEWPORTS[device],
    colorScheme: scheme,
    serviceWorkers: 'block',
    hasTouch: device === 'phone',
  });
  const page = await context.newPage();
  const file = (state) => `${DIR}/${state}-${device}-${scheme}.png`;
  try {
    await page.goto(URL_ROOT, { waitUntil: 'load' });
    await page.locator('[data-testid="editor"] .cm-content').waitFor();

    await replaceText(page, CARD);
    await page.locator('[data-testid="diagnostic-row"]').first().waitFor({ state: 'attached' });
    await settled(page);
    await showPane(page, 'Problems');
    await page.screenshot({ path: file('errors') });

    await showPane(page, 'Editor');
    const examples = page.getByTestId('examples-button');
    if (!(await examples.isVisible())) await page.getByRole('button', { name: 'Menu' }).click();
    await examples.click();
    await page
      .getByTestId('example-item')
      .filter({ hasText: /^Chain bundle/ })
      .click();
    // The Examples workspace was edited above: the playground asks before replacing it.
    const question = page.getByTestId('question-dialog');
    await question
      .getByRole('button', { name: 'Open example' })
      .click({ timeout: 5000 })
      .catch(() => {});
    await settled(page);
    // The banner saying where the edited example was kept is about the step above, not this state.
    for (const banner of await page.getByTestId('banner').all())
      await banner.getByRole('button', { name: 'Dismiss' }).click();
    await showPane(page, 'Output');
    await page.getByTestId('output-json').waitFor();
    await page.screenshot({ path: file('output') });

    await page.getByTestId('share-button').click();
    await page.getByTestId('share-link').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: file('share') });
    await page.keyboard.press('Escape');

    const help = page.getByTestId('help-button');
    if (!(await help.isVisible())) await page.getByRole('button', { name: 'Menu' }).click();
    await help.click();
    await page.getByRole('button', { name: /Open the reference/ }).click();
    await page.getByTestId('reference-search').fill('sequence');
    await page.waitForTimeout(300);
    await page.screenshot({ path: file('reference') });
    // Escape in the search box may clear it first; close until the Reference is gone.
    for (let i = 0; i < 3 && (await page.getByTestId('reference-dialog').isVisible()); i++)
      await page.keyboard.press('Escape');
    await page.getByTestId('reference-dialog').waitFor({ state: 'hidden' });

    await showPane(page, 'Editor');
    const phone = device === 'phone';
    if (phone) await page.getByRole('button', { name: 'Files', exact: true }).click();
    for (;;) {
      const remove = page.getByRole('button', { name: /^Delete (?!this workspace)/ }).first();
      if ((await remove.count()) === 0) break;
      await remove.click();
      await page.getByTestId('question-dialog').getByRole('button', { name: 'Delete' }).click();
    }
    await page.getByText('No file open').waitFor();
    await settled(page);
    await page.screenshot({ path: file('empty') });
    console.log(
      `screenshots: wrote ${['errors', 'output', 'share', 'reference', 'empty'].map(file).join(', ')}`,
    );
  } finally {
    await context.close();
  }
}

let browser;
try {
  await waitForServer();
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  mkdirSync(DIR, { recursive: true });
  for (const device of /** @type {const} */ (['desktop', 'phone']))
    for (const scheme of /** @type {const} */ (['light', 'dark']))
      await shoot(browser, device, scheme);
} finally {
  await browser?.close();
  // The preview server runs in its own process group (detached): stop it and its children.
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
