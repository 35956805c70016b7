import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { encodePermalinkSync } from '../app/permalink/encode-sync.ts';
import { embedSnippets } from './embed-snippets.ts';
import markdownItAgentcard from './markdown-it.ts';
import { readEmbeds } from './plugin-cases.ts';

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
});
