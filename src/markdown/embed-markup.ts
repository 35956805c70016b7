/**
 * What both Markdown plugins make of a group of `agentcard` fences: the attributes of one
 * `<agentcard-playground>` (its content as a `#v1:` permalink computed here, at build time) and the files for its
 * static `<pre><code>` children. Runs in Node with no DOM.
 */
import { encodePermalinkSync } from '../permalink/encode-sync.ts';
import { MAX_EMBED_URL } from '../embed/element/embed-url.ts';
import { fixedHeight } from '../embed/element/fixed-height.ts';
import { FENCE_VIEW_PATTERN, parseFenceOptions, type FenceOptions } from './fence-options.ts';
import { expectedView } from './expected-view.ts';
import { highlightCard, type CodeSpan } from './highlight.ts';

/** The options a docs site gives either plugin. */
export interface AgentCardMarkdownOptions {
  /**
   * The playground's URL (the folder of its `index.html`, `embed.html` and `agentcard-playground.js`). Each
   * element gets `src` = its `embed.html`. Without it the element finds `embed.html` beside its script.
   */
  playground?: string;
  /** The view of fences that do not name one (`split` when neither does). */
  view?: string;
  /** The theme of fences that do not name one; `inherit` follows the site's own dark mode. */
  theme?: string;
  /** Called with a sentence about each option that was ignored (default: `console.warn`). */
  onWarning?: (message: string) => void;
}

/** One fence: its info string (after the language word or with it) and its text. */
export interface Fence {
  info: string;
  text: string;
}

/** One embed's markup: attributes in order (`true`: a boolean attribute) and its files, the shown one first. */
export interface EmbedMarkup {
  attributes: Array<[name: string, value: string | true]>;
  files: Array<{ name: string; text: string }>;
}

/** The element's tag name. */
export const EMBED_TAG = 'agentcard-playground';

/**
 * The class of each file's static code: a `<pre>` whose children are the highlighter's spans, with no `<code>`
 * inside. Sites rewrite `<pre><code>` into their own code blocks (Docusaurus's MDX `pre`/`code` components,
 * Starlight's Expressive Code, Astro's Shiki), losing the file name and, when the text does not open with a
 * span, all but its first line; a `<pre>` without `<code>` is left as written.
 */
export const STATIC_CLASS = 'agentcard-static';

/**
 * The spans of one file's static code, as `highlightCard` gives them, after an empty span (class `ac-blank`) when
 * the text opens with a line break: HTML parsers drop a line break that comes right after `<pre>`, and so do
 * pipelines that parse the page again (Astro's rehype-raw drops it even at the start of a first span), so a
 * file that opens with a blank line would lose it.
 */
export function staticSpans(text: string): CodeSpan[] {
  const spans = highlightCard(text);
  return text.startsWith('\n') ? [{ className: 'ac-blank', text: '' }, ...spans] : spans;
}

const THEMES = ['auto', 'light', 'dark', 'inherit'];
const PROFILES = ['rfc', 'fast-agent'] as const;
const LIST = /^[\w.@/-]+(,[\w.@/-]+)*$/;
/** Room left in `MAX_EMBED_URL` for `embed.html`'s own URL and the element's query string. */
const URL_MARGIN = 4096;

/** Whether a fence with these options continues a group of file fences: both name a file. */
export function continuesGroup(previous: Fence, next: Fence): boolean {
  return (
    parseFenceOptions(previous.info).file !== undefined &&
    parseFenceOptions(next.info).file !== undefined
  );
}

/** The first value a group's fences give for an option, if any gives one. */
type FirstOption = <K extends keyof FenceOptions>(key: K) => FenceOptions[K] | undefined;
/** `value` when `ok` says it is valid; otherwise a warning naming the option, and undefined. */
type Pick = (
  name: string,
  value: string | undefined,
  ok: (value: string) => boolean,
) => string | undefined;

/**
 * The markup of one embed made of `fences` (one, or consecutive ones that name files). Options are taken
 * from the first fence that gives each. Bad values are left out with a warning; content that cannot become a
 * permalink (an invalid file name) gives an element without `permalink`, whose static code still shows.
 */
