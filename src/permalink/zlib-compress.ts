/**
 * zlib (RFC 1950) compression with a preset dictionary, which the platform's `CompressionStream` cannot do.
 * Kept apart so that the page loads the compressor (fflate) only when a link is first made.
 */

import { zlibSync } from 'fflate';

/**
 * Compresses bytes (deflate level 6) to a zlib stream primed with `dictionary`: a two-byte header with the FDICT
 * flag set, the dictionary id (the dictionary's Adler-32, 4 bytes big-endian), the deflate data, and the
 * Adler-32 of `bytes`.
 * Without a dictionary (`undefined` or empty) it writes a plain zlib stream. Deterministic: fflate is plain
 * JavaScript, so the same input gives the same bytes in every browser. Only the last 32 KiB of a dictionary can
 * be used, as in zlib.
 */
export function compressZlib(bytes: Uint8Array, dictionary?: Uint8Array): Uint8Array {
  return zlibSync(
    bytes,
    dictionary !== undefined && dictionary.length > 0 ? { level: 6, dictionary } : { level: 6 },
  );
}
