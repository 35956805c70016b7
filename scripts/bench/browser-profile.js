#!/usr/bin/env node
/**
 * Names where the browser benchmark's time and bytes go (the browser companion of profile.js):
 *
 *   npm run build && node scripts/bench/browser-profile.js bytes
 *   npx vite build --mode bench --outDir dist-bench && node scripts/bench/browser-profile.js <card|bundle|typing|graph> [out]
 *
 * - card, bundle: the keystroke-latency run of bench-browser.js on that file, with a V8 CPU profile of
 *   the page's main thread over the timed keys;
 * - typing: the long-task run (200 characters into the bundle, one key per 40 ms), profiled likewise;
 * - graph: the same run with the Graph view open (bench-graph.js's second typing run), once all its
 *   1,000 nodes are drawn;
 * - bytes: the JavaScript a cold load requests before the editor exists, per npm package or src/ file
 *   (built bytes, from the source maps, and an estimate of their gzipped share).
 *
 * Profiles are written to `out` (default `<mode>.cpuprofile` in the OS temp folder; open it in Chrome
 * DevTools). Positions in dist/assets are shown as their sources (src/… or the npm package). The
 * worker is not profiled: its own time is the `took` column of the benchmark.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureColdLoad } from './browser-cold-load.js';
import { launchChromium, snapshotDist, startPreview } from './browser-server.js';
import {
  bytesPerSource,
  originalPosition,
  readSourceMap,
  sourceGroup,
} from './browser-source-map.js';
import {
  addFile,
  fieldNameEnd,
  makeCard,
  measureKeystrokes,
  openApp,
  placeCursor,
  typeAndWatchLongTasks,
  typingText,
} from './browser-typing.js';
import { makeCards, renderMarkdown } from './make-bundles.js';

/** @typedef {import('./browser-source-map.js').SourceMap} SourceMap */
/**
 * @typedef {{ id: number, callFrame: { functionName: string, url: string, lineNumber: number,
 *   columnNumber: number }, children?: number[] }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], samples: number[], timeDeltas: number[] }} Profile
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TOP = 20;
const TIME_LIMIT_MS = 300_000;
const MODES = ['card', 'bundle', 'typing', 'graph', 'bytes'];

const [mode, out] = process.argv.slice(2);
if (!MODES.includes(mode)) {
  console.error(
    `usage: node scripts/bench/browser-profile.js <${MODES.join('|')}> [out.cpuprofile]`,
  );
  process.exit(2);
}

async function bytes() {
  const cold = await measureColdLoad(browser, appUrl, DIST);
  /** @type {Map<string, { raw: number, gzip: number }>} */
  const total = new Map();
  for (const file of [...cold.page, ...cold.worker]) {
    const full = path.join(DIST, file.file);
    const map = readSourceMap(full);
    if (!map) continue;
    const sizes = bytesPerSource(readFileSync(full, 'utf8'), map);
    /** @type {Map<string, number>} */
    const groups = new Map();
    for (const [source, n] of sizes) {
      const group = sourceGroup(source);
      groups.set(group, (groups.get(group) ?? 0) + n);
    }
    const rawTotal = [...groups.values()].reduce((a, b) => a + b, 0);
    const shares = [...groups].sort((a, b) => b[1] - a[1]);
    const worker = cold.worker.includes(file) ? ' (worker)' : '';
    console.log(`${file.file}${worker}: ${kb(file.gzip)} gzipped, ${kb(file.raw)} raw`);
    for (const [group, n] of shares.slice(0, 8)) {
      // The gzipped share is estimated in proportion to built bytes.
      const gzip = (file.gzip * n) / rawTotal;
      console.log(`    ${group.padEnd(44)} ${kb(n).padStart(9)} raw  ~${kb(gzip)} gzipped`);
      const sum = total.get(group) ?? { raw: 0, gzip: 0 };
      total.set(group, { raw: sum.raw + n, gzip: sum.gzip + gzip });
    }
    if (shares.length > 8) console.log(`    … ${shares.length - 8} more`);
  }
  console.log('\nOver the whole cold load (page and worker), largest first:');
  for (const [group, size] of [...total].sort((a, b) => b[1].gzip - a[1].gzip).slice(0, TOP))
    console.log(
      `    ${group.padEnd(44)} ${kb(size.raw).padStart(9)} raw  ~${kb(size.gzip)} gzipped`,
    );
  console.log("(gzipped shares are estimates: each file's gzipped size split by built bytes)");
}

