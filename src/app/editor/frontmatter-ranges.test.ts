import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitMarkdownRfc } from '../../core/formats/agentcard/split-markdown.ts';
import { findMarkdownCards, markdownYamlRegions } from './frontmatter-ranges.ts';

const slices = (text: string, ranges: Array<{ from: number; to: number }>) =>
  ranges.map((r) => text.slice(r.from, r.to));

describe('findMarkdownCards', () => {
  it('finds every card of a bundle, each up to the next one', () => {
    const text = '---\ntype: agent\nname: a\n---\nA\n---\ntype: chain\nname: b\n---\nB\n';
    expect(slices(text, findMarkdownCards(text))).toEqual([
      '---\ntype: agent\nname: a\n---\nA\n',
      '---\ntype: chain\nname: b\n---\nB\n',
    ]);
  });

  it('gives the frontmatter content, the fences and the body of a card', () => {
    const text = '---\nname: a\n---\nbody\n';
    const [card] = findMarkdownCards(text);
    expect(card).toEqual({
      from: 0,
      openEnd: 3,
      contentFrom: 4,
      contentTo: 12,
      closeEnd: 15,
      bodyFrom: 16,
      to: text.length,
    });
  });

  it('takes the leading frontmatter as a card without a type key', () => {
    const text = '\n  \n---\nname: a\n---\n';
    expect(slices(text, markdownYamlRegions(text))).toEqual(['name: a\n']);
  });

  it('reads a later --- block without a top-level type as body text', () => {
    const text = '---\ntype: agent\n---\nA\n---\ntitle: x\n  type: nested\n---\nmore\n';
    expect(findMarkdownCards(text)).toHaveLength(1);
  });

  it('lets the closing line of a non-card block open the next card', () => {
    const text = '---\ntype: agent\n---\nA\n---\nprose\n---\ntype: router\n---\nR\n';
    expect(slices(text, markdownYamlRegions(text))).toEqual(['type: agent\n', 'type: router\n']);
  });

  it('accepts quoted type keys and CRLF line breaks', () => {
    const text = '---\r\nname: a\r\n---\r\nA\r\n---\r\n"type": chain\r\n---\r\nB';
    expect(slices(text, markdownYamlRegions(text))).toEqual(['name: a\r\n', '"type": chain\r\n']);
  });

  it('finds nothing when the first block is unclosed or the file has no fence', () => {
    expect(findMarkdownCards('---\ntype: agent\nname: a\n')).toEqual([]);
    expect(findMarkdownCards('# Title\n\ntext\n')).toEqual([]);
    expect(findMarkdownCards('')).toEqual([]);
  });

  it('does not take a --- line with trailing spaces, or text before the first card, as a fence', () => {
    const text = 'intro\n--- \ntype: agent\n---\n';
    expect(findMarkdownCards(text)).toEqual([]);
  });

  it('skips a byte-order mark before the first fence', () => {
    const text = '\uFEFF---\nname: a\n---\n';
    expect(findMarkdownCards(text)[0]).toMatchObject({ from: 1, contentFrom: 5 });
  });

  it("agrees with the core's splitter on the golden corpus", () => {
    const root = join(import.meta.dirname, '../../../tests/fixtures/rfc');
    let compared = 0;
    for (const folder of readdirSync(root)) {
      for (const file of readdirSync(join(root, folder))) {
        if (!file.endsWith('.md')) continue;
        const text = readFileSync(join(root, folder, file), 'utf8');
        const core = splitMarkdownRfc(text);
        // The core also asks that the YAML parses: it flags blocks where the two rules can differ.
        if (core.diagnostics.some((d) => d.code === 'suspicious-boundary')) continue;
        expect(
          findMarkdownCards(text).map((c) => [c.from, c.contentFrom, c.contentTo, c.to]),
          `${folder}/${file}`,
        ).toEqual(core.cards.map((c) => [c.from, c.yamlFrom, c.yamlTo, c.to]));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(5);
  });
});
