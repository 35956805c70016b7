/**
 * The three ways to embed a workspace, as text to copy: an `agentcard` fence (for a site with the Markdown
 * plugins), the `<agentcard-playground>` element (plain HTML), and an iframe of `embed.html`. Shared by the
 * Share dialog's Embed tab and `agentcard embed`, so both print the same. Pure: runs in the browser and in
 * Node.
 */
import { embedUrl, type EmbedUrlOptions } from '../embed/element/embed-url.ts';
import { estimateHeight, lineCount } from '../embed/element/estimate-height.ts';
import { fenceFileValue } from './fence-options.ts';
import { escapeHtml } from './html.ts';

/** What the snippets are made of. */
export interface SnippetInput {
  files: Readonly<Record<string, string>>;
  /** The file shown first; it comes first in the fence group. */
  active: string;
  profile: 'rfc' | 'fast-agent';
  /** The workspace's `#v1:` permalink. */
  permalink: string;
  /** The playground's URL (the folder of its `index.html`). */
  playground: string;
  /** The view, when not the default. */
  view?: string | undefined;
  /** The reader cannot edit. Default false. */
  readonly?: boolean | undefined;
  /** `inherit` follows the docs site (the fence and the element; the iframe then follows the reader's system). */
  theme?: SnippetTheme | undefined;
  /** The editor's least height in lines, 1–200. */
  lines?: number | undefined;
  /** True: the code with a Try it button until the reader presses it (`load=click`). */
  clickToLoad?: boolean | undefined;
  /** Diagnostic codes the embed does not show, count or report (each as `parseNameList` takes for `codes`). */
  hide?: readonly string[] | undefined;
  /** Agents defined elsewhere on the page (each as `parseNameList` takes for `agents`). */
  agents?: readonly string[] | undefined;
}

/** The themes a snippet may ask for; `auto` (the default) is left out of them. */
export const SNIPPET_THEMES = ['auto', 'light', 'dark', 'inherit'] as const;
export type SnippetTheme = (typeof SNIPPET_THEMES)[number];

/**
 * What a name in each list may be: what the fence, the element and `embed.html` all accept (no space, comma,
 * quote or markup character can reach a snippet).
 */
const NAME_PATTERNS = {
  codes: /^[a-z][a-z0-9-]{0,63}$/,
  agents: /^[\w.@/-]{1,200}$/,
} as const;

/** At most this many names in a list (as `embed.html` reads them). */
export const MAX_LIST_NAMES = 100;

/**
 * Reads a list typed by a person (names separated by commas, spaces or line breaks) as the names the snippets
 * take, each once, in order, and the entries that cannot be one (for a message). Never throws.
 */
export function parseNameList(
  text: string,
  kind: keyof typeof NAME_PATTERNS,
): { names: string[]; invalid: string[] } {
  const names: string[] = [];
  const invalid: string[] = [];
  for (const entry of text.split(/[\s,]+/)) {
    if (entry === '' || names.includes(entry) || invalid.includes(entry)) continue;
    if (NAME_PATTERNS[kind].test(entry) && names.length < MAX_LIST_NAMES) names.push(entry);
    else invalid.push(entry);
  }
  return { names, invalid };
}

/**
 * The options of `input` other than the view, as `[name, value]` pairs in the order every snippet writes them
 * (`true`: a flag), defaults left out. Throws a `TypeError` on a value no snippet may carry: an unknown theme,
 * `lines` out of 1–200, a name `parseNameList` would refuse or more than `MAX_LIST_NAMES` of them.
 */
function optionPairs(input: SnippetInput): Array<[string, string | true]> {
  const pairs: Array<[string, string | true]> = [];
  if (input.readonly) pairs.push(['readonly', true]);
  const theme = input.theme ?? 'auto';
  if (!SNIPPET_THEMES.includes(theme))
    throw new TypeError(`unknown theme ${JSON.stringify(theme)}`);
  if (theme !== 'auto') pairs.push(['theme', theme]);
  if (input.lines !== undefined) {
    if (!Number.isInteger(input.lines) || input.lines < 1 || input.lines > 200)
      throw new TypeError(`lines must be a whole number from 1 to 200, not ${input.lines}`);
    pairs.push(['lines', String(input.lines)]);
  }
  if (input.clickToLoad) pairs.push(['load', 'click']);
  for (const kind of ['hide', 'agents'] as const) {
    const names = input[kind] ?? [];
    const pattern = NAME_PATTERNS[kind === 'hide' ? 'codes' : 'agents'];
    if (names.length > MAX_LIST_NAMES || !names.every((name) => pattern.test(name)))
      throw new TypeError(`${kind} holds a name no snippet can carry`);
    if (names.length > 0) pairs.push([kind, names.join(',')]);
  }
  return pairs;
}

