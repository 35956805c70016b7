#!/usr/bin/env node
/**
 * Profiles one phase of the benchmark and names its hot spots:
 *
 *   npm run build:cli && node scripts/bench/profile.js <markdown|yaml> <full|recheck> [out]
 *
 * Runs the phase as bench.js does (warm-up untimed and unprofiled), records a V8 CPU profile of the
 * measured runs only, writes it to `out` (default `<bundle>-<phase>.cpuprofile` in the OS temp folder;
 * open it in Chrome DevTools), and prints the functions with the most self time and the core functions
 * with the most total time (callees included). Files of dist-cli/ are shown as their src/ source.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Checker } from '../../dist-cli/core/index.js';
import { makeCards, renderMarkdown, renderYaml } from './make-bundles.js';
import { editOneLetter, measureInRounds } from './measure.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OPTIONS = /** @type {const} */ ({ profile: 'rfc' });
const TOP = 15;

/**
 * @typedef {{ id: number, callFrame: { functionName: string, url: string, lineNumber: number },
 *   children?: number[] }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], samples: number[], timeDeltas: number[] }} Profile
 */

const [bundleName, phase, out] = process.argv.slice(2);
if (!['markdown', 'yaml'].includes(bundleName) || !['full', 'recheck'].includes(phase)) {
  console.error(
    'usage: node scripts/bench/profile.js <markdown|yaml> <full|recheck> [out.cpuprofile]',
  );
  process.exit(2);
}

const cards = makeCards();
const bundle = bundleName === 'markdown' ? renderMarkdown(cards) : renderYaml(cards);
const file = bundleName === 'markdown' ? 'bundle.md' : 'bundle.yaml';
const files = { [file]: bundle.text };
const edited = { [file]: editOneLetter(bundle.text, bundle.prose[bundle.prose.length >> 1]).text };
const checker = new Checker();
checker.check(files, OPTIONS);
const work =
  phase === 'full'
    ? () => new Checker().check(files, OPTIONS)
    : (/** @type {number} */ i) => checker.check(i % 2 === 0 ? edited : files, OPTIONS);
const counts = phase === 'full' ? { warmup: 3, runs: 15 } : { warmup: 10, runs: 50 };

// An even number of warm-ups leaves the checker on the original text, so the first profiled run edits.
for (let i = 0; i < counts.warmup; i++) work(i);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
const [timing] = measureInRounds([{ work, warmup: 0, runs: counts.runs }], {
  warmupRounds: 1,
  rounds: 1,
});
const { profile } = /** @type {{ profile: Profile }} */ (await session.post('Profiler.stop'));
session.disconnect();

const target = out ?? path.join(os.tmpdir(), `${bundleName}-${phase}.cpuprofile`);
writeFileSync(target, JSON.stringify(profile));
console.log(
  `${bundleName} ${phase}: ${counts.runs} runs, median ${timing.median.toFixed(1)} ms` +
    ` (min ${timing.min.toFixed(1)}); profile written to ${target}`,
);
summarise(profile);

/**
 * Prints the top functions by self time, self time per source file, and the core's functions by
 * total time. Times are sample intervals summed, in ms.
 * @param {Profile} profile
 */
function summarise(profile) {
  /** @type {Map<number, ProfileNode>} */
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  /** @type {Map<number, number>} */
  const self = new Map();
  profile.samples.forEach((id, i) => {
    // A sample's time is the gap to the next sample.
    const delta = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    self.set(id, (self.get(id) ?? 0) + delta);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);

  /** @type {Map<string, number>} */
  const selfByFunction = new Map();
  /** @type {Map<string, number>} */
  const selfByFile = new Map();
  for (const [id, ms] of self) {
    const frame = /** @type {ProfileNode} */ (byId.get(id)).callFrame;
    add(selfByFunction, describe(frame), ms);
    add(selfByFile, source(frame.url) || frame.functionName, ms);
  }

  /** @type {Map<string, number>} */
  const totalByFunction = new Map();
  const root = profile.nodes[0];
  /** @type {Set<string>} */
  const active = new Set();
  /** @returns {number} */
  const walk = (/** @type {ProfileNode} */ node) => {
    const key = describe(node.callFrame);
    const outer = !active.has(key);
    active.add(key);
    let ms = self.get(node.id) ?? 0;
    for (const child of node.children ?? [])
      ms += walk(/** @type {ProfileNode} */ (byId.get(child)));
    if (outer) {
      active.delete(key);
      if (key.startsWith('src/core/')) add(totalByFunction, key, ms);
    }
    return ms;
  };
  walk(root);

  const print = (/** @type {string} */ title, /** @type {Map<string, number>} */ map) => {
    console.log(`\n${title}`);
    const rows = [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP);
    for (const [name, ms] of rows) {
      console.log(
        `${ms.toFixed(1).padStart(9)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${name}`,
      );
    }
  };
  print(`Self time by function (of ${total.toFixed(0)} ms sampled)`, selfByFunction);
  print('Self time by file', selfByFile);
  print('Total time (callees included) of src/core functions', totalByFunction);
}

/**
 * @param {Map<string, number>} map
 * @param {string} key
 * @param {number} ms
 */
function add(map, key, ms) {
  map.set(key, (map.get(key) ?? 0) + ms);
}

/** @param {{ functionName: string, url: string, lineNumber: number }} frame */
function describe(frame) {
  const name = frame.functionName || '(anonymous)';
  const file = source(frame.url);
  if (!file) return name;
  // Lines of the compiled dist-cli/ files are not those of src/, so core functions go by name only.
  return file.startsWith('src/') ? `${file}:${name}` : `${file}:${frame.lineNumber + 1}:${name}`;
}

/**
 * A script URL as a path from the project root, with dist-cli/*.js shown as its src/*.ts source.
 * @param {string} url
 */
function source(url) {
  if (!url.startsWith('file://')) return url;
  const relative = path.relative(ROOT, fileURLToPath(url));
  const match = /^dist-cli\/(.*)\.js$/.exec(relative);
  return match ? `src/${match[1]}.ts` : relative;
}
