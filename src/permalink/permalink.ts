/**
 * The permalink codec. A workspace travels in a URL fragment: `#v1:`, then unpadded base64url (RFC 4648 §5) of a
 * zlib stream (RFC 1950) of the envelope's UTF-8 JSON (`envelope.ts`). The stream is written with
 * `PERMALINK_DICTIONARY`'s bytes as its preset dictionary:
 *
 * - byte 0, CMF: `0x78` (deflate with a 32 KiB window);
 * - byte 1, FLG: FDICT (`0x20`) set, and the check bits that make CMF·256 + FLG a multiple of 31 (`0xBB`);
 * - bytes 2–5, DICTID: the dictionary's Adler-32, big-endian (`PERMALINK_DICTIONARY_ID`);
 * - the deflate data (RFC 1951), whose back-references may reach into the dictionary as if it came just before;
 * - the last 4 bytes: the Adler-32 of the JSON, big-endian.
 *
 * Any zlib reads it given the dictionary (`inflateSetDictionary`; Node's `zlib.inflateSync(data, { dictionary })`).
 * Readers also accept a stream without FDICT, a plain zlib stream of the JSON (links made before the dictionary
 * existed). A stream announcing another dictionary id is treated as damaged: a new dictionary would come with a
 * new fragment prefix. The trailer's Adler-32 is what decides whether a (possibly repaired) link is intact.
 */

import { decodeBase64Url, encodeBase64Url } from './base64url.ts';
import { decodeFailure, type PermalinkFailure } from './decode-failure.ts';
import { PERMALINK_DICTIONARY } from './dictionary.ts';
import { parseEnvelope, serializeEnvelope, type PermalinkEnvelope } from './envelope.ts';
import { cleanPayload, readFragment } from './read-fragment.ts';
import { adler32 } from './adler32.ts';

/** The fragment prefix of the current format, `#` included. */
export const PERMALINK_PREFIX = '#v1:';

/**
 * The most bytes a link may unpack to (8 MiB of UTF-8 envelope JSON). Enforced while streaming: decoding stops
 * reading as soon as the output passes it.
 */
export const MAX_DECOMPRESSED_BYTES = 8 * 1024 * 1024;

/**
 * The longest payload (characters after `#v1:`) decoding looks at. Deflate never grows data by more than about
 * 0.03% plus a few bytes (it falls back to stored blocks), so a longer payload cannot be a link made from at most
 * `MAX_DECOMPRESSED_BYTES`.
 */
export const MAX_PERMALINK_LENGTH = Math.ceil(((MAX_DECOMPRESSED_BYTES * 1.001 + 64) * 4) / 3);

/** `PERMALINK_DICTIONARY` as the UTF-8 bytes the compressor is primed with. */
export const DICTIONARY_BYTES = new TextEncoder().encode(PERMALINK_DICTIONARY);

/** The zlib dictionary id links carry: the Adler-32 of `PERMALINK_DICTIONARY`. */
export const PERMALINK_DICTIONARY_ID = adler32(DICTIONARY_BYTES);

// Pasted text may be longer than its payload (a URL, line breaks, escapes); past this it is refused unread.
const MAX_INPUT_LENGTH = 2 * MAX_PERMALINK_LENGTH + 4096;

// Characters a linkifier may drop from a link's end although base64url uses them (GitHub-flavoured autolinks
// drop a trailing `_`; a line break may eat a trailing `-`).
const DROPPABLE = ['_', '-'];

/** The outcome of `decodePermalink`: the envelope, or a reason and a message for the user. */
export type DecodeResult = { ok: true; envelope: PermalinkEnvelope } | PermalinkFailure;

export type { DecodeFailure } from './decode-failure.ts';
export type { PermalinkEnvelope } from './envelope.ts';
export { linkGuidance, permalinkLength, type LinkGuidance } from './link-guidance.ts';

/**
 * Encodes a workspace as a permalink fragment, `#v1:` included. Files keep their `Object.entries` order. The
 * same envelope always gives the same string, in every browser: the compressor is JavaScript (fflate), loaded on
 * the first call. Rejects with a `TypeError` when the envelope is invalid (a bad or duplicate path, an active file
 * that is not among the files, an unknown profile, more than `MAX_FILES` files), with a `RangeError` when its
 * JSON exceeds `MAX_DECOMPRESSED_BYTES`, since such a link could not be opened, and with the loader's error when
 * the compressor's code cannot be fetched.
 */
export async function encodePermalink(envelope: PermalinkEnvelope): Promise<string> {
  const json = envelopeBytes(envelope);
  const { compressZlib } = await import('./zlib-compress.ts');
  return PERMALINK_PREFIX + encodeBase64Url(compressZlib(json, DICTIONARY_BYTES));
}

/**
 * The envelope's UTF-8 JSON, checked: what `encodePermalink` and `encodePermalinkSync` (`encode-sync.ts`)
 * compress. Throws as `encodePermalink` documents.
 */