/** The snippets, each ready to paste. */
export interface EmbedSnippets {
  /** The fence group; when a file name cannot be written in a fence, a Markdown comment saying so instead. */
  fence: string;
  element: string;
  iframe: string;
}

/** The snippets, and why there is no fence when there is none. */
export interface EmbedSnippetsResult extends EmbedSnippets {
  /** Why `fence` is a comment (a file name a fence cannot carry); undefined when it is a fence. */
  fenceProblem?: string;
}

/** The three snippets for `input`. */
export function embedSnippets(input: SnippetInput): EmbedSnippetsResult {
  const playground = input.playground.endsWith('/') ? input.playground : `${input.playground}/`;
  const activeText = input.files[input.active] ?? '';
  const view = input.view && input.view !== 'split' ? input.view : undefined;
  const pairs = optionPairs(input);
  const attributes = [...(view ? [['view', view] as const] : []), ...pairs]
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
    .join('');
  const element = [
    `<script src="${escapeHtml(new URL('agentcard-playground.js', playground).href)}" defer></script>`,
    `<agentcard-playground permalink="${input.permalink}"${attributes}>`,
    `  <pre><code>${escapeHtml(activeText)}</code></pre>`,
    '</agentcard-playground>',
  ].join('\n');
  const src = embedUrl(new URL('embed.html', playground), {
    view: view ?? null,
    ...iframeOptions(pairs),
    permalink: input.permalink,
  });
  const height = estimateHeight({
    lines: Math.max(lineCount(activeText), input.lines ?? 0),
    view: view ?? 'split',
    width: 700,
  });
  const iframe = `<iframe class="agentcard-embed" title="AgentCard playground" style="width: 100%; height: ${height}px; border: 0" src="${escapeHtml(src)}"></iframe>`;
  const fence = fenceGroup(input, view, pairs);
  return typeof fence === 'string'
    ? { fence, element, iframe }
    : { fence: `<!-- ${fence.problem} -->`, fenceProblem: fence.problem, element, iframe };
}

/** `pairs` as `embedUrl` takes them; `embed.html` has no `inherit` theme (it follows the reader's system). */
function iframeOptions(pairs: Array<[string, string | true]>): EmbedUrlOptions {
  const options: Record<string, string | boolean> = {};
  for (const [name, value] of pairs)
    if (!(name === 'theme' && value === 'inherit')) options[name] = value;
  return options;
}

/**
 * The files as `agentcard` fences, the active one first; more than one file names each (`file=`). A name no
 * info string can carry (`fenceFileValue`) gives the problem instead: never the name itself, which could close
 * whatever holds the message.
 */
function fenceGroup(
  input: SnippetInput,
  view: string | undefined,
  pairs: Array<[string, string | true]>,
): string | { problem: string } {
  const names = Object.keys(input.files);
  const ordered = [input.active, ...names.filter((name) => name !== input.active)];
  const named = ordered.length > 1 || input.active !== 'card.md';
  const values = ordered.map(fenceFileValue);
  const bad = named ? values.indexOf(undefined) : -1;
  if (bad !== -1)
    return {
      problem: `No agentcard fence: file ${bad + 1}'s name has a line break, a control character or a double quote, which a fence cannot hold. Rename the file, or use the element or the iframe.`,
    };
  return ordered
    .map((name, i) => {
      const text = input.files[name] ?? '';
      const options = [
        ...(named ? [`file=${values[i]!}`] : []),
        ...(i === 0 && view ? [`view=${view}`] : []),
        ...(i === 0 && input.profile !== 'rfc' ? [`profile=${input.profile}`] : []),
        ...(i === 0
          ? pairs.map(([name, value]) => (value === true ? name : `${name}=${value}`))
          : []),
      ];
      const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
      const fence = '`'.repeat(Math.max(3, longest + 1));
      const body = text === '' || text.endsWith('\n') ? text : `${text}\n`;
      return `${fence}${['agentcard', ...options].join(' ')}\n${body}${fence}`;
    })
    .join('\n\n');
}
