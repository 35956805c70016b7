import MarkdownIt from 'markdown-it';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { encodePermalinkSync } from '../permalink/encode-sync.ts';
import { parseEmbedOptions } from '../embed/embed-options.ts';
import { embedSnippets, parseNameList } from './embed-snippets.ts';
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

  describe("with the configurator's options", () => {
    const chosen = {
      ...input,
      view: 'output',
      readonly: true,
      theme: 'dark' as const,
      lines: 12,
      clickToLoad: true,
      hide: ['unknown-field', 'missing-name'],
      agents: ['planner', 'critic.v2'],
    };

    it('gives a fence that the markdown-it plugin reads back as the same options', async () => {
      const { fence } = embedSnippets(chosen);
      expect(fence.split('\n')[0]).toBe(
        '```agentcard file=history.md view=output profile=fast-agent readonly theme=dark lines=12 load=click hide=unknown-field,missing-name agents=planner,critic.v2',
      );
      const warnings: string[] = [];
      const md = new MarkdownIt().use(markdownItAgentcard, {
        onWarning: (w: string) => warnings.push(w),
      });
      const [embed] = await readEmbeds(md.render(fence));
      expect(warnings).toEqual([]);
      expect(embed!.attributes).toMatchObject({
        view: 'output',
        readonly: '',
        theme: 'dark',
        lines: '12',
        load: 'click',
        hide: 'unknown-field,missing-name',
        agents: 'planner,critic.v2',
      });
    });

    it('gives the element the same attributes and the iframe a URL that embed.html reads back', async () => {
      const { element, iframe } = embedSnippets(chosen);
      const [embed] = await readEmbeds(element);
      expect(embed!.attributes).toMatchObject({
        permalink: input.permalink,
        view: 'output',
        readonly: '',
        theme: 'dark',
        lines: '12',
        load: 'click',
        hide: 'unknown-field,missing-name',
        agents: 'planner,critic.v2',
      });
      const src = new URL(/src="([^"]*)"/.exec(iframe)![1]!.replace(/&#38;/g, '&'));
      expect(src.hash).toBe(input.permalink);
      expect(parseEmbedOptions(src.search)).toMatchObject({
        view: 'output',
        readonly: true,
        theme: 'dark',
        lines: 12,
        clickToLoad: true,
        hide: ['unknown-field', 'missing-name'],
        agents: ['planner', 'critic.v2'],
      });
    });

    it('leaves every default out, and gives the iframe no theme for inherit', () => {
      const plain = embedSnippets({
        ...input,
        view: 'split',
        readonly: false,
        theme: 'auto',
        clickToLoad: false,
        hide: [],
        agents: [],
      });
      expect(plain).toEqual(embedSnippets({ ...input, view: undefined }));
      const inherit = embedSnippets({ ...input, theme: 'inherit' });
      expect(inherit.fence.split('\n')[0]).toContain(' theme=inherit');
      expect(inherit.element).toContain(' theme="inherit"');
      expect(inherit.iframe).not.toContain('theme=');
    });

    it('makes the iframe at least as tall as the lines asked for', () => {
      const height = (lines?: number) =>
        Number(
          /height: (\d+)px/.exec(embedSnippets({ ...input, view: 'editor', lines }).iframe)![1],
        );
      expect(height(100)).toBeGreaterThan(height() + 90 * 21);
    });

    it('refuses, rather than writes, a value that could break out of a snippet', () => {
      for (const bad of [
        { hide: ['a b'] },
        { hide: ['x`'] },
        { agents: ['planner"><script>alert(1)</script>'] },
        { agents: ['a\n```\n<img src=x onerror=alert(1)>'] },
        { theme: 'evil" onload="x' as 'dark' },
        { lines: 0 },
        { lines: 1.5 },
        { lines: 201 },
      ])
        expect(() => embedSnippets({ ...input, ...bad }), JSON.stringify(bad)).toThrow(TypeError);
    });
  });
});

describe('parseNameList', () => {
  it('takes names separated by commas, spaces or line breaks, each once, in order', () => {
    expect(parseNameList(' planner, critic\nplanner  writer ', 'agents')).toEqual({
      names: ['planner', 'critic', 'writer'],
      invalid: [],
    });
    expect(parseNameList('', 'codes')).toEqual({ names: [], invalid: [] });
  });

  it('sets aside what no snippet can carry', () => {
    expect(parseNameList('unknown-field Unknown "x" a`b <b>', 'codes')).toEqual({
      names: ['unknown-field'],
      invalid: ['Unknown', '"x"', 'a`b', '<b>'],
    });
    expect(parseNameList('ok "quoted" <tag> x=y', 'agents')).toEqual({
      names: ['ok'],
      invalid: ['"quoted"', '<tag>', 'x=y'],
    });
  });

  it('keeps at most 100 names', () => {
    const many = Array.from({ length: 105 }, (_, i) => `agent-${i}`).join(',');
    const { names, invalid } = parseNameList(many, 'agents');
    expect(names).toHaveLength(100);
    expect(invalid).toHaveLength(5);
  });
});
