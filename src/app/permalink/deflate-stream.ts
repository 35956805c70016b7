/**
 * zlib (RFC 1950) compression through the platform's `CompressionStream`/`DecompressionStream`, with a capped,
 * streaming inflate that tells a cut-off stream from a damaged one.
 */

/**
 * Compressed bytes handed to the inflater per write. Deflate unpacks at most 1032 bytes per input byte, so even an
 * inflater that ignores backpressure within a write produces at most ~2 MiB before the cap check sees it.
 */
const INPUT_CHUNK = 2048;

/** A finished inflate: the data, or why there is none. `inputRead` counts compressed bytes handed to the inflater. */
export type InflateResult =
  | { ok: true; bytes: Uint8Array; inputRead: number }
  | { ok: false; reason: 'truncated' | 'corrupted' | 'too-large'; inputRead: number };

/** Compresses bytes to a zlib stream (`CompressionStream('deflate')`, default level). */
export async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new CompressionStream('deflate');
  const writer = stream.writable.getWriter();
  const written = writer.write(bytes as Uint8Array<ArrayBuffer>).then(() => writer.close());
  const parts: Uint8Array[] = [];
  const reader = stream.readable.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read())
    parts.push(next.value);
  await written;
  return concat(parts);
}

/**
 * Inflates a zlib stream, never holding more than `maxBytes` of output: as soon as the output passes `maxBytes`
 * it stops reading, cancels the stream and answers `too-large`, so a deflate bomb costs at most `maxBytes` plus
 * what one 2 KiB input chunk unpacks to. Never throws; every outcome settles.
 *
 * - `truncated`: the input ends before the zlib stream does (the data so far was consistent).
 * - `corrupted`: a deflate error, a bad header, or a trailer that is not the Adler-32 of the output. The trailer is
 *   checked here too because some inflaters (Node's) silently ignore bytes after the end of the stream.
 *
 * `createStream` exists for tests; it defaults to `new DecompressionStream('deflate')`.
 */
export async function inflateCapped(
  input: Uint8Array,
  maxBytes: number,
  createStream: () => TransformStream<Uint8Array, Uint8Array> = () =>
    new DecompressionStream('deflate') as TransformStream<Uint8Array, Uint8Array>,
): Promise<InflateResult> {
  const stream = createStream();
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  let inputRead = 0;
  let failedIn: 'write' | 'close' | undefined;
  const feeding = (async () => {
    let phase: 'write' | 'close' = 'write';
    try {
      for (let at = 0; at < input.length; at += INPUT_CHUNK) {
        const chunk = input.subarray(at, at + INPUT_CHUNK);
        inputRead = at + chunk.length;
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
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      total += next.value.byteLength;
      if (total > maxBytes) {
        // Not awaited: cancelling errors the writable side, which settles `feeding`; nothing is left waiting on us.
        reader.cancel().catch(() => {});
        return { ok: false, reason: 'too-large', inputRead };
      }
      parts.push(next.value);
    }
  } catch (error) {
    await feeding;
    return { ok: false, reason: failureKind(error, failedIn), inputRead };
  }
  await feeding;
  if (failedIn !== undefined)
    return { ok: false, reason: failureKind(undefined, failedIn), inputRead };
  const bytes = concat(parts);
  if (input.length < 6 || adler32(bytes) !== readUint32(input, input.length - 4))
    return { ok: false, reason: 'corrupted', inputRead };
  return { ok: true, bytes, inputRead };
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
