import { performance } from 'node:perf_hooks';

/**
 * Timings of one benchmark, in milliseconds.
 * @typedef {{ median: number, min: number, runs: number }} Timing
 */

/**
 * Times `work(i)` for `runs` runs after `warmup` untimed ones (`i` counts from 0 over both, so work
 * that alternates on `i` keeps alternating). When Node runs with `--expose-gc`, a full collection
 * happens before every run, outside the timed span, so one run's garbage is not billed to the next.
 * @param {(i: number) => unknown} work
 * @param {{ warmup: number, runs: number }} counts
 * @returns {Timing}
 */
export function measure(work, { warmup, runs }) {
  const collect = typeof globalThis.gc === 'function' ? globalThis.gc : () => {};
  /** @type {number[]} */
  const samples = [];
  for (let i = 0; i < warmup + runs; i++) {
    collect();
    const start = performance.now();
    work(i);
    const elapsed = performance.now() - start;
    if (i >= warmup) samples.push(elapsed);
  }
  samples.sort((a, b) => a - b);
  const mid = samples.length >> 1;
  const median = samples.length % 2 ? samples[mid] : (samples[mid - 1] + samples[mid]) / 2;
  return { median, min: samples[0], runs };
}

/**
 * The text with one letter changed, so that checking it after `text` (or `text` after it) is a real
 * edit: the first ASCII lowercase letter at or after the middle of `[from, to)` moves one place on in
 * the alphabet (`z` wraps to `a`). Throws when the range holds no such letter.
 * @param {string} text
 * @param {{ from: number, to: number }} range
 * @returns {{ text: string, offset: number }}
 */
export function editOneLetter(text, { from, to }) {
  for (let at = (from + to) >> 1; at < to; at++) {
    const code = text.charCodeAt(at);
    if (code < 97 || code > 122) continue;
    const next = String.fromCharCode(code === 122 ? 97 : code + 1);
    return { text: text.slice(0, at) + next + text.slice(at + 1), offset: at };
  }
  throw new Error(`No lowercase letter in the second half of [${from}, ${to})`);
}
