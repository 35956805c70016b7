/**
 * The URL of an embed: `embed.html` with the options as its query string (`embed-options.ts` reads them back)
 * and, optionally, a `#v1:` permalink as its fragment.
 */

/** The options the element passes on; attributes the author did not set are left out. */
export interface EmbedUrlOptions {
  view?: string | null;
  readonly?: boolean;
  theme?: string | null;
  profile?: string | null;
  file?: string | null;
  lines?: string | null;
  load?: string | null;
  hide?: string | null;
  agents?: string | null;
  /** The host's `--agentcard-accent` and `--agentcard-font`, passed on for the embed to check and apply. */
  accent?: string | null;
  font?: string | null;
  /** The host origins the embed may talk to. */
  origins?: readonly string[];
  /** A `#v1:` permalink; anything else is left out. */
  permalink?: string | null;
}

/** A permalink fragment as the element accepts it: `#v1:` and base64url characters only. */
const PERMALINK = /^#v1:[A-Za-z0-9_-]+$/;

/** `page` (the URL of `embed.html`) with `options` as its query and fragment. */
export function embedUrl(page: string | URL, options: EmbedUrlOptions): string {
  const url = new URL(page);
  const query = new URLSearchParams();
  for (const key of [
    'view',
    'theme',
    'profile',
    'file',
    'lines',
    'load',
    'hide',
    'agents',
    'accent',
    'font',
  ] as const) {
    const value = options[key];
    if (value) query.set(key, value);
  }
  if (options.readonly) query.set('readonly', '1');
  if (options.origins && options.origins.length > 0)
    query.set('origins', options.origins.join(','));
  url.search = query.toString();
  url.hash = options.permalink && PERMALINK.test(options.permalink) ? options.permalink : '';
  return url.href;
}
