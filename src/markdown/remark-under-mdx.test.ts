import { evaluate } from '@mdx-js/mdx';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { readEmbeds } from './plugin-cases.ts';
import remarkAgentcard from './remark.ts';

/** A JSX element as the tiny runtime below builds it: a tag name (or component) and its props. */
interface Element {
  type: string | ((props: Props) => unknown);
  props: Props;
}
type Props = Record<string, unknown> & { children?: unknown };

const Fragment = Symbol('Fragment');
const jsx = (type: Element['type'] | typeof Fragment, props: Props): unknown =>
  type === Fragment ? props.children : typeof type === 'function' ? type(props) : { type, props };

/** Renders what the MDX content returned as HTML, so the plugins' test reader can read it. */
function toHtml(node: unknown): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (Array.isArray(node)) return node.map(toHtml).join('');
  if (typeof node === 'string' || typeof node === 'number')
    return String(node).replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const { type, props } = node as Element;
  if (typeof type === 'function') return toHtml(type(props));
  const attributes = Object.entries(props)
    .filter(([name]) => name !== 'children')
    .map(([name, value]) =>
      value === true
        ? ` ${name}`
        : ` ${name === 'className' ? 'class' : name}="${String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`,
    )
    .join('');
  return `<${type}${attributes}>${toHtml(props.children)}</${type}>`;
}

/**
 * Docusaurus's MDX components for code, as its classic theme has them: `pre` drops itself and `code` becomes
 * the site's code block (marked here so a test sees it), which keeps neither class nor `data-file`.
 */
const DOCUSAURUS_LIKE = {
  pre: (props: Props) => props.children,
  code: (props: Props) => ({ type: 'div', props: { ...props, className: 'theme-code-block' } }),
};

/** A page through the real MDX compiler with the remark plugin, and the site's components. */
async function mdx(markdown: string): Promise<string> {
  // The runtime above stands in for React's, whose types MDX's options name.
  const compile = evaluate as (
    file: string,
    options: object,
  ) => Promise<{ default: (props: Props) => unknown }>;
  const { default: Content } = await compile(markdown, {
    Fragment,
    jsx,
    jsxs: jsx,
    remarkPlugins: [remarkAgentcard],
  });
  return toHtml(Content({ components: DOCUSAURUS_LIKE }));
}

/** Fences whose text a site's code component used to cut to its first line, or that no highlighter knows. */
const FENCES = {
  'a comment first': '# How big is it?\n---\ntype: agent\nname: sizer\n---\nEstimate sizes.\n',
  'a blank line first': '\n---\ntype: agent\nname: sizer\n---\nEstimate sizes.\n',
  'another format (fast-agent Python)':
    '@fast.agent(name="sizer", instruction="Estimate sizes.")\nasync def main():\n    pass\n',
};

describe('the remark plugin through the real MDX compiler, with components for pre and code', () => {
  for (const [name, text] of Object.entries(FENCES)) {
    it(`keeps every line and the file name of a fence with ${name}`, async () => {
      const html = await mdx(`# Page\n\n\`\`\`agentcard file=sizer.md\n${text}\`\`\`\n`);
      const [embed] = await readEmbeds(html);
      expect(embed!.statics).toEqual([{ file: 'sizer.md', text }]);
      expect(embed!.envelope?.files).toEqual({ 'sizer.md': text });
      expect(html).toContain('<pre class="agentcard-static" data-file="sizer.md">');
      expect(html).not.toContain('theme-code-block');
    });
  }

  it('still hands other fences to the site’s code component', async () => {
    const html = await mdx('```yaml\nname: x\n```\n\n```agentcard\nx\n```\n');
    expect(html.match(/theme-code-block/g)).toHaveLength(1);
    expect((await readEmbeds(html))[0]!.statics).toEqual([{ file: 'card.md', text: 'x\n' }]);
  });
});

describe('the remark plugin’s static code for highlighters that rewrite <pre><code>', () => {
  it('holds no <code> in its <pre> (Expressive Code, Shiki and rehype-pretty-code rewrite pre > code)', () => {
    const html = String(
      unified()
        .use(remarkParse)
        .use(remarkAgentcard)
        .use(remarkRehype)
        .use(rehypeStringify)
        .processSync(
          Object.values(FENCES)
            .map((text) => `\`\`\`agentcard\n${text}\`\`\`\n`)
            .join('\n'),
        ),
    );
    expect(html.match(/<pre class="agentcard-static"/g)).toHaveLength(3);
    expect(html).not.toContain('<code');
  });
});
