/**
 * The Adler-32 checksum zlib streams end with. Apart from the inflater so that the page can name the permalink
 * dictionary's id without loading it.
 */

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
