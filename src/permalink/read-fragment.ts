/**
 * Picks a permalink fragment out of pasted text and undoes the damage chat apps, mail clients and editors do to
 * links, down to a strict base64url payload. Repairs here are only ever *removals* of characters that base64url
 * never uses, or one-to-one alphabet swaps; anything they cannot explain is reported, not guessed at.
 */

import { decodeFailure, type PermalinkFailure } from './decode-failure.ts';

/** The fragment's format version and its raw payload (everything after `#v<n>:`). */
export type FragmentResult = { ok: true; version: number; payload: string } | PermalinkFailure;

/** A payload cleaned up to unpadded base64url. */
export type PayloadResult = { ok: true; payload: string } | PermalinkFailure;

// Whitespace (line wrapping, indentation) and invisible characters that apps insert to allow line breaks.
const INVISIBLE = /[\s\u00ad\u180e\u200b-\u200f\u2060]+/g;
const PERCENT_ESCAPE = /%([0-9a-fA-F]{2})/g;
// `#v<digits>:`, or `v<digits>:` opening the text (a fragment pasted without its `#`).
const MARKER = /(?:^|#)v(\d+):/g;
// Punctuation that linkifiers and prose leave glued to a link's end: "see <link>.", "(<link>)", "[x](<link>)".
const TRAILING_PUNCTUATION = /[.,;:!?'"`)\]}>*~|]+$/;
// One character of either base64 alphabet.
const ALPHABET_CHARACTER = /[A-Za-z0-9_+/-]/;

/**
 * Finds the `#v<n>:` fragment in a whole URL, a bare fragment (with or without `#`), or either of them
 * percent-encoded (even twice, as links inside other links are) or broken over several lines. When the text holds
 * several markers the last one counts, since a payload never contains `#`. Text without one is `not-a-permalink`.
 */
export function readFragment(text: string): FragmentResult {
  const plain = percentDecode(text.replace(INVISIBLE, '')).replace(INVISIBLE, '');
  let marker: RegExpExecArray | undefined;
  for (const match of plain.matchAll(MARKER)) marker = match;
  if (marker === undefined)
    return decodeFailure(
      'not-a-permalink',
      'This is not an AgentCard Playground link: it has no "#v1:" part.',
    );
  return {
    ok: true,
    version: Number(marker[1]),
    payload: plain.slice(marker.index + marker[0].length),
  };
}

/**
 * Cleans a raw payload to unpadded base64url: drops punctuation glued to its end, then `=` padding, and maps the
 * standard alphabet (`+`, `/`) to the URL one (`-`, `_`). An empty payload is `truncated` (nothing follows the
 * marker); one with no character of either alphabet (`!!!***`), or any other character outside the alphabet, is
 * `bad-encoding`; one longer than `maxLength` is `too-large`.
 */
export function cleanPayload(raw: string, maxLength: number): PayloadResult {
  if (raw === '')
    return decodeFailure(
      'truncated',
      'The link is incomplete: nothing follows its "#v1:" part, so it was cut off while it was copied or sent.',
    );
  // Punctuation is only ever glued to the end of a payload: text made of nothing else is not a payload at all.
  if (!ALPHABET_CHARACTER.test(raw))
    return decodeFailure(
      'bad-encoding',
      `What follows its "#v1:" part, ${JSON.stringify(raw.length > 24 ? `${raw.slice(0, 24)}…` : raw)}, holds no character a playground link is made of, so it was changed after it was made.`,
    );
  const payload = raw
    .replace(TRAILING_PUNCTUATION, '')
    .replace(/={1,2}$/, '')
    .replaceAll('+', '-')
    .replaceAll('/', '_');
  const stray = /[^A-Za-z0-9_-]/u.exec(payload);
  if (stray !== null)
    return decodeFailure(
      'bad-encoding',
      `The link contains ${JSON.stringify(stray[0])}, a character that never appears in a playground link, so it was changed after it was made.`,
    );
  if (payload.length > maxLength)
    return decodeFailure(
      'too-large',
      `The link is ${payload.length.toLocaleString('en')} characters long, longer than any playground link can be.`,
    );
  return { ok: true, payload };
}

/**
 * Replaces `%XX` escapes of printable ASCII, repeatedly (up to three rounds) for links encoded more than once.
 * Other escapes are left alone, to be reported as stray characters.
 */
function percentDecode(text: string): string {
  for (let round = 0; round < 3 && text.includes('%'); round++) {
    const next = text.replace(PERCENT_ESCAPE, (escape, hex: string) => {
      const code = parseInt(hex, 16);
      return code >= 0x20 && code < 0x7f ? String.fromCharCode(code) : escape;
    });
    if (next === text) break;
    text = next;
  }
  return text;
}
