/**
 * Did-you-mean fixes: the one shared rule every format uses to turn a close match into a quick fix.
 * The matching itself is `closeMatches` (`text/did-you-mean.ts`), the same as the messages use.
 */
import { closeMatches } from '../text/did-you-mean.ts';
import { replaceFix, type Fix } from './fix.ts';

/** Where and how a did-you-mean fix rewrites a misspelt word. */
export interface TypoFixOptions {
  /** The range (in the diagnostic's own file) the replacement covers, e.g. the key node. */
  from: number;
  to: number;
  /** True when the correction already exists (a key already in the mapping): no fix then. */
  taken?: (candidate: string) => boolean;
  /** Whether a unique close match makes a safe fix (false for user-made names such as agents). */
  safeWhenUnique?: boolean;
  /** The text that replaces the range for a candidate (the candidate itself by default). */
  render?: (candidate: string) => string;
}

/**
 * The fix for a misspelt `word` among `candidates`: replace it with the closest candidate. No fix when
 * nothing is close, when two candidates are equally close (a guess), when the correction is taken or
 * the range is empty. Safe only when exactly one candidate is within the typo limit (and
 * `safeWhenUnique` is not false).
 */
export function typoFixes(
  word: string,
  candidates: Iterable<string>,
  options: TypoFixOptions,
): Fix[] | undefined {
  const matches = closeMatches(word, candidates);
  const best = matches[0];
  if (best === undefined || options.from >= options.to) return undefined;
  if (matches[1] !== undefined && matches[1].distance === best.distance) return undefined;
  if (best.candidate === word || options.taken?.(best.candidate) === true) return undefined;
  const safe = (options.safeWhenUnique ?? true) && matches.length === 1;
  const insert = options.render ? options.render(best.candidate) : best.candidate;
  return [replaceFix(`Change to '${best.candidate}'`, safe, options.from, options.to, insert)];
}

/** `d` with `fixes` set when there are any (so diagnostics without fixes keep their shape). */
export function withFixes<T extends { fixes?: Fix[] }>(d: T, fixes: Fix[] | undefined): T {
  if (fixes !== undefined && fixes.length > 0) d.fixes = fixes;
  return d;
}
