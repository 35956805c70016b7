/**
 * The host page's own light or dark mode, for `theme="inherit"`, and a watch on it: docs sites switch with a
 * class (`html.dark`: VitePress, Tailwind), a `data-theme` attribute (Docusaurus, Starlight) or `color-scheme`.
 */

/** Attributes of `<html>` and `<body>` that a site's theme switch changes. */
const WATCHED = ['class', 'data-theme', 'style'];

/**
 * The page's mode, first sign that answers: a `dark`/`light` class on `<html>`, `data-theme` on `<html>` or
 * `<body>`, the page's background colour (a dark one is a dark page), `color-scheme` on `<html>`, and last the
 * reader's system setting.
 */
export function pageTheme(): 'light' | 'dark' {
  const html = document.documentElement;
  if (html.classList.contains('dark')) return 'dark';
  if (html.classList.contains('light')) return 'light';
  for (const element of [html, document.body]) {
    const theme = element?.getAttribute('data-theme');
    if (theme === 'dark' || theme === 'light') return theme;
  }
  const background = [document.body, html]
    .map((element) => (element ? getComputedStyle(element).backgroundColor : ''))
    .map(parseRgb)
    .find((rgb) => rgb !== undefined);
  if (background) return luminance(background) < 0.4 ? 'dark' : 'light';
  const scheme = getComputedStyle(html).colorScheme.split(/\s+/);
  if (scheme.includes('dark') && !scheme.includes('light')) return 'dark';
  if (scheme.includes('light') && !scheme.includes('dark')) return 'light';
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

const listeners = new Set<() => void>();
let stop: (() => void) | undefined;

/**
 * Calls `onChange` whenever the page's mode may have changed (its signs changed); one observer serves every
 * element. Returns the function that stops the calls.
 */
export function watchPageTheme(onChange: () => void): () => void {
  listeners.add(onChange);
  stop ??= startWatching();
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) {
      stop?.();
      stop = undefined;
    }
  };
}

function startWatching(): () => void {
  let last = pageTheme();
  const check = (): void => {
    const now = pageTheme();
    if (now === last) return;
    last = now;
    for (const listener of [...listeners]) listener();
  };
  const observer = new MutationObserver(check);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: WATCHED });
  if (document.body)
    observer.observe(document.body, { attributes: true, attributeFilter: WATCHED });
  const media = matchMedia('(prefers-color-scheme: dark)');
  media.addEventListener('change', check);
  return () => {
    observer.disconnect();
    media.removeEventListener('change', check);
  };
}

function parseRgb(color: string): [number, number, number] | undefined {
  const match = /^rgba?\(([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:[ ,/]+([\d.]+))?\)$/.exec(color);
  if (!match || (match[4] !== undefined && Number(match[4]) < 0.5)) return undefined;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function luminance([r, g, b]: [number, number, number]): number {
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}
