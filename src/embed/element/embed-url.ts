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

/**
 * The longest embed URL (query and `#v1:` fragment included) a frame is given, in characters: the smallest of
 * the engines' limits, Firefox's. Firefox ESR 153 loads a frame whose URL has 1,048,572 characters and not one
 * of 1,048,573 (its `network.standard-url.max-length` is 1 MiB); Chromium's limit is 2 MiB
 * (`url::kMaxURLChars`), WebKit loads longer ones still. A longer URL would never load, so the element says
 * the example is too large and the Markdown plugins warn at build time. The Firefox and WebKit suite checks
 * the figure (tests/browsers/stories.js).
 */
export const MAX_EMBED_URL = 1024 * 1024 - 4;

/**
 * Where an element's `embed.html` is: its `src` resolved against the page's `base`, else `embed.html` beside
 * the element's script. Undefined when neither gives a URL, or when the URL is not `http:` or `https:`: a
 * `javascript:` or `data:` frame would run in, or with the rights of, the host page.
 */
export function embedPageUrl(
  src: string | null,
  base: string,
  scriptUrl: string | undefined,
): URL | undefined {
  let url: URL;
  try {
    if (src) url = new URL(src, base);
    else if (scriptUrl) url = new URL('embed.html', scriptUrl);
    else return undefined;
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
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
