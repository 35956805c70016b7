import { performance } from 'node:perf_hooks';

/**
 * Timings of one job, in milliseconds.
 * @typedef {{ median: number, min: number, runs: number }} Timing
 */

/**
 * One thing to time: `work(i)` is called `warmup` times untimed, then `runs` times timed. `i` counts
 * from 0 over both, so work that alternates on `i` keeps alternating.
 * @typedef {{ work: (i: number) => unknown, warmup: number, runs: number }} Job
 */

/**
 * Times several jobs in interleaved rounds rather than one after the other, so that a slower spell of
 * the machine (another process, a throttled core) weighs on every job alike and their ratios stay
 * meaningful. Each round runs every job its share of its count (`runs` spread evenly over `rounds`;
 * `warmup` over `warmupRounds`). When Node runs with `--expose-gc`, a full collection happens before
 * every run, outside the timed span, so one run's garbage is not billed to the next.
 * @param {Job[]} jobs
 * @param {{ warmupRounds: number, rounds: number }} schedule
 * @returns {Timing[]} One per job, in the order given.
 */
export function measureInRounds(jobs, { warmupRounds, rounds }) {
  const collect = typeof globalThis.gc === 'function' ? globalThis.gc : () => {};
  /** @type {number[][]} */
  const samples = jobs.map(() => []);
  const calls = jobs.map(() => 0);
  const phases = [
    { timed: false, rounds: warmupRounds, count: (/** @type {Job} */ job) => job.warmup },
    { timed: true, rounds, count: (/** @type {Job} */ job) => job.runs },
  ];
  for (const phase of phases) {
    for (let round = 0; round < phase.rounds; round++) {
      jobs.forEach((job, j) => {
        const total = phase.count(job);
        const share =
          Math.floor(((round + 1) * total) / phase.rounds) -
          Math.floor((round * total) / phase.rounds);
        for (let k = 0; k < share; k++) {
          collect();
          const start = performance.now();
          job.work(calls[j]++);
          const elapsed = performance.now() - start;
          if (phase.timed) samples[j].push(elapsed);
        }
      });
    }
  }
  return samples.map((list) => summarise(list));
}

/**
 * @param {number[]} samples
 * @returns {Timing}
 */
function summarise(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], runs: sorted.length };
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
