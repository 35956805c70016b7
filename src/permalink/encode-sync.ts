/**
 * The permalink encoder without its lazy loading: for build-time callers (the Markdown plugins, the command
 * line) that must encode synchronously — markdown-it renders synchronously — and do not care about loading the
 * compressor up front. The same bytes as `encodePermalink`: both compress `envelopeBytes` with the same
 * compressor and dictionary.
 */
import { encodeBase64Url } from './base64url.ts';
import type { PermalinkEnvelope } from './envelope.ts';
import { DICTIONARY_BYTES, envelopeBytes, PERMALINK_PREFIX } from './permalink.ts';
import { compressZlib } from './zlib-compress.ts';

/**
 * Encodes a workspace as a permalink fragment (`#v1:` included), synchronously. Throws as `encodePermalink`
 * rejects: a `TypeError` for an invalid envelope, a `RangeError` for one too large for a link.
 */
export function encodePermalinkSync(envelope: PermalinkEnvelope): string {
  return (
    PERMALINK_PREFIX + encodeBase64Url(compressZlib(envelopeBytes(envelope), DICTIONARY_BYTES))
  );
}
