/**
 * How a permalink of a given length should be shared: pasted in chat, kept as a long link, or replaced by a file.
 */

/** The longest link (in characters) that chat apps, issue trackers and mail pass on whole; Discord's limit. */
export const CHAT_LINK_MAX_LENGTH = 2_000;

/** The longest link still offered as a link; past it browsers shorten it on display and many apps cut it. */
export const LONG_LINK_MAX_LENGTH = 32_000;

/** How to share a link: `chat` anywhere, `long` works in browsers but may break in chat, `file` export instead. */
export type LinkGuidance = 'chat' | 'long' | 'file';

/**
 * The length in characters of the link a user would share: `pageUrl` without its own fragment, then `fragment`
 * (`#v1:…`). Without `pageUrl`, the fragment's length. Both are ASCII in practice, so characters are bytes.
 */
export function permalinkLength(fragment: string, pageUrl = ''): number {
  const hash = pageUrl.indexOf('#');
  return (hash < 0 ? pageUrl.length : hash) + fragment.length;
}

/**
 * Advice for a link of `length` characters: up to `CHAT_LINK_MAX_LENGTH` inclusive is `chat`, above
 * `LONG_LINK_MAX_LENGTH` is `file`, anything between is `long`. Throws a `RangeError` for a negative or
 * non-integer length.
 */
export function linkGuidance(length: number): LinkGuidance {
  if (!Number.isSafeInteger(length) || length < 0)
    throw new RangeError(`linkGuidance: length must be a non-negative integer, got ${length}.`);
  if (length <= CHAT_LINK_MAX_LENGTH) return 'chat';
  return length <= LONG_LINK_MAX_LENGTH ? 'long' : 'file';
}
