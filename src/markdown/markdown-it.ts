/**
 * `agentcard-playground/markdown-it`: a markdown-it plugin (VitePress, and any markdown-it site) that turns
 * ```` ```agentcard ```` fences into live `<agentcard-playground>` embeds, their content carried by a `#v1:`
 * permalink attribute computed at build time and their code kept as a plain `<pre class="agentcard-static">`
 * child for readers without JavaScript. Consecutive fences that name files (`file=…`) form one multi-file embed.
 *
 * ```ts
 * import agentcard from 'agentcard-playground/markdown-it';
 * md.use(agentcard, { playground: 'https://playground.example/' });
 * ```
 *
 * `docs/embedding.md` documents the fence's options. Needs no DOM; imports valibot and fflate (for the
 * permalink) and nothing else.
 */
import {
  continuesGroup,
  embedMarkup,
  type AgentCardMarkdownOptions,
  type Fence,
} from './embed-markup.ts';
import { isAgentCardFence } from './fence-options.ts';
import { embedHtml } from './html.ts';

export type { AgentCardMarkdownOptions } from './embed-markup.ts';

/** The markdown-it plugin's options. */
export interface AgentCardMarkdownItOptions extends AgentCardMarkdownOptions {
  /** Adds Vue's `v-pre` to each element (default true: harmless elsewhere, needed under VitePress). */
  vPre?: boolean;
}

/** The parts of a markdown-it token this plugin uses. */
interface Token {
  type: string;
  info: string;
  content: string;
  meta: unknown;
  map: [number, number] | null;
  hidden: boolean;
}

/** The parts of a markdown-it instance this plugin uses (so no markdown-it types are needed to use it). */
export interface MarkdownItLike {
  /** markdown-it's CommonMark unescaping (character references, backslash escapes), as for a fence's `lang`. */
  utils: { unescapeAll(text: string): string };
  core: {
    ruler: {
      after(after: string, name: string, rule: (state: { tokens: Token[] }) => void): void;
    };
  };
  renderer: { rules: Record<string, unknown> };
}

const TOKEN = 'agentcard_embed';

/** The plugin: `md.use(agentcardPlugin, options)`. */
export default function agentcardPlugin(
  md: MarkdownItLike,
  options: AgentCardMarkdownItOptions = {},
): void {
  // markdown-it keeps a fence's info string as written; remark gives it unescaped. Unescaped here too, so that
  // both read `file=a&amp;b.md` as `a&b.md`.
  const fenceOf = (token: Token): Fence => ({
    info: md.utils.unescapeAll(token.info),
    text: token.content,
  });
  const isEmbedFence = (token: Token): boolean =>
    token.type === 'fence' && isAgentCardFence(fenceOf(token).info);
  md.core.ruler.after('block', TOKEN, (state) => {
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      if (!isEmbedFence(tokens[i]!)) continue;
      let end = i + 1;
      while (
        end < tokens.length &&
        isEmbedFence(tokens[end]!) &&
        continuesGroup(fenceOf(tokens[end - 1]!), fenceOf(tokens[end]!))
      )
        end++;
      const group = tokens.slice(i, end);
      const token = group[0]!;
      token.type = TOKEN;
      token.meta = group.map(fenceOf);
      if (token.map && group[group.length - 1]!.map)
        token.map = [token.map[0], group[group.length - 1]!.map![1]];
      tokens.splice(i + 1, end - i - 1);
    }
  });
  md.renderer.rules[TOKEN] = (tokens: Token[], index: number): string =>
    embedHtml(embedMarkup(tokens[index]!.meta as Fence[], options), options.vPre ?? true);
}

export { agentcardPlugin };
