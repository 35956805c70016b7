/**
 * The three ways to embed a workspace, as text to copy: an `agentcard` fence (for a site with the Markdown
 * plugins), the `<agentcard-playground>` element (plain HTML), and an iframe of `embed.html`. Shared by the
 * Share dialog's Embed tab and `agentcard embed`, so both print the same. Pure: runs in the browser and in
 * Node.
 */
import { embedUrl } from '../embed/element/embed-url.ts';
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
  const element = [
    `<script src="${escapeHtml(new URL('agentcard-playground.js', playground).href)}" defer></script>`,
    `<agentcard-playground permalink="${input.permalink}"${view ? ` view="${view}"` : ''}>`,
    `  <pre><code>${escapeHtml(activeText)}</code></pre>`,
    '</agentcard-playground>',
  ].join('\n');
  const src = embedUrl(new URL('embed.html', playground), {
    view: view ?? null,
    permalink: input.permalink,
  });
  const height = estimateHeight(lineCount(activeText), view ?? 'split', 700);
  const iframe = `<iframe class="agentcard-embed" title="AgentCard playground" style="width: 100%; height: ${height}px; border: 0" src="${escapeHtml(src)}"></iframe>`;
  const fence = fenceGroup(input, view);
  return typeof fence === 'string'
    ? { fence, element, iframe }
    : { fence: `<!-- ${fence.problem} -->`, fenceProblem: fence.problem, element, iframe };
}

/**
 * The files as `agentcard` fences, the active one first; more than one file names each (`file=`). A name no
 * info string can carry (`fenceFileValue`) gives the problem instead: never the name itself, which could close
 * whatever holds the message.
 */
function fenceGroup(input: SnippetInput, view: string | undefined): string | { problem: string } {
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
      ];
      const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
      const fence = '`'.repeat(Math.max(3, longest + 1));
      const body = text === '' || text.endsWith('\n') ? text : `${text}\n`;
      return `${fence}${['agentcard', ...options].join(' ')}\n${body}${fence}`;
    })
    .join('\n\n');
}
