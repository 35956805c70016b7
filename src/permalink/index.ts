/** The permalink module's public surface: encode and decode share links, size advice, and the secrets check. */

export {
  encodePermalink,
  decodePermalink,
  MAX_DECOMPRESSED_BYTES,
  MAX_PERMALINK_LENGTH,
  PERMALINK_DICTIONARY_ID,
  PERMALINK_PREFIX,
  type DecodeResult,
} from './permalink.ts';
export { encodePermalinkSync } from './encode-sync.ts';
export { PERMALINK_DICTIONARY } from './dictionary.ts';
export type { DecodeFailure, PermalinkFailure } from './decode-failure.ts';
export { MAX_FILES, PROFILES, type PermalinkEnvelope } from './envelope.ts';
export {
  linkGuidance,
  permalinkLength,
  CHAT_LINK_MAX_LENGTH,
  LONG_LINK_MAX_LENGTH,
  type LinkGuidance,
} from './link-guidance.ts';
export { findSecrets, type SecretFinding, type SecretKind } from './find-secrets.ts';
