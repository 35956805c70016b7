import MarkdownIt from 'markdown-it';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { encodePermalinkSync } from '../app/permalink/encode-sync.ts';
import { embedSnippets } from './embed-snippets.ts';
import markdownItAgentcard from './markdown-it.ts';
import { readEmbeds } from './plugin-cases.ts';
import remarkAgentcard from './remark.ts';

/** A card that runs script if it ever reaches a page as HTML. */
const HOSTILE = '<img src=x onerror="alert(document.domain)">\n';

/** A docs page's HTML from `markdown` through each plugin, raw HTML allowed (as VitePress does). */
function renderBoth(markdown: string): string[] {
  return [
    new MarkdownIt({ html: true }).use(markdownItAgentcard).render(markdown),
    String(
      unified()
        .use(remarkParse)
        .use(remarkAgentcard)
        .use(remarkRehype, { allowDangerousHtml: true })
        .use(rehypeStringify, { allowDangerousHtml: true })
        .processSync(markdown),
    ),
  ];
}

function workspace(files: Record<string, string>, active = Object.keys(files)[0]!) {
  return {
    files,
    active,
    profile: 'rfc' as const,
    permalink: encodePermalinkSync({ files, active, profile: 'rfc' }),
    playground: 'https://play.example/',
  };
}

const files = {
  'chat.md': '---\nname: chat\n---\nUse ```code``` and <b>tags</b>.\n',
  'history.md': 'no final newline',
};
const input = {
  files,
  active: 'history.md',
  profile: 'fast-agent' as const,
  permalink: encodePermalinkSync({ files, active: 'history.md', profile: 'fast-agent' }),
  playground: 'https://play.example/tools',
  view: 'output',
};

describe('embedSnippets', () => {
  it('gives a fence group that the markdown-it plugin turns back into the same workspace', async () => {
    const { fence } = embedSnippets(input);
    expect(fence.split('\n')[0]).toBe(
      '```agentcard file=history.md view=output profile=fast-agent',
    );
    expect(fence).toContain('````agentcard file=chat.md\n');
    const [embed] = await readEmbeds(new MarkdownIt().use(markdownItAgentcard).render(fence));
    expect(embed!.envelope).toEqual({
      files: { 'history.md': 'no final newline\n', 'chat.md': files['chat.md'] },
      active: 'history.md',
      profile: 'fast-agent',
    });
    expect(embed!.attributes['view']).toBe('output');
  });

  it('gives the element with the permalink and the escaped code, and the iframe of embed.html', () => {
    const { element, iframe } = embedSnippets(input);
    expect(element).toContain(
      '<script src="https://play.example/tools/agentcard-playground.js" defer>',
    );
    expect(element).toContain(
      `<agentcard-playground permalink="${input.permalink}" view="output">`,
    );
    expect(iframe).toContain(
      `src="https://play.example/tools/embed.html?view=output${input.permalink}"`,
    );
    const plain = embedSnippets({ ...input, active: 'chat.md', view: undefined });
    expect(plain.element).toContain('&#60;b&#62;tags&#60;/b&#62;');
    expect(plain.element).not.toContain('view=');
  });

  it('writes one bare fence for a lone card.md', () => {
    const one = { 'card.md': 'x\n' };
    const { fence } = embedSnippets({
      ...input,
      files: one,
      active: 'card.md',
      profile: 'rfc',
      view: undefined,
    });
    expect(fence).toBe('```agentcard\nx\n```');
  });

  it('writes file names with a backtick, an ampersand, a backslash or spaces so both plugins read them back', async () => {
    for (const name of [
      'x`y.md',
      'a&amp;b.md',
      'back\\slash\\_.md',
      'my card.md',
      '`.md',
      'x=&#96;.md',
    ]) {
      const files = { [name]: HOSTILE, 'other.md': 'x\n' };
      const { fence, fenceProblem } = embedSnippets(workspace(files));
      expect(fenceProblem).toBeUndefined();
      // The opening line: one backtick run, then an info string without any.
      expect(fence.split('\n')[0]).toMatch(/^```[^`]*$/);
      for (const html of renderBoth(fence)) {
        expect(html).not.toContain('<img');
        const [embed] = await readEmbeds(html);
        expect(embed!.envelope?.files).toEqual(files);
      }
    }
  });

  it('gives no fence, and says why, for a file name a fence cannot carry (line break, control character, quote)', async () => {
    for (const name of [
      'a\nb.md',
      'a\rb.md',
      'tab\t.md',
      'c1\u0085.md',
      'ls\u2028.md',
      'say "hi".md',
    ]) {
      const files = { 'card.md': 'x\n', [name]: HOSTILE };
      const snippets = embedSnippets(workspace(files));
      expect(snippets.fenceProblem).toMatch(/file 2's name/);
      expect(snippets.fence).not.toContain('```');
      expect(snippets.fence).not.toContain(name);
      for (const html of renderBoth(snippets.fence)) {
        expect(html).not.toContain('<img');
        expect(await readEmbeds(html)).toEqual([]);
      }
      // The element and the iframe carry the name inside the permalink, which is safe.
      expect(snippets.element).toContain(`permalink="${workspace(files).permalink}"`);
    }
  });
});