export function embedMarkup(
  fences: readonly Fence[],
  options: AgentCardMarkdownOptions = {},
): EmbedMarkup {
  const warn = options.onWarning ?? ((message: string) => console.warn(message));
  const parsed = fences.map((fence) => parseFenceOptions(fence.info));
  const first: FirstOption = (key) => parsed.find((o) => o[key] !== undefined)?.[key];
  for (const o of parsed)
    for (const token of o.unknown) warn(`agentcard fence: unknown option "${token}" ignored`);
  const pick: Pick = (name, value, ok) => {
    if (value === undefined || ok(value)) return value;
    warn(`agentcard fence: ${name}="${value}" is not a valid value, ignored`);
    return undefined;
  };

  const files = nameFiles(fences.map((fence, i) => ({ file: parsed[i]!.file, text: fence.text })));
  const profile = pick('profile', first('profile'), (v) =>
    (PROFILES as readonly string[]).includes(v),
  ) as (typeof PROFILES)[number] | undefined;
  const attributes: EmbedMarkup['attributes'] = [];
  const permalink = permalinkOf(files, profile ?? 'rfc', warn);
  if (permalink !== undefined) attributes.push(['permalink', permalink]);
  if (options.playground)
    attributes.push(['src', new URL('embed.html', withSlash(options.playground)).href]);
  attributes.push(...optionAttributes(first, pick, options, profile));
  if (permalink !== undefined) {
    const value = (name: string) => attributes.find(([n]) => n === name)?.[1] as string | undefined;
    const expected = expectedView(
      Object.fromEntries(files.map((f) => [f.name, f.text])),
      files[0]!.name,
      profile ?? 'rfc',
      value('hide'),
      value('agents'),
    );
    attributes.push(['data-problems', String(expected.problems)]);
    if (expected.problemRows !== undefined)
      attributes.push(['data-problem-rows', expected.problemRows]);
    if (expected.output !== undefined) attributes.push(['data-output', expected.output]);
  }
  return { attributes, files };
}

/** The permalink of `files`, with a warning when it is too long to embed; undefined when it cannot be made. */
function permalinkOf(
  files: ReadonlyArray<{ name: string; text: string }>,
  profile: (typeof PROFILES)[number],
  warn: (message: string) => void,
): string | undefined {
  try {
    const permalink = encodePermalinkSync({
      files: Object.fromEntries(files.map((f) => [f.name, f.text])),
      active: files[0]!.name,
      profile,
    });
    // The frame's URL is embed.html's, its query (well under this margin) and the permalink.
    if (permalink.length > MAX_EMBED_URL - URL_MARGIN)
      warn(
        `agentcard fence: ${JSON.stringify(files[0]!.name)}${files.length > 1 ? ` and ${files.length - 1} more` : ''} too large to embed: the link is ${permalink.length} characters, over browsers' limit of ${MAX_EMBED_URL}; the page shows the code with a "too large to embed" note`,
      );
    return permalink;
  } catch (error) {
    warn(`agentcard fence: cannot embed these files: ${(error as Error).message}`);
    return undefined;
  }
}

/** The element's attributes from the fence options (and the plugin's defaults), valid ones only, in order. */
function optionAttributes(
  first: FirstOption,
  pick: Pick,
  options: AgentCardMarkdownOptions,
  profile: string | undefined,
): EmbedMarkup['attributes'] {
  const attributes: EmbedMarkup['attributes'] = [];
  const add = (name: string, value: string | undefined): void => {
    if (value !== undefined) attributes.push([name, value]);
  };
  add(
    'view',
    pick('view', first('view') ?? options.view, (v) => FENCE_VIEW_PATTERN.test(v)),
  );
  add(
    'theme',
    pick('theme', first('theme') ?? options.theme, (v) => THEMES.includes(v)),
  );
  if (first('readonly')) attributes.push(['readonly', true]);
  add('profile', profile);
  add(
    'height',
    pick('height', first('height'), (v) => v === 'auto' || fixedHeight(v) !== undefined),
  );
  add(
    'lines',
    pick('lines', first('lines'), (v) => /^\d{1,3}$/.test(v) && +v >= 1 && +v <= 200),
  );
  add(
    'load',
    pick('load', first('load'), (v) => v === 'click'),
  );
  add(
    'hide',
    pick('hide', first('hide'), (v) => LIST.test(v)),
  );
  add(
    'agents',
    pick('agents', first('agents'), (v) => LIST.test(v)),
  );
  return attributes;
}

/** Each file's text ends with exactly one line break (none when empty): the same from every Markdown parser. */
function nameFiles(items: Array<{ file: string | undefined; text: string }>) {
  const used = new Set<string>();
  return items.map(({ file, text }) => {
    let name = file ?? 'card.md';
    const dot = name.lastIndexOf('.');
    const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let n = 2; used.has(name); n++) name = `${base}-${n}${ext}`;
    used.add(name);
    const body = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
    return { name, text: body === '' ? '' : `${body}\n` };
  });
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
