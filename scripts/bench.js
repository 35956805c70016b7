#!/usr/bin/env node
/**
 * The core's benchmark (`npm run bench`, which first compiles the core to dist-cli/). Prints figures
 * and never fails on them: the exit code is 0 unless the core throws.
 *
 * For a 1,000-card Markdown bundle and the same cards as a YAML stream (see bench/make-bundles.js) it
 * times, in milliseconds (median and min, after warm-up runs):
 * - raw parse: `yaml.parseAllDocuments` of the whole text, the reference for the first target;
 * - full check: `check` of the bundle on a fresh `Checker`, rfc profile;
 * - re-check: `check` on one long-lived `Checker` after a one-letter edit in the middle of the middle
 *   card's prose, alternating between the edited and the original text so every run is a real change.
 *
 * The three take turns (bench/measure.js), so that load from other processes weighs on them alike.
 * Targets: full check ≤ 1.3 × raw parse, re-check ≤ 0.1 × full check (compared on medians).
 *
 * Then, with `--expose-gc` (as `npm run bench` runs it), the heap of one long-lived `Checker` of the
 * Markdown bundle while typing: 200 characters, each making a new text as an editor does, in a card's
 * prose (rfc and fast-agent profiles) and in a frontmatter value, after 50 to warm up; heap used after a
 * full collection, before and after. The caches are bounded by characters, so it should not grow with
 * the keystrokes.
 */
import { createRequire } from 'node:module';
import { parseAllDocuments } from 'yaml';
import { Checker } from '../dist-cli/core/index.js';
import { makeCards, renderMarkdown, renderYaml } from './bench/make-bundles.js';
import { editOneLetter, measureInRounds } from './bench/measure.js';

/** @typedef {import('./bench/measure.js').Timing} Timing */
/** @typedef {import('./bench/make-bundles.js').Bundle} Bundle */

const OPTIONS = /** @type {const} */ ({ profile: 'rfc' });
const WHOLE = { warmup: 3, runs: 15 };
const RECHECK = { warmup: 10, runs: 50 };
const SCHEDULE = { warmupRounds: WHOLE.warmup, rounds: WHOLE.runs };
const FULL_TARGET = 1.3;
const RECHECK_TARGET = 0.1;

/**
 * @typedef {object} BundleFigures
 * @property {string} label
 * @property {string} path
 * @property {number} chars
 * @property {number} cards
 * @property {number} errors
 * @property {number} warnings
 * @property {Timing} raw
 * @property {Timing} full
 * @property {Timing} recheck
 */

/**
 * @param {string} label
 * @param {string} path
 * @param {Bundle} bundle
 * @returns {BundleFigures}
 */
function benchBundle(label, path, bundle) {
  const files = { [path]: bundle.text };
  const checker = new Checker();
  checker.check(files, OPTIONS);
  const middle = bundle.prose[bundle.prose.length >> 1];
  const edited = { [path]: editOneLetter(bundle.text, middle).text };
  /** @type {ReturnType<Checker['check']> | undefined} */
  let result;
  const [raw, full, recheck] = measureInRounds(
    [
      { ...WHOLE, work: () => parseAllDocuments(bundle.text) },
      { ...WHOLE, work: () => (result = new Checker().check(files, OPTIONS)) },
      { ...RECHECK, work: (i) => checker.check(i % 2 === 0 ? edited : files, OPTIONS) },
    ],
    SCHEDULE,
  );
  if (!result) throw new Error('the full check did not run');

  const count = (/** @type {string} */ severity) =>
    result?.diagnostics.filter((d) => d.severity === severity).length ?? 0;
  return {
    label,
    path,
    chars: bundle.text.length,
    cards: result.cards.length,
    errors: count('error'),
    warnings: count('warning'),
    raw,
    full,
    recheck,
  };
}

/** @param {Timing} t */
const time = (t) => `${t.median.toFixed(1)} (${t.min.toFixed(1)})`;
/** @param {number} ratio @param {number} target */
const verdict = (ratio, target) => (ratio <= target ? 'PASS' : 'MISS');

/**
 * Left-aligned plain-text columns, two spaces apart.
 * @param {string[][]} rows
 */
function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  return rows.map((row) =>
    row
      .map((cell, c) => cell.padEnd(widths[c]))
      .join('  ')
      .trimEnd(),
  );
}

