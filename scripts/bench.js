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
