/**
 * Why a permalink could not be opened: a closed set of reasons to branch on, each with a user-facing message that
 * says what happened and what to do.
 */

/**
 * Why a permalink could not be opened.
 * - `not-a-permalink`: the text holds no `#v<n>:` fragment at all.
 * - `unknown-version`: a fragment of another format version (`#v2:`), or a v1 link whose content says another version.
 * - `bad-encoding`: the payload holds a character that base64 (either alphabet) never uses.
 * - `truncated`: the compressed data ends before its end: the link was cut off.
 * - `corrupted`: the compressed data is damaged (a deflate error or an Adler-32 checksum mismatch), or the browser
 *   could not unpack it at all.
 * - `too-large`: the link, or the data it unpacks to, is bigger than the caps allow.
 * - `invalid-content`: the data unpacks intact but is not a valid workspace envelope.
 */
export type DecodeFailure =
  | 'not-a-permalink'
  | 'unknown-version'
  | 'bad-encoding'
  | 'corrupted'
  | 'truncated'
  | 'too-large'
  | 'invalid-content';

/** A permalink that could not be opened: the `reason` to branch on and a `message` to show as is. */
export interface PermalinkFailure {
  ok: false;
  reason: DecodeFailure;
  message: string;
}

const ADVICE: Record<DecodeFailure, string> = {
  'not-a-permalink': 'Paste the whole link, including the part after "#".',
  'unknown-version': 'Open it with the playground that made it, or ask its author for a new link.',
  'bad-encoding': 'Copy the link again from where it was first shared.',
  truncated: 'Copy the whole link again from where it was first shared.',
  corrupted: 'Copy the link again from where it was first shared; nothing was loaded from it.',
  'too-large': 'Share the workspace as a file instead.',
  'invalid-content': 'It was probably made or edited by hand; ask its author for a new link.',
};

/**
 * Builds a failure whose message is `whatHappened` (one or more full sentences) followed by the advice for `reason`.
 */
export function decodeFailure(reason: DecodeFailure, whatHappened: string): PermalinkFailure {
  return { ok: false, reason, message: `${whatHappened} ${ADVICE[reason]}` };
}
