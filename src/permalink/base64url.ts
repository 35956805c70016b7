/**
 * base64url (RFC 4648 §5) without `=` padding: the alphabet of a permalink's payload. Strict: cleaning up links
 * mangled by chat apps is `read-fragment.ts`'s job, not this module's.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;

/** Encodes bytes as base64url without padding. The result is `ceil(4 * length / 3)` characters long. */
export function encodeBase64Url(bytes: Uint8Array): string {
  const out: string[] = [];
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out.push(
      ALPHABET[n >> 18]!,
      ALPHABET[(n >> 12) & 63]!,
      ALPHABET[(n >> 6) & 63]!,
      ALPHABET[n & 63]!,
    );
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out.push(ALPHABET[n >> 18]!, ALPHABET[(n >> 12) & 63]!);
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out.push(ALPHABET[n >> 18]!, ALPHABET[(n >> 12) & 63]!, ALPHABET[(n >> 6) & 63]!);
  }
  return out.join('');
}

/**
 * Decodes unpadded base64url. Returns `undefined` when `text` holds a character outside the alphabet (padding
 * included) or when its length leaves one dangling character (`length % 4 === 1`), which no byte string encodes.
 * The unused low bits of a final partial group are ignored, as `atob` does.
 */
export function decodeBase64Url(text: string): Uint8Array | undefined {
  if (text.length % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let bitCount = 0;
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? VALUES[code]! : -1;
    if (value < 0) return undefined;
    bits = ((bits << 6) | value) & 0xffffff;
    bitCount += 6;
    if (bitCount >= 8) {
      bitCount -= 8;
      out[at++] = (bits >> bitCount) & 0xff;
    }
  }
  return out;
}