async function profile() {
  const cards = makeCards();
  const bundle = renderMarkdown(cards);
  const { context, page } = await openApp(browser, appUrl);
  const card = mode === 'card';
  const text = card ? makeCard(cards) : bundle.text;
  const file = await addFile(page, card ? 'bench-card.md' : 'bench-bundle.md', text);
  const middle = bundle.prose[bundle.prose.length >> 1];
  const fieldFrom = card ? 0 : bundle.text.lastIndexOf('---\ntype:', middle.from);
  const typing = mode === 'typing' || mode === 'graph';
  if (mode === 'graph') {
    await page.getByRole('tab', { name: /^Graph/ }).click();
    await page
      .getByTestId('graph-node')
      .nth(cards.length - 1)
      .waitFor({ timeout: 60_000 });
  }
  await placeCursor(page, file, typing ? middle.to : fieldNameEnd(text, fieldFrom));
  if (!typing) await measureKeystrokes(page, { warmup: 6, runs: 0 });

  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  let summary;
  if (typing) {
    const r = await typeAndWatchLongTasks(page, file, typingText(200), {
      intervalMs: 40,
      tailMs: 1500,
    });
    const longest = Math.max(0, ...r.tasks.map((t) => t.duration));
    summary = `${mode}: ${r.tasks.length} long tasks, longest ${longest.toFixed(0)} ms (profiler on)`;
  } else {
    const { strokes } = await measureKeystrokes(page, { warmup: 0, runs: 60 });
    const sorted = strokes.map((s) => s.latency).sort((a, b) => a - b);
    summary =
      `${mode}: 60 keys, median ${sorted[30].toFixed(1)} ms, p95 ${sorted[56].toFixed(1)} ms` +
      ' (profiler on)';
  }
  const { profile } = /** @type {{ profile: Profile }} */ (await cdp.send('Profiler.stop'));
  await context.close();
  const target = out ?? path.join(os.tmpdir(), `${mode}.cpuprofile`);
  writeFileSync(target, JSON.stringify(profile));
  console.log(`${summary}; profile written to ${target}`);
  summarise(profile);
}

/**
 * Prints the functions with most self time, the sources (packages, src/ files) with most self time,
 * and the src/ functions with most total time (callees included). Times are sample intervals summed.
 * @param {Profile} profile
 */
