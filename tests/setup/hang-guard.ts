/** Time limits of tests that are hang guards, stretched by how loaded the machine is. */
import { availableParallelism, loadavg } from 'node:os';

/**
 * How many times slower than a quiet machine this one runs now: the load average over the last
 * minute per core, at least 1. Read once, when the tests start.
 */
export const LOAD_FACTOR = Math.max(1, (loadavg()[0] ?? 0) / availableParallelism());

/**
 * A hang guard of `ms` on a quiet machine, stretched by {@link LOAD_FACTOR}: at a load average of 28
 * on two cores a test takes about 14 times as long, which is slow, not failed. A test that really
 * hangs still stops, and `npm test`'s whole-run guard (an hour) bounds the rest.
 */
export function hangGuard(ms: number): number {
  return Math.round(ms * LOAD_FACTOR);
}
