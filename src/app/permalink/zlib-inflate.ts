/**
 * zlib (RFC 1950) decompression through the platform's `DecompressionStream`, with or without a preset
 * dictionary: capped, streaming, and telling a cut-off stream from a damaged one.
 *
 * `DecompressionStream` takes no dictionary. But a preset dictionary is, by definition, the window deflate starts
 * from, so the raw deflate data is inflated behind a stored (uncompressed) block that holds the dictionary: the
 * inflater then finds it in its window exactly where zlib's `inflateSetDictionary` would put it, and the output's
 * first bytes, the dictionary again, are dropped. The zlib header, the dictionary id and the Adler-32 trailer are
 * read here, not by the platform.
 */

/**
 * Compressed bytes handed to the inflater per write. Deflate unpacks at most 1032 bytes per input byte, so even an
 * inflater that ignores backpressure within a write produces at most ~2 MiB before the cap check sees it.
 */
const INPUT_CHUNK = 2048;

/** Deflate's window: how far back a dictionary can be used. */
const WINDOW = 32 * 1024;

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
   * is this dictionary's Adler-32; a stream without FDICT is read without it.
   */
  dictionary?: Uint8Array;
  /** For tests: makes the raw inflater. Defaults to `new DecompressionStream('deflate-raw')`. */
  createStream?: () => TransformStream<Uint8Array, Uint8Array>;
}

/**
 * Inflates a zlib stream, never holding more than `maxBytes` of output: as soon as the output passes `maxBytes`
 * it stops reading, cancels the stream and answers `too-large`, so a deflate bomb costs at most `maxBytes` plus
 * what one 2 KiB input chunk unpacks to. Never throws; every outcome settles.
 *
 * - `truncated`: the input ends before the zlib stream does (the data so far was consistent). The 4-byte trailer
 *   is never handed to the inflater, so a stream cut inside its trailer is cut inside its deflate data too.
 * - `corrupted`: a bad header (not deflate, a window over 32 KiB, a wrong header check), a dictionary id other
 *   than `dictionary`'s, a deflate error, bytes after the end of the deflate data, or a trailer that is not the
 *   Adler-32 of the output. The trailer is checked here because the platform only sees raw deflate.
 */
export async function inflateZlib(
  input: Uint8Array,
  { maxBytes, dictionary, createStream = rawInflater }: InflateOptions,
): Promise<InflateResult> {
  const header = readHeader(input, dictionary);
  if (!header.ok) return { ok: false, reason: header.reason, inputRead: 0 };
  const body = input.subarray(header.length, Math.max(header.length, input.length - 4));
  if (body.length === 0) return { ok: false, reason: 'truncated', inputRead: header.length };

  const stream = createStream();
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  let inputRead = header.length;
  let failedIn: 'write' | 'close' | undefined;
  const feeding = (async () => {
    let phase: 'write' | 'close' = 'write';
    try {
      if (header.preset !== undefined) await writer.write(storedBlock(header.preset));
      for (let at = 0; at < body.length; at += INPUT_CHUNK) {
        const chunk = body.subarray(at, at + INPUT_CHUNK);
        inputRead = header.length + at + chunk.length;
        await writer.write(chunk);
      }
      phase = 'close';
      await writer.close();
    } catch {
      failedIn = phase;
    }
  })();

  const parts: Uint8Array[] = [];
  let total = 0;
  let skip = header.preset?.length ?? 0;
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      let part = next.value;
      if (skip > 0) {
        const dropped = Math.min(skip, part.byteLength);
        skip -= dropped;
        part = part.subarray(dropped);
      }
      total += part.byteLength;
      if (total > maxBytes) {
        // Not awaited: cancelling errors the writable side, which settles `feeding`; nothing is left waiting on us.
        reader.cancel().catch(() => {});
        return { ok: false, reason: 'too-large', inputRead };
      }
      parts.push(part);
    }
  } catch (error) {
    await feeding;
    return { ok: false, reason: failureKind(error, failedIn), inputRead };
  }
  await feeding;
  if (failedIn !== undefined)
    return { ok: false, reason: failureKind(undefined, failedIn), inputRead };
  const bytes = concat(parts);
  if (skip > 0 || adler32(bytes) !== readUint32(input, input.length - 4))
    return { ok: false, reason: 'corrupted', inputRead };
  return { ok: true, bytes, inputRead };
}

function rawInflater(): TransformStream<Uint8Array, Uint8Array> {
  return new DecompressionStream('deflate-raw') as TransformStream<Uint8Array, Uint8Array>;
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
  return { ok: true, length: 6, preset: dictionary.subarray(-WINDOW) };
}

/**
 * A non-final stored deflate block holding `preset` (at most 65,535 bytes): a 3-bit header of zeros padded to the
 * byte, then LEN and its one's complement NLEN, little-endian. It ends on a byte boundary, where the real deflate
 * data then starts as it would on its own.
 */
function storedBlock(preset: Uint8Array): Uint8Array {
  const length = preset.length;
  const block = new Uint8Array(5 + length);
  block.set([0, length & 0xff, length >>> 8, ~length & 0xff, (~length >>> 8) & 0xff]);
  block.set(preset, 5);
  return block;
}

/**
 * Tells a cut-off stream from a damaged one without reading error messages. Node's zlib errors carry a documented
 * `code`: `Z_BUF_ERROR` means the input ran out. Browsers follow the Compression Streams spec, where only the
 * final flush fails on input that ends early, so an error that rejects `close()` (and no `write()`) is a truncation.
 */
function failureKind(
  error: unknown,
  failedIn: 'write' | 'close' | undefined,
): 'truncated' | 'corrupted' {
  const code =
    typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code === 'string' && code.startsWith('Z_'))
    return code === 'Z_BUF_ERROR' ? 'truncated' : 'corrupted';
  return failedIn === 'close' ? 'truncated' : 'corrupted';
}

/** The Adler-32 checksum of `bytes` (RFC 1950 §8.2), as an unsigned 32-bit number. */
export function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  // 5552 is the most bytes that can be summed before `b` could overflow 2^32 (zlib's NMAX).
  for (let start = 0; start < bytes.length; start += 5552) {
    const end = Math.min(start + 5552, bytes.length);
    for (let i = start; i < end; i++) {
      a += bytes[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

function readUint32(bytes: Uint8Array, at: number): number {
  return (
    ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0
  );
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
