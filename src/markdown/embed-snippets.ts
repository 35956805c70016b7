/**
 * The three ways to embed a workspace, as text to copy: an `agentcard` fence (for a site with the Markdown
 * plugins), the `<agentcard-playground>` element (plain HTML), and an iframe of `embed.html`. Shared by the
 * Share dialog's Embed tab and `agentcard embed`, so both print the same. Pure: runs in the browser and in
 * Node.
 */
import { embedUrl } from '../embed/element/embed-url.ts';
import { estimateHeight, lineCount } from '../embed/element/estimate-height.ts';
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
  fence: string;
  element: string;
  iframe: string;
}

/** The three snippets for `input`. */
export function embedSnippets(input: SnippetInput): EmbedSnippets {
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
  const height = estimateHeight({
    lines: lineCount(activeText),
    view: view ?? 'split',
    width: 700,
  });
  const iframe = `<iframe class="agentcard-embed" title="AgentCard playground" style="width: 100%; height: ${height}px; border: 0" src="${escapeHtml(src)}"></iframe>`;
  return { fence: fenceGroup(input, view), element, iframe };
}

/** The files as `agentcard` fences, the active one first; more than one file names each (`file=`). */
function fenceGroup(input: SnippetInput, view: string | undefined): string {
  const names = Object.keys(input.files);
  const ordered = [input.active, ...names.filter((name) => name !== input.active)];
  const named = ordered.length > 1 || input.active !== 'card.md';
  return ordered
    .map((name, i) => {
      const text = input.files[name] ?? '';
      const options = [
        ...(named ? [`file=${/[\s"]/.test(name) ? `"${name.replace(/"/g, '')}"` : name}`] : []),
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
