#!/usr/bin/env node
/**
 * The Graph view's benchmark (the last part of `npm run bench`, after `npm run build`). Prints figures and
 * never fails on them: the exit code is 0 unless something crashes.
 *
 * In the built app (Debian's Chromium, a copy of dist-bench/ served by `vite preview`), with the 1,000-card
 * Markdown bundle of bench/make-bundles.js (~1 MB; every tenth card a chain over earlier agents):
 * 1. the layout time of its 1,000 agents in the layout worker, as the Graph view reports it
 *    (`data-layout-ms`): the full layout of a new worker each time the tab opens, and the incremental
 *    re-layout after an edit; and the time from opening the tab to the drawing;
 * 2. main-thread long tasks (> 50 ms) while typing 200 characters into the bundle at one key per 40 ms,
 *    first with the Output tab shown (the default; the baseline, on the same machine at the same time), then with
 *    the Graph view open as it opens (fitted: labels left out), then zoomed in with the wheel over an
 *    agent until the labels in view are drawn, the mouse resting there. Target: layout ≤ 100 ms in the
 *    worker, no long task.
 * The machine's load average is printed too: on a busy machine every figure grows.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, snapshotDist, startPreview } from './bench/browser-server.js';
import {
  addFile,
  openApp,
  placeCursor,
  typeAndWatchLongTasks,
  typingText,
} from './bench/browser-typing.js';
import { makeCards, renderMarkdown } from './bench/make-bundles.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TYPING = { chars: 200, intervalMs: 40, tailMs: 1500 };
const LAYOUTS = 5;
const TARGET_LAYOUT_MS = 100;
/** The wheel's travel that zooms the fitted view of the 1,000 agents (×0.1) to about ×1.2. */
const ZOOM_WHEEL = -1650;

