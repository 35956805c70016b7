/**
 * The embed view's options, read from the query string of `embed.html` (untrusted: any page can frame it with
 * any URL). Every option is optional; a missing, unknown or malformed value falls back to its default, so a
 * broken option never keeps the embed from showing. `docs/embedding.md` documents them for authors.
 */

/** How the embed lays out the editor and the results. */
export const EMBED_VIEWS = ['editor', 'split', 'output', 'graph'] as const;
export type EmbedView = (typeof EMBED_VIEWS)[number];

/** The colour scheme: `auto` follows the reader's system. */
export const EMBED_THEMES = ['auto', 'light', 'dark'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

/** The checker profiles an embed may ask for. */
export const EMBED_PROFILES = ['rfc', 'fast-agent'] as const;
export type EmbedProfile = (typeof EMBED_PROFILES)[number];

/** Bounds of the options. */
export const EMBED_OPTION_LIMITS = {
  /** `lines` is an integer from 1 to this. */
  maxLines: 200,
  /** At most this many origins in `origins`; more and the option is ignored as a whole. */
  maxOrigins: 20,
  /** A `file` longer than this is ignored. */
  maxFileChars: 300,
  /** At most this many names in `hide` or `agents`; more and the option is ignored as a whole. */
  maxNames: 100,
  /** An `accent` or `font` longer than this is ignored. */
  maxStyleChars: 200,
} as const;

/** The parsed options. */
export interface EmbedOptions {
  /**
   * `split` (default): editor beside the results (stacked when narrow). `editor` and `output`: one pane at a
   * time, as tabs (Editor, Problems, Output), starting on the editor or on the compiled output. `graph`: the
   * agent graph above the editor, with Problems and Output as tabs beside the graph.
   */
  view: EmbedView;
  /** True: the reader cannot edit (`readonly`, `readonly=1` or `readonly=true`). Default false. */
  readonly: boolean;
  /** Default `auto`. */
  theme: EmbedTheme;
  /** The file to show first; ignored when the content has no such file. */
  file: string | undefined;
  /** The checker profile; overrides the content's own. Undefined: the content's (or `rfc`). */
  profile: EmbedProfile | undefined;
  /** The editor's initial (and least) height, in lines. Undefined: as tall as its text. */
  lines: number | undefined;
  /** `load=click`: show a button and load the editor only when the reader presses it. */
  clickToLoad: boolean;
  /**
   * `origins=https://a.example,https://b.example`: the only host origins the embed talks to. Undefined (no
   * option): the origin of the page that frames it. Empty: nobody (the option was given but malformed).
   */
  origins: string[] | undefined;
  /** `hide=code,code`: diagnostic codes the embed does not show, count or report. Default none. */
  hide: string[];
  /**
   * `agents=name,name`: agents defined elsewhere (on the docs page's other examples), which cards may reference
   * without an `unknown-agent-ref`. Default none.
   */
  agents: string[];
  /** `accent=`: the accent colour (a CSS colour: hex, `rgb()`/`hsl()`/`oklch()`…, or a name). */
  accent: string | undefined;
  /** `font=`: the font family of the embed's interface (a CSS font-family list). */
  font: string | undefined;
}

/** The options of an embed URL with no query string. */
export const DEFAULT_EMBED_OPTIONS: Readonly<EmbedOptions> = Object.freeze({
  view: 'split',
  readonly: false,
  theme: 'auto',
  file: undefined,
  profile: undefined,
  lines: undefined,
  clickToLoad: false,
  origins: undefined,
  hide: [],
  agents: [],
  accent: undefined,
  font: undefined,
});

/** Reads the options from a query string (`?view=output&readonly`, with or without the `?`). Never throws. */
export function parseEmbedOptions(search: string): EmbedOptions {
  const query = new URLSearchParams(typeof search === 'string' ? search : '');
  const one = (name: string): string | undefined => query.get(name) ?? undefined;
  const file = one('file');
  return {
    view: pick(EMBED_VIEWS, one('view')) ?? DEFAULT_EMBED_OPTIONS.view,
    readonly: readFlag(one('readonly')),
    theme: pick(EMBED_THEMES, one('theme')) ?? DEFAULT_EMBED_OPTIONS.theme,
    file: file && file.length <= EMBED_OPTION_LIMITS.maxFileChars ? file : undefined,
    profile: pick(EMBED_PROFILES, one('profile')),
    lines: readLines(one('lines')),
    clickToLoad: one('load') === 'click',
    origins: readOrigins(one('origins')),
    hide: readNames(one('hide'), /^[a-z][a-z0-9-]{0,63}$/),
    agents: readNames(one('agents'), /^[^\s,'"<>]{1,200}$/),
    accent: readStyle(
      one('accent'),
      /^(#[0-9a-fA-F]{3,8}|[a-z]+|(rgb|rgba|hsl|hsla|oklch|oklab|lab|lch)\([\d\s.,%/+-]+\))$/,
    ),
    font: readStyle(one('font'), /^[\w\s,'"-]+$/),
  };
}

/**
 * The origin of an `http:` or `https:` URL written as just an origin (`https://docs.example:8443`, no path but
 * an optional `/`), or undefined for anything else (`null`, `file:`, a path, credentials, a wildcard).
 */
export function readOrigin(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/')
    return undefined;
  return url.origin;
}

function pick<T extends string>(allowed: readonly T[], value: string | undefined): T | undefined {
  return allowed.find((option) => option === value);
}

function readFlag(value: string | undefined): boolean {
  return value === '' || value === '1' || value === 'true';
}

function readLines(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,4}$/.test(value)) return undefined;
  const lines = Number(value);
  return lines >= 1 && lines <= EMBED_OPTION_LIMITS.maxLines ? lines : undefined;
}

// Fails closed: a malformed list means "nobody", never "whoever frames the embed".
function readOrigins(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const parts = value.split(',');
  if (parts.length > EMBED_OPTION_LIMITS.maxOrigins) return [];
  const origins = parts.map(readOrigin);
  if (origins.some((origin) => origin === undefined)) return [];
  return [...new Set(origins as string[])];
}

// A list of names (`a,b`): every one must match, else none is taken.
function readNames(value: string | undefined, name: RegExp): string[] {
  if (!value) return [];
  const names = value.split(',');
  if (names.length > EMBED_OPTION_LIMITS.maxNames || !names.every((n) => name.test(n))) return [];
  return [...new Set(names)];
}

// A CSS value for a custom property, from a strict pattern: no `;`, braces, `url(` or escapes can get in.
function readStyle(value: string | undefined, pattern: RegExp): string | undefined {
  if (!value || value.length > EMBED_OPTION_LIMITS.maxStyleChars) return undefined;
  return pattern.test(value.trim()) ? value.trim() : undefined;
}