/**
 * Heap used (MB, after a full collection) before and after typing `keys` characters at `at` of `text`
 * (after 50 typed to warm up: compiled code and the like), each check on the new text, on one `Checker`.
 * @param {string} text @param {number} at @param {'rfc' | 'fast-agent'} profile
 */
function typingHeap(text, at, profile, keys = 200) {
  const collect = /** @type {() => void} */ (globalThis.gc);
  const heap = () => (collect(), process.memoryUsage().heapUsed / 1e6);
  const checker = new Checker();
  const type = (/** @type {number} */ i) => {
    // A flat copy, as the worker's text after an edit is (not a rope over the previous version).
    text = Buffer.from(text.slice(0, at + i) + (i % 2 ? 'x' : 'y') + text.slice(at + i)).toString();
    checker.check({ 'bundle.md': text }, { profile });
  };
  for (let i = 0; i < 50; i++) type(i);
  const before = heap();
  for (let i = 50; i < 50 + keys; i++) type(i);
  return { before, after: heap() };
}

const cards = makeCards();
const figures = [
  benchBundle('markdown', 'bundle.md', renderMarkdown(cards)),
  benchBundle('yaml', 'bundle.yaml', renderYaml(cards)),
];

const yamlVersion = createRequire(import.meta.url)('yaml/package.json').version;
const gc = typeof globalThis.gc === 'function' ? 'gc before each run' : 'no gc between runs';
console.log(`AgentCard core benchmark: Node ${process.version}, yaml ${yamlVersion}, ${gc}`);
console.log(
  `Times in ms, median (min): raw parse and full check ${WHOLE.runs} runs after ${WHOLE.warmup} warm-ups,` +
    ` re-check ${RECHECK.runs} runs after ${RECHECK.warmup} warm-ups, interleaved.`,
);
console.log('');
for (const f of figures) {
  console.log(
    `${f.path}: ${f.chars.toLocaleString('en-US')} chars, ${f.cards} cards,` +
      ` ${f.errors} errors, ${f.warnings} warnings`,
  );
}
console.log('');
const rows = [['bundle', 'raw parse', 'full check', 'full/raw', 're-check', 're-check/full']];
for (const f of figures) {
  rows.push([
    f.label,
    time(f.raw),
    time(f.full),
    `${(f.full.median / f.raw.median).toFixed(2)}x`,
    time(f.recheck),
    `${(f.recheck.median / f.full.median).toFixed(3)}x`,
  ]);
}
rows.push(['target', '', '', `<= ${FULL_TARGET}x`, '', `<= ${RECHECK_TARGET}x`]);
for (const line of table(rows)) console.log(line);
console.log('');
const verdicts = figures.flatMap((f) => [
  `${f.label} full/raw ${verdict(f.full.median / f.raw.median, FULL_TARGET)}`,
  `${f.label} re-check/full ${verdict(f.recheck.median / f.full.median, RECHECK_TARGET)}`,
]);
console.log(`Targets (informational): ${verdicts.join(', ')}`);

if (typeof globalThis.gc === 'function') {
  const bundle = renderMarkdown(cards);
  const middle = bundle.prose[bundle.prose.length >> 1];
  const card = bundle.text.lastIndexOf(
    '\n---\n',
    bundle.text.lastIndexOf('\n---\n', middle.from) - 1,
  );
  const name = bundle.text.indexOf('\nname: ', card) + '\nname: '.length + 3;
  console.log('');
  console.log(
    'Heap of one Checker while typing 200 characters into bundle.md (MB after a full collection;',
  );
  console.log('each keystroke a new text): it should not grow with the keystrokes.');
  const heapRows = [['typed into', 'profile', 'before', 'after', 'per keystroke']];
  for (const [where, at, profile] of /** @type {const} */ ([
    ["the middle card's prose", middle.from + 10, 'rfc'],
    ["the middle card's prose", middle.from + 10, 'fast-agent'],
    ["the middle card's name", name, 'rfc'],
  ])) {
    const { before, after } = typingHeap(bundle.text, at, profile);
    heapRows.push([
      where,
      profile,
      before.toFixed(1),
      after.toFixed(1),
      `${Math.round(((after - before) / 200) * 1000) + 0} KB`,
    ]);
  }
  for (const line of table(heapRows)) console.log(line);
}
