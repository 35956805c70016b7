/**
 * Where two versions of a text differ: how much they share at their start and at their end. Re-checks use it
 * to redo only what an edit touched (line indexes, the encoding scan).
 */

/** The lengths of the longest common start and end of `a` and `b` (which never overlap). */
export function sharedEnds(a: string, b: string): { prefix: number; suffix: number } {
  const prefix = commonPrefix(a, b);
  return { prefix, suffix: commonSuffix(a, b, Math.min(a.length, b.length) - prefix) };
}

/** Characters compared at once while looking for where two texts differ (a string comparison each). */
const CHUNK = 4096;

/** The length of the longest common start of `a` and `b`. */
function commonPrefix(a: string, b: string): number {
  const most = Math.min(a.length, b.length);
  let at = 0;
  while (at + CHUNK <= most && a.slice(at, at + CHUNK) === b.slice(at, at + CHUNK)) at += CHUNK;
  while (at < most && a.charCodeAt(at) === b.charCodeAt(at)) at++;
  return at;
}

/** The length of the longest common end of `a` and `b`, at most `most`. */
function commonSuffix(a: string, b: string, most: number): number {
  let n = 0;
  while (
    n + CHUNK <= most &&
    a.slice(a.length - n - CHUNK, a.length - n) === b.slice(b.length - n - CHUNK, b.length - n)
  )
    n += CHUNK;
  while (n < most && a.charCodeAt(a.length - n - 1) === b.charCodeAt(b.length - n - 1)) n++;
  return n;
}
