import * as fc from 'fast-check';
import { expect } from 'vitest';

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

/** This run's seed (see `runSeed`). */
export const SEED = runSeed(process.env);

/**
 * fast-check parameters of a fuzz run: `numRuns` inputs from the run seed mixed with `salt` (so two
 * properties of one run draw different inputs), and, when `FUZZ_PATH` is set (the path a failure
 * printed), only the counterexample at that path, so one failure replays alone. Use it with `-t` to pick
 * the test that printed the path: another property would read the path as its own.
 */
export function fuzzParameters<T>(numRuns: number, salt = 0): fc.Parameters<T> {
  const path = process.env['FUZZ_PATH']?.trim();
  return { seed: (SEED ^ salt) | 0, numRuns, ...(path ? { path } : {}) };
}

/**
 * Throws fast-check's report of a failed run (the shrunk counterexample, its seed and path) with the
 * command that replays it, and `extra` lines (e.g. where the counterexample was written). Returns when
 * the run passed.
 */
export function throwOnFailure<T>(
  details: fc.RunDetails<T>,
  extra: (counterexample: T) => string[] = () => [],
): void {
  if (!details.failed) return;
  const { testPath, currentTestName } = expect.getState();
  const lines = [
    fc.defaultReportMessage(details) ?? 'fast-check run failed',
    ...(details.counterexample ? extra(details.counterexample) : []),
    `replay: FUZZ_SEED=${SEED} FUZZ_PATH=${details.counterexamplePath ?? ''} npx vitest run ${testPath ?? ''} -t ${JSON.stringify(currentTestName?.split(' > ').at(-1) ?? '')}`,
  ];
  throw new Error(lines.join('\n'));
}

/** `arbitrary` in `percent` of the draws, else undefined; shrinks toward undefined (the plainer input). */
export function sometimes<T>(
  percent: number,
  arbitrary: fc.Arbitrary<T>,
): fc.Arbitrary<T | undefined> {
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 100 - percent, arbitrary: fc.constant(undefined) },
    { weight: percent, arbitrary },
  );
}
