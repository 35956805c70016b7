/**
 * zlib (RFC 1950) decompression with or without a preset dictionary, capped, through fflate's streaming
 * inflater. The zlib header, the dictionary id and the Adler-32 trailer are read here: fflate does not check
 * the dictionary id or the trailer, and refuses a stream without FDICT when given a dictionary.
 */

import { Inflate } from 'fflate';
import { adler32 } from './adler32.ts';

/**
 * Compressed bytes handed to the inflater at a time. Deflate unpacks at most 1032 bytes per input byte, so the
 * output passes the cap by at most ~2 MiB before the running total sees it.
 */
const INPUT_CHUNK = 2048;

/** fflate's error code for input that ends before the deflate data does (`FlateErrorCode.UnexpectedEOF`). */
const UNEXPECTED_EOF = 0;

/** A finished inflate: the data, or why there is none. `inputRead` counts input bytes handed to the inflater. */
export type InflateResult =
  | { ok: true; bytes: Uint8Array; inputRead: number }
  | { ok: false; reason: 'truncated' | 'corrupted' | 'too-large'; inputRead: number };

/** How `inflateZlib` reads a stream. */
export interface InflateOptions {
  /** The most bytes of output accepted (the dictionary does not count). */
  maxBytes: number;
  /**
   * The preset dictionary of streams that announce one (FDICT). Such a stream opens only when its dictionary id
   * is this dictionary's Adler-32; a stream without FDICT is read without it. Only its last 32 KiB are used.
   */
  dictionary?: Uint8Array;
}

/**
 * Inflates a zlib stream, never holding more than `maxBytes` of output: it feeds the inflater 2 KiB at a time
 * and, as soon as the output passes `maxBytes`, stops and answers `too-large`, so a deflate bomb costs at most
 * `maxBytes` plus what one chunk unpacks to. Never throws.
 *
 * - `truncated`: the input ends before the zlib stream does (the data so far was consistent). The 4-byte trailer
 *   is never handed to the inflater, so a stream cut inside its trailer is cut inside its deflate data too.
 * - `corrupted`: a bad header (not deflate, a window over 32 KiB, a wrong header check), a dictionary id other
 *   than `dictionary`'s, a deflate error, or a trailer that is not the Adler-32 of the output (which is also what
 *   bytes appended after the stream lead to: the last 4 bytes are then not the trailer).
 */
export function inflateZlib(
  input: Uint8Array,
  { maxBytes, dictionary }: InflateOptions,
): InflateResult {
  const header = readHeader(input, dictionary);
  if (!header.ok) return { ok: false, reason: header.reason, inputRead: 0 };
  const body = input.subarray(header.length, Math.max(header.length, input.length - 4));
  if (body.length === 0) return { ok: false, reason: 'truncated', inputRead: header.length };

  const parts: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate(header.preset ? { dictionary: header.preset } : {}, (part) => {
    total += part.length;
    if (total <= maxBytes) parts.push(part);
  });
  let inputRead = header.length;
  try {
    for (let at = 0; at < body.length && total <= maxBytes; at += INPUT_CHUNK) {
      const chunk = body.subarray(at, at + INPUT_CHUNK);
      inputRead = header.length + at + chunk.length;
      inflater.push(chunk, at + INPUT_CHUNK >= body.length);
    }
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    return { ok: false, reason: code === UNEXPECTED_EOF ? 'truncated' : 'corrupted', inputRead };
  }
  if (total > maxBytes) return { ok: false, reason: 'too-large', inputRead };
  const bytes = concat(parts, total);
  if (adler32(bytes) !== readUint32(input, input.length - 4))
    return { ok: false, reason: 'corrupted', inputRead };
  return { ok: true, bytes, inputRead };
}

type Header =
  | { ok: true; length: number; preset: Uint8Array | undefined }
  | { ok: false; reason: 'truncated' | 'corrupted' };

/** Reads the zlib header (RFC 1950 §2.2): CMF, FLG and, when FLG has FDICT, the 4-byte dictionary id. */
function readHeader(input: Uint8Array, dictionary: Uint8Array | undefined): Header {
  if (input.length < 2) return { ok: false, reason: 'truncated' };
  const cmf = input[0]!;
  const flg = input[1]!;
  if ((cmf & 0x0f) !== 8 || cmf >> 4 > 7 || ((cmf << 8) | flg) % 31 !== 0)
    return { ok: false, reason: 'corrupted' };
  if ((flg & 0x20) === 0) return { ok: true, length: 2, preset: undefined };
  if (input.length < 6) return { ok: false, reason: 'truncated' };
  if (dictionary === undefined || readUint32(input, 2) !== adler32(dictionary))
    return { ok: false, reason: 'corrupted' };
  return { ok: true, length: 6, preset: dictionary };
}

function readUint32(bytes: Uint8Array, at: number): number {
  return (
    ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0
  );
}

function concat(parts: readonly Uint8Array[], total: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