// The `--mode bench` build (`npm run bench` makes it): the production build plus `window.agentcard`.
const dist = await snapshotDist(path.join(ROOT, 'dist-bench'));
const server = await startPreview(dist.dir);
const browser = await launchChromium();
try {
  const cards = makeCards();
  const bundle = renderMarkdown(cards);
  const { context, page } = await openApp(browser, `${server.url}/`);
  const path = await addFile(page, 'bench-bundle.md', bundle.text);
  const panel = page.getByTestId('graph-panel');
  const typed = typingText(TYPING.chars);
  const middle = bundle.prose[bundle.prose.length >> 1];
  await placeCursor(page, path, middle.to);
  const baseline = await typeAndWatchLongTasks(page, path, typed, TYPING);

  const opened = Date.now();
  await page.getByRole('tab', { name: /^Graph/ }).click();
  await page
    .getByTestId('graph-node')
    .nth(cards.length - 1)
    .waitFor({ timeout: 60_000 });
  const drawnMs = Date.now() - opened;
  // Full layouts: each opening of the tab starts a new layout worker, which lays out all 1,000 agents.
  /** @type {number[]} */
  const full = [Number(await panel.getAttribute('data-layout-ms'))];
  for (let i = 1; i < LAYOUTS; i++) {
    await page.getByRole('tab', { name: /^Output/ }).click();
    await page.getByRole('tab', { name: /^Graph/ }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="graph-panel"]')?.hasAttribute('data-layout-ms'),
      null,
      { timeout: 60_000 },
    );
    full.push(Number(await panel.getAttribute('data-layout-ms')));
  }
  // Re-layouts after an edit: renaming the last card changes the graph (a rename changes a node's id),
  // and the worker lays out again only what changed.
  /** @type {number[]} */
  const layouts = [];
  const last = cards[cards.length - 1].name;
  for (let i = 1; i <= LAYOUTS; i++) {
    const before = await panel.getAttribute('data-layout-ms');
    await page.evaluate(
      ({ path, from, to }) => {
        const model = /** @type {any} */ (window).agentcard.model;
        const text = model.workspace.files[path];
        model.editFile(path, text.replace(`name: ${from}\n`, `name: ${to}\n`), null);
      },
      { path, from: i === 1 ? last : `${last}_${i - 1}`, to: `${last}_${i}` },
    );
    await page
      .waitForFunction(
        (before) =>
          document.querySelector('[data-testid="graph-panel"]')?.getAttribute('data-layout-ms') !==
          before,
        before,
        { timeout: 60_000 },
      )
      .catch(() => undefined);
    layouts.push(Number(await panel.getAttribute('data-layout-ms')));
  }

  await placeCursor(page, path, middle.to + typed.length);
  const watched = await typeAndWatchLongTasks(page, path, typed, TYPING);
  // The view opens fitted (1,000 agents at a tenth of their size, without labels); zoomed in to read
  // them (the wheel, over an agent in view, as a reader would), the labels in view are drawn, and the
  // mouse rests on the drawing while the keys are typed.
  const seen = await page.evaluate(() => {
    const view = document.querySelector('[data-testid="graph-panel"] .viewport');
    const box = view?.getBoundingClientRect();
    for (const node of document.querySelectorAll('[data-testid="graph-node"]')) {
      const r = node.getBoundingClientRect();
      if (
        box &&
        r.left >= box.left &&
        r.right <= box.right &&
        r.top >= box.top &&
        r.bottom <= box.bottom
      )
        return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    }
    return null;
  });
  if (!seen) throw new Error('no agent in view in the fitted Graph view');
  await page.mouse.move(seen.x, seen.y);
  await page.mouse.wheel(0, ZOOM_WHEEL);
  await page.waitForTimeout(500);
  const scale = await panel
    .locator('.scene')
    .getAttribute('transform')
    .then((t) => Number(/scale\(([\d.]+)\)/.exec(t ?? '')?.[1]));
  await placeCursor(page, path, middle.to + 2 * typed.length);
  const zoomed = await typeAndWatchLongTasks(page, path, typed, TYPING);
  await context.close();

  /** @param {number[]} runs */
  const median = (runs) => [...runs].sort((a, b) => a - b)[runs.length >> 1];
  /** @param {{ start: number, duration: number }[]} tasks */
  const longest = (tasks) => Math.max(0, ...tasks.map((t) => t.duration)).toFixed(0);
  console.log('');
  console.log('Graph view (built app, Chromium)');
  console.log(`  bundle: ${cards.length} agents, ${(bundle.text.length / 1e6).toFixed(2)} MB`);
  console.log(
    `  full layout of ${cards.length} agents in a new layout worker (tab opened ${LAYOUTS} times): ` +
      `median ${median(full)} ms, runs ${full.join(', ')} ms` +
      ` (target ≤ ${TARGET_LAYOUT_MS} ms: ${median(full) <= TARGET_LAYOUT_MS ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  re-layout after renaming an agent (only its group): median ${median(layouts)} ms, ` +
      `runs ${layouts.join(', ')} ms`,
  );
  console.log(
    `  opening the Graph tab to all ${cards.length} nodes drawn: ${drawnMs} ms (wall clock)`,
  );
  console.log(
    `  typing ${typed.length} characters into the bundle, Output tab shown (baseline): ` +
      `${baseline.tasks.length} long task(s), longest ${longest(baseline.tasks)} ms`,
  );
  console.log(
    `  typing ${typed.length} characters into the bundle with the Graph view open: ` +
      `${watched.tasks.length} long task(s), longest ${longest(watched.tasks)} ms` +
      ` (target 0: ${watched.tasks.length === 0 ? 'met' : 'NOT met'}); ${watched.arrived} characters arrived`,
  );
  console.log(
    `  the same with the Graph view zoomed in to ×${scale.toFixed(2)} (labels drawn, the mouse resting on an agent): ` +
      `${zoomed.tasks.length} long task(s), longest ${longest(zoomed.tasks)} ms; ${zoomed.arrived} characters arrived`,
  );
  console.log(
    `  load average (1 min) at the end: ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`,
  );
} finally {
  await browser.close().catch(() => undefined);
  server.stop();
  dist.remove();
}
