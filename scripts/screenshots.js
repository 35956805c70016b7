/**
 * Writes the README's screenshot, docs/screenshots/playground.png: the playground at 1280×800 with a card
 * that has one problem, on the Problems tab. Builds nothing: run `npm run build` first. Serves the existing
 * dist/ with `vite preview` on port 4187 and stops it at the end. Usage: `npm run screenshots`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const PORT = 4187;
const URL_ROOT = `http://localhost:${PORT}/`;
const OUT = 'docs/screenshots/playground.png';

// A card with one problem: a misspelt field (`unknown-field`).
const CARD = `---
type: agent
name: harbour_pilot
modle: haiku
---
Answer questions about tides and berths in the harbour.
`;

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

let browser;
try {
  await waitForServer();
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage({
    viewport: { width: 1280, height: 800 },
    colorScheme: 'light',
    serviceWorkers: 'block',
  });
  await page.goto(URL_ROOT, { waitUntil: 'load' });
  await page.locator('[data-testid="editor"] .cm-content').waitFor();
  await page.evaluate((card) => {
    // window.agentcard.model is the playground's model (src/app/main.ts).
    window.agentcard.model.addFiles({ 'agents/harbour_pilot.md': card }, true);
  }, CARD);
  await page.getByRole('tab', { name: /^Problems\b/ }).click();
  await page.locator('[data-testid="diagnostic-row"]').first().waitFor();
  const rows = await page.locator('[data-testid="diagnostic-row"]').count();
  if (rows !== 1)
    throw new Error(
      `expected one problem, the Problems tab shows ${rows}: ${await page.locator('[data-testid="diagnostic-row"]').allTextContents()}`,
    );
  // Let the workspace save, so the status line reads as it does at rest.
  await page
    .locator('[data-testid="analysis-status"]')
    .filter({ hasNotText: 'unsaved' })
    .waitFor({ timeout: 5000 })
    .catch(() => {});
  await page.mouse.move(0, 0);
  mkdirSync('docs/screenshots', { recursive: true });
  await page.screenshot({ path: OUT });
  console.log(`screenshots: wrote ${OUT}`);
} finally {
  await browser?.close();
  // The preview server runs in its own process group (detached): stop it and its children.
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
