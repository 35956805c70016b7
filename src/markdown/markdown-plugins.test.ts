import { Window } from 'happy-dom';
import MarkdownIt from 'markdown-it';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import markdownItAgentcard from './markdown-it.ts';
import { PLUGIN_CASES, readEmbeds, TRICKY_CARD } from './plugin-cases.ts';
import remarkAgentcard from './remark.ts';
import type { AgentCardMarkdownOptions } from './embed-markup.ts';
import { MAX_EMBED_URL } from '../embed/element/embed-url.ts';

const PIPELINES: Record<string, (markdown: string, options?: AgentCardMarkdownOptions) => string> =
  {
    'markdown-it': (markdown, options) =>
      new MarkdownIt().use(markdownItAgentcard, options).render(markdown),
    'remark → rehype': (markdown, options) =>
      String(
        unified()
          .use(remarkParse)
          .use(remarkAgentcard, options)
          .use(remarkRehype)
          .use(rehypeStringify)
          .processSync(markdown),
      ),
  };

for (const [pipeline, render] of Object.entries(PIPELINES)) {
  describe(`the ${pipeline} plugin`, () => {
    for (const example of PLUGIN_CASES) {
      it(example.name, async () => {
        const warnings: string[] = [];
        const html = render(example.markdown, { onWarning: (w) => warnings.push(w) });
        const embeds = await readEmbeds(html);
        expect(embeds).toHaveLength(example.embeds.length);
        embeds.forEach((embed, i) => {
          const expected = example.embeds[i]!;
          const {
            permalink,
            'v-pre': _vPre,
            'data-problems': problems,
            'data-problem-rows': problemRows,
            'data-output': output,
            ...rest
          } = embed.attributes;
          expect(permalink).toMatch(/^#v1:[\w-]+$/);
          expect(problems).toMatch(/^\d+$/);
          // The shapes the element reserves room for: numbers and letters, nothing of the card's text.
          if (problemRows !== undefined) expect(problemRows).toMatch(/^[gewi\d. ]+$/);
          expect(problemRows === undefined).toBe(problems === '0');
          if (output !== undefined) expect(output).toMatch(/^[hpvrsmf\d. ]+$/);
          expect(rest).toEqual(expected.attributes);
          const names = Object.keys(expected.files);
          expect(embed.envelope).toEqual({
            files: expected.files,
            active: names[0],
            profile: expected.profile ?? 'rfc',
          });
          expect(embed.statics).toEqual(
            Object.entries(expected.files).map(([file, text]) => ({ file, text })),
          );
        });
        for (const text of example.keeps ?? []) expect(html).toContain(text);
        // Nothing of a card ever reaches the page as markup or as a Vue interpolation.
        expect(html).not.toContain('</script>');
        expect(html).not.toContain('<b>');
        // Under Vue (markdown-it in VitePress), `{{` would be an interpolation; hast goes to MDX as text.
        if (pipeline === 'markdown-it') expect(html).not.toMatch(/\{\{/);
        if (example.name.startsWith('a view')) expect(warnings).toHaveLength(4);
        else expect(warnings).toEqual([]);
      });
    }

    it('points each element at the playground given, and applies the default view and theme', async () => {
      const html = render('```agentcard\nx\n```\n\n```agentcard view=editor\ny\n```\n', {
        playground: 'https://play.example/tools',
        view: 'output',
        theme: 'inherit',
      });
      const [first, second] = await readEmbeds(html);
      expect(first!.attributes).toMatchObject({
        src: 'https://play.example/tools/embed.html',
        view: 'output',
        theme: 'inherit',
      });
      expect(second!.attributes['view']).toBe('editor');
    });

    it('keeps the fence as static code, without permalink, when its file name cannot be a path', async () => {
      const warnings: string[] = [];
      const html = render('```agentcard file=../up.md\nx\n```\n', {
        onWarning: (w) => warnings.push(w),
      });
      const [embed] = await readEmbeds(html);
      expect(embed!.attributes['permalink']).toBeUndefined();
      expect(embed!.statics).toEqual([{ file: '../up.md', text: 'x\n' }]);
      expect(warnings.join()).toMatch(/cannot embed these files/);
    });

    it("warns at build time when the link is over browsers' URL limit, and keeps it for the element to say so", () => {
      // Text that does not compress: 400,000 random CJK characters (xorshift32) in lines of 100.
      let x = 2463534242;
      const chars: string[] = [];
      for (let i = 0; i < 400_000; i++) {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        chars.push(i % 100 === 99 ? '\n' : String.fromCharCode(0x4e00 + ((x >>> 0) % 20_992)));
      }
      const big = chars.join('');
      const warnings: string[] = [];
      const html = render(`\`\`\`agentcard file=big.md\n${big}\n\`\`\`\n`, {
        onWarning: (w) => warnings.push(w),
      });
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        new RegExp(
          `^agentcard fence: "big\\.md" too large to embed: the link is \\d+ characters, over browsers' limit of ${MAX_EMBED_URL}`,
        ),
      );
      const permalink = /permalink="([^"]+)"/.exec(html)![1]!;
      expect(permalink.length).toBeGreaterThan(MAX_EMBED_URL);
      // A hang guard for a 1.2 MB fence through the whole pipeline on a busy machine, not a speed check.
    }, 120_000);

    it('keeps a height the browser accepts and drops one it would reject', async () => {
      const warnings: string[] = [];
      const html = render(
        '```agentcard height=20rem\nx\n```\n\n```agentcard height="20 rem"\ny\n```\n\n```agentcard height=0\nz\n```\n',
        { onWarning: (w) => warnings.push(w) },
      );
      const embeds = await readEmbeds(html);
      expect(embeds.map((embed) => embed.attributes['height'])).toEqual([
        '20rem',
        undefined,
        undefined,
      ]);
      expect(warnings).toEqual([
        'agentcard fence: height="20 rem" is not a valid value, ignored',
        'agentcard fence: height="0" is not a valid value, ignored',
      ]);
    });

    it('tells the element how many problems the embed will list, after its hide and agents options', async () => {
      const card = (name: string, extra = '') =>
        `---\ntype: agent\nname: ${name}\n${extra}---\nAnswer.\n`;
      const html = render(
        [
          '```agentcard\n' + card('clean') + '```',
          '```agentcard\n' + card('typo', 'temprature: 0.2\n') + '```',
          '```agentcard hide=unknown-field\n' + card('hidden', 'temprature: 0.2\n') + '```',
          '```agentcard\n---\ntype: chain\nname: c\nsequence: [elsewhere]\n---\n```',
          '```agentcard agents=elsewhere\n---\ntype: chain\nname: c\nsequence: [elsewhere]\n---\n```',
        ].join('\n\n'),
      );
      const problems = (await readEmbeds(html)).map((embed) => embed.attributes['data-problems']);
      // The chain has one problem beside its unknown step; `agents=elsewhere` drops only the step's.
      expect(problems).toEqual(['0', '1', '0', '2', '1']);
    });

    it('warns about an unknown option and ignores it', () => {
      const warnings: string[] = [];
      render('```agentcard colour=red\nx\n```\n', { onWarning: (w) => warnings.push(w) });
      expect(warnings).toEqual(['agentcard fence: unknown option "colour=red" ignored']);
    });

    it('keeps the blank line that opens a file once a browser has parsed the page', () => {
      const html = render(
        '```agentcard file=a.md\n\n---\nname: a\n---\n```\n\n```agentcard file=b.md\n\n\nb\n```\n',
      );
      const page = new Window().document;
      page.body.innerHTML = html;
      const statics = [...page.querySelectorAll('pre.agentcard-static')].map(
        (pre) => pre.textContent,
      );
      expect(statics).toEqual(['\n---\nname: a\n---\n', '\n\nb\n']);
    });

    it('highlights the front matter in spans whose text is the card', () => {
      const html = render('```agentcard\n' + TRICKY_CARD + '```\n');
      expect(html).toMatch(/<span class="ac-key">name<\/span>/);
      expect(html).toMatch(/<span class="ac-comment"># a comment<\/span>/);
    });
  });
}

describe('the markdown-it plugin under Vue', () => {
  it('marks each element v-pre, unless told not to', () => {
    const md = (vPre?: boolean) =>
      new MarkdownIt()
        .use(markdownItAgentcard, vPre === undefined ? {} : { vPre })
        .render('```agentcard\nx\n```\n');
    expect(md()).toContain('<agentcard-playground v-pre permalink=');
    expect(md(false)).toContain('<agentcard-playground permalink=');
  });
});
