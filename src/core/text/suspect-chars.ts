/**
 * Finds characters a card's text should not hold: a NUL, U+FFFD (what a decoder puts for bytes that are not
 * UTF-8) or a UTF-16 surrogate without its pair. Run over every file on every check, so it scans with one
 * plain character class and looks at pairs only where a surrogate is (a lookbehind/lookahead alternation
 * over a 1 MB bundle took about 5 ms a keystroke), and a re-check scans only what an edit changed.
 */
import { sharedEnds } from './shared-ends.ts';

const CANDIDATES = /[\0\uFFFD\uD800-\uDFFF]/g;

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/**
 * The index of the first suspect character of `text` in `[from, to)`, or -1 when there is none. Pairs are
 * judged in the whole text: a surrogate at either end of the range may have its pair outside it.
 */
export function firstSuspectChar(text: string, from = 0, to = text.length): number {
  // The search runs in a view that ends at `to`: in the whole text, a range without any candidate
  // would be searched on to the end of the text (half of a 1 MB bundle, for an edit in its middle).
  const view = to < text.length ? text.slice(0, to) : text;
  CANDIDATES.lastIndex = from;
  for (let match = CANDIDATES.exec(view); match; match = CANDIDATES.exec(view)) {
    const at = match.index;
    const c = text.charCodeAt(at);
    // A high surrogate followed by a low one is a pair (one character): both are passed. Scanning from
    // the start, a low surrogate met here has no high one before it (that would have taken it as its
    // pair); scanning from `from`, its high one may be just before the range.
    if (isHigh(c) && isLow(text.charCodeAt(at + 1))) {
      CANDIDATES.lastIndex = at + 2;
      continue;
    }
    if (isLow(c) && at === from && at > 0 && isHigh(text.charCodeAt(at - 1))) continue;
    return at;
  }
  return -1;
}

/** The scan of a text, for `firstSuspectAfter`. */
export interface SuspectScan {
  readonly text: string;
  /** `firstSuspectChar(text)`. */
  readonly at: number;
}

/**
 * `firstSuspectChar(text)`, given the scan of an earlier version of the text: when that one held no suspect
 * character, or its first is before everything the edit touched, only the edited part (and the characters
 * on either side, whose pairs it may have changed) is scanned.
 */
export function firstSuspectAfter(previous: SuspectScan, text: string): number {
  const { prefix, suffix } = sharedEnds(previous.text, text);
  if (previous.at !== -1 && previous.at < prefix - 1) return previous.at;
  if (previous.at !== -1) return firstSuspectChar(text);
  return firstSuspectChar(
    text,
    Math.max(0, prefix - 1),
    Math.min(text.length, text.length - suffix + 1),
  );
}