export function envelopeBytes(envelope: PermalinkEnvelope): Uint8Array {
  const json = new TextEncoder().encode(serializeEnvelope(envelope));
  if (json.length > MAX_DECOMPRESSED_BYTES)
    throw new RangeError(
      `The workspace is ${json.length} bytes as JSON, more than a link may carry (${MAX_DECOMPRESSED_BYTES}).`,
    );
  return json;
}

/**
 * Decodes a permalink from a whole URL or just its fragment. Never rejects, and always settles.
 *
 * Tolerated, because each repair can be checked: surrounding or embedded whitespace and line breaks, invisible
 * break characters, percent-encoding (also double), a missing `#`, punctuation glued to the end
 * (`.`, `,`, `)`, `>`, `]`, quotes…), the standard base64 alphabet with `=` padding, and up to three trailing `_`/`-`
 * lost to a linkifier. The last repair is tried only after the link as given failed, and is accepted only when the
 * data then inflates and matches its Adler-32 checksum: the lost characters lie inside the 4-byte checksum trailer,
 * so the data itself is complete and the checksum decides which ending (if any) is right.
 *
 * Not recovered: any other lost or changed character (reported `truncated` or `corrupted`), a `+` turned into a
 * space (whitespace is dropped, so the link then fails its checksum), and four or more lost `_`/`-`.
 */
export async function decodePermalink(fragmentOrUrl: string): Promise<DecodeResult> {
  try {
    return await decode(fragmentOrUrl);
  } catch {
    return decodeFailure('corrupted', 'The link could not be unpacked.');
  }
}

async function decode(text: string): Promise<DecodeResult> {
  if (typeof text !== 'string')
    return decodeFailure('not-a-permalink', 'This is not an AgentCard Playground link.');
  if (text.length > MAX_INPUT_LENGTH)
    return decodeFailure('too-large', 'The text is longer than any playground link can be.');
  const fragment = readFragment(text);
  if (!fragment.ok) return fragment;
  if (fragment.version !== 1)
    return decodeFailure(
      'unknown-version',
      `The link uses format "v${fragment.version}", which this version of the playground does not know.`,
    );
  const cleaned = cleanPayload(fragment.payload, MAX_PERMALINK_LENGTH);
  if (!cleaned.ok) return cleaned;
  const first = await decodePayload(cleaned.payload);
  if (first.ok || (first.reason !== 'truncated' && first.reason !== 'corrupted')) return first;
  for (const ending of lostEndings(cleaned.payload.length)) {
    const retry = await decodePayload(cleaned.payload + ending);
    if (retry.ok) return retry;
  }
  return first;
}

/**
 * The endings a linkifier may have dropped from a payload of this length. Our payloads of `3n` bytes end in a
 * full group of 4 characters, the only place where `_` or `-` (values 63 and 62, low bits set) can come last, so
 * a payload whose length is not a multiple of 4 may have lost 1 to 3 of them.
 */
function lostEndings(length: number): string[] {
  const lost = (4 - (length % 4)) % 4;
  if (lost === 0) return [];
  let endings = [''];
  for (let i = 0; i < lost; i++)
    endings = endings.flatMap((ending) => DROPPABLE.map((c) => ending + c));
  return endings;
}

async function decodePayload(payload: string): Promise<DecodeResult> {
  const bytes = decodeBase64Url(payload);
  if (bytes === undefined) return truncated();
  const { inflateZlib } = await import('./zlib-inflate.ts');
  const inflated = inflateZlib(bytes, {
    maxBytes: MAX_DECOMPRESSED_BYTES,
    dictionary: DICTIONARY_BYTES,
  });
  if (!inflated.ok) {
    if (inflated.reason === 'truncated') return truncated();
    if (inflated.reason === 'too-large')
      return decodeFailure(
        'too-large',
        `The link unpacks to more than ${MAX_DECOMPRESSED_BYTES / 1024 / 1024} MiB, more than the playground opens from a link.`,
      );
    return decodeFailure(
      'corrupted',
      'The link is damaged: some of its characters were changed, so its checksum no longer matches.',
    );
  }
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(inflated.bytes);
  } catch {
    return invalidContent('its data is not UTF-8 text.');
  }
  const parsed = parseEnvelope(json);
  if (parsed.ok) return parsed;
  if (parsed.reason === 'unknown-version')
    return decodeFailure(
      'unknown-version',
      `The link was made by a version of the playground this one does not know: ${parsed.detail}`,
    );
  return invalidContent(parsed.detail);
}

function truncated(): PermalinkFailure {
  return decodeFailure(
    'truncated',
    'The link is incomplete: its end is missing, probably cut off while it was copied or sent.',
  );
}

function invalidContent(detail: string): PermalinkFailure {
  return decodeFailure(
    'invalid-content',
    `The link opens, but it does not hold a valid workspace: ${detail}`,
  );
}
