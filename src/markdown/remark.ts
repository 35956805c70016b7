/**
 * `agentcard-playground/remark`: a remark plugin (Docusaurus, Astro/Starlight, any unified site) that turns
 * ```` ```agentcard ```` code nodes into `<agentcard-playground>` elements for remark-rehype: their content
 * carried by a `#v1:` permalink attribute computed at build time, their code kept as a plain
 * `<pre class="agentcard-static">` child for readers without JavaScript (one per file, which MDX components
 * and code highlighters such as Expressive Code leave alone). Consecutive fences that name files (`file=…`) form one multi-file
 * embed.
 *
 * ```ts
 * import agentcard from 'agentcard-playground/remark';
 * unified().use(remarkParse).use(agentcard, { playground: 'https://playground.example/' }).use(remarkRehype)…
 * ```
 *
 * The nodes it makes are ordinary mdast nodes carrying `data.hName` / `hProperties` / `hChildren`, which every
 * mdast-to-hast step (remark-rehype, MDX) turns into the element: no raw HTML. It imports valibot and fflate
 * (for the permalink) and nothing else.
 */
import {
  continuesGroup,
  embedMarkup,
  EMBED_TAG,
  STATIC_CLASS,
  staticSpans,
  type AgentCardMarkdownOptions,
  type Fence,
} from './embed-markup.ts';
import { FENCE_LANGUAGE } from './fence-options.ts';

export type { AgentCardMarkdownOptions } from './embed-markup.ts';

/** The parts of an mdast node this plugin reads or writes. */
interface Node {
  type: string;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  children?: Node[];
  data?: Record<string, unknown>;
}

/** A hast node, as `hChildren` takes them. */
type HastNode =
  | { type: 'text'; value: string }
  | {
      type: 'element';
      tagName: string;
      properties: Record<string, unknown>;
      children: HastNode[];
      data?: Record<string, unknown>;
    };

/** The plugin: `unified().use(remarkAgentcard, options)`. Returns the tree transform. */
export default function remarkAgentcard(
  options: AgentCardMarkdownOptions = {},
): (tree: Node) => void {
  return (tree) => visit(tree, options);
}

function visit(node: Node, options: AgentCardMarkdownOptions): void {
  const children = node.children;
  if (!children) return;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (!isEmbedCode(child)) {
      visit(child, options);
      continue;
    }
    let end = i + 1;
    while (
      end < children.length &&
      isEmbedCode(children[end]!) &&
      continuesGroup(fenceOf(children[end - 1]!), fenceOf(children[end]!))
    )
      end++;
    const markup = embedMarkup(children.slice(i, end).map(fenceOf), options);
    children.splice(i, end - i, embedNode(markup));
  }
}

function isEmbedCode(node: Node): boolean {
  return node.type === 'code' && node.lang === FENCE_LANGUAGE;
}

function fenceOf(node: Node): Fence {
  return { info: node.meta ?? '', text: node.value ?? '' };
}

function embedNode(markup: ReturnType<typeof embedMarkup>): Node {
  const properties: Record<string, unknown> = {};
  for (const [name, value] of markup.attributes) properties[name] = value;
  const statics: HastNode[] = markup.files.map(({ name, text }) => ({
    type: 'element',
    tagName: 'pre',
    properties: { className: [STATIC_CLASS], dataFile: name },
    // MDX hands every `pre` it compiles to the site's `pre` component (Docusaurus's drops the `<pre>` and
    // makes a code block of its children), except those marked as JSX the author wrote: the static code is
    // kept as written, text, line breaks and file name.
    data: { _mdxExplicitJsx: true },
    children: staticSpans(text).map(({ className, text }): HastNode =>
      className
        ? {
            type: 'element',
            tagName: 'span',
            properties: { className: [className] },
            children: text ? [{ type: 'text', value: text }] : [],
          }
        : { type: 'text', value: text },
    ),
  }));
  return {
    type: 'agentcardEmbed',
    data: { hName: EMBED_TAG, hProperties: properties, hChildren: statics },
  };
}

export { remarkAgentcard };