function summarise(profile) {
  /** @type {Map<number, number>} */
  const parents = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id);
  /** @type {Map<number, { key: string, group: string }>} */
  const labels = new Map();
  for (const n of profile.nodes) labels.set(n.id, label(n));
  // Built-in functions (DOM, V8) are named after the nearest caller with a source.
  for (const n of profile.nodes) {
    const own = /** @type {{ key: string, group: string }} */ (labels.get(n.id));
    if (own.group !== '(native)') continue;
    let at = parents.get(n.id);
    while (at !== undefined && labels.get(at)?.group === '(native)') at = parents.get(at);
    const caller = at === undefined ? undefined : labels.get(at);
    if (caller) own.key = `${own.key} ← ${caller.key}`;
  }

  /** @type {Map<string, number>} */
  const self = new Map();
  /** @type {Map<string, number>} */
  const groupSelf = new Map();
  /** @type {Map<string, number>} */
  const totalSrc = new Map();
  /** @type {Map<string, Map<string, number>>} Self time per function, by nearest src/ caller. */
  const via = new Map();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const own = /** @type {{ key: string, group: string }} */ (labels.get(id));
    if (own.key === '(idle)' || own.key === '(program)') return;
    busy += ms;
    self.set(own.key, (self.get(own.key) ?? 0) + ms);
    groupSelf.set(own.group, (groupSelf.get(own.group) ?? 0) + ms);
    const seen = new Set();
    /** @type {string | undefined} */
    let caller;
    for (let at = parents.get(id); at !== undefined; at = parents.get(at)) {
      const { key, group } = /** @type {{ key: string, group: string }} */ (labels.get(at));
      if (!group.startsWith('src/')) continue;
      caller ??= key;
      if (seen.has(key)) continue;
      seen.add(key);
      totalSrc.set(key, (totalSrc.get(key) ?? 0) + ms);
    }
    if (own.group.startsWith('src/') && !seen.has(own.key))
      totalSrc.set(own.key, (totalSrc.get(own.key) ?? 0) + ms);
    const callers = via.get(own.key) ?? new Map();
    via.set(own.key, callers);
    const from = caller ?? '(no src/ caller)';
    callers.set(from, (callers.get(from) ?? 0) + ms);
  });
  const print = (/** @type {string} */ title, /** @type {Map<string, number>} */ map) => {
    console.log(`\n${title}`);
    for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP))
      console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${key}`);
  };
  console.log(`main thread busy (not idle, not "(program)"): ${busy.toFixed(0)} ms`);
  print('Self time by function:', self);
  print('Self time by package or src/ file:', groupSelf);
  print('Total time (callees included) of src/ functions:', totalSrc);
  console.log('\nThe top self-time functions by their nearest src/ caller:');
  for (const [key] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 10)) {
    console.log(`  ${key}`);
    const callers = [...(via.get(key) ?? [])].sort((a, b) => b[1] - a[1]).slice(0, 3);
    for (const [caller, ms] of callers)
      console.log(`    ${ms.toFixed(1).padStart(8)} ms  via ${caller}`);
  }
}

/** @type {Map<string, SourceMap | undefined>} */
const maps = new Map();

/**
 * @param {ProfileNode} node
 * @returns {{ key: string, group: string }}
 */
function label(node) {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  const name = functionName || '(anonymous)';
  if (!url) return { key: name, group: name.startsWith('(') ? name : '(native)' };
  let pathname;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return { key: `${name} ${url}`, group: url };
  }
  if (!pathname.startsWith('/assets/')) return { key: `${name} ${pathname}`, group: pathname };
  if (!maps.has(pathname)) maps.set(pathname, readSourceMap(path.join(DIST, pathname.slice(1))));
  const map = maps.get(pathname);
  const original = map && originalPosition(map, lineNumber, columnNumber);
  if (!original) return { key: `${name} ${pathname}:${lineNumber + 1}`, group: pathname };
  const group = sourceGroup(original.source);
  const file = group.startsWith('src/') ? group : `${group} ${original.source.split('/').pop()}`;
  return { key: `${file}:${original.line} ${original.name ?? name}`, group };
}

/** @param {number} bytes */
function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

// Sizes from the production build; keystrokes from the `--mode bench` build (it adds `window.agentcard`,
// which the typing helpers drive), as in bench-browser.js.
const dist = await snapshotDist(
  mode === 'bytes' ? path.join(ROOT, 'dist') : path.join(ROOT, 'dist-bench'),
);
const DIST = dist.dir;
/** @type {import('./browser-server.js').PreviewServer | undefined} */
let server;
const cleanUp = () => {
  server?.stop();
  dist.remove();
};
process.on('exit', cleanUp);
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => process.exit(130));
const watchdog = setTimeout(() => {
  console.error(`browser-profile: still running after ${TIME_LIMIT_MS / 1000} s, giving up`);
  process.exit(1);
}, TIME_LIMIT_MS);
watchdog.unref();
server = await startPreview(DIST);
const appUrl = `${server.url}/`;
const browser = await launchChromium();
try {
  if (mode === 'bytes') await bytes();
  else await profile();
} finally {
  await browser.close().catch(() => undefined);
  cleanUp();
  clearTimeout(watchdog);
}
