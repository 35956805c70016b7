/**
 * A seeded pseudo-random source for the fuzz tests: mulberry32, so a seed gives the same sequence on every
 * platform and Node version, and one failing input can be replayed from the run seed and its index.
 */
export class Random {
  private state: number;

  /** `seed` is taken as an unsigned 32-bit integer. */
  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n); `n` must be at least 1. */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** An integer in [min, max], both inclusive. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
}

/**
 * The seed of input `index` of a run: a hash of the run seed and the index, so inputs do not depend on
 * each other and one of them can be regenerated alone.
 */
export function inputSeed(runSeed: number, index: number): number {
  let h = Math.imul(runSeed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The seed `npm test` uses, so every run (and CI) checks the same inputs. */
export const DEFAULT_SEED = 20261125;

/**
 * The run seed: `FUZZ_SEED` (decimal or `0x` hex) when set, `FUZZ_SEED=random` for a fresh one, else
 * `DEFAULT_SEED`. Throws on a malformed `FUZZ_SEED`, since silently ignoring it would make a replay test
 * something else.
 */
export function runSeed(env: Readonly<Record<string, string | undefined>>): number {
  const given = env['FUZZ_SEED'];
  if (given === undefined || given.trim() === '') return DEFAULT_SEED;
  if (given.trim() === 'random') return (Math.random() * 2 ** 32) >>> 0;
  const value = Number(given.trim());
  if (!Number.isInteger(value) || value < 0 || value >= 2 ** 32) {
    throw new Error(`FUZZ_SEED must be an integer in [0, 2^32), got '${given}'`);
  }
  return value;
}

/** A positive integer from `env[name]`, or `fallback` when unset. Throws on a malformed value. */
export function countFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  fallback: number,
): number {
  const given = env[name];
  if (given === undefined || given.trim() === '') return fallback;
  const value = Number(given.trim());
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a positive integer, got '${given}'`);
  }
  return value;
}
