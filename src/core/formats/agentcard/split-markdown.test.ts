import { describe, expect, it } from 'vitest';
import { splitMarkdownFastAgent, splitMarkdownRfc } from './split-markdown.ts';

const codes = (r: { diagnostics: Array<{ code: string }> }) => r.diagnostics.map((d) => d.code);

describe('splitMarkdownRfc', () => {
  it('starts a card at a later --- block only when its YAML has a type key', () => {
    const text =
      '---\nname: a\n---\nBody\n---\ntitle: x\n---\nmore\n---\ntype: agent\nname: b\n---\nB\n';
    const { cards } = splitMarkdownRfc(text);
    expect(cards.map((c) => text.slice(c.from, c.to))).toEqual([
      '---\nname: a\n---\nBody\n---\ntitle: x\n---\nmore\n',
      '---\ntype: agent\nname: b\n---\nB\n',
    ]);
  });

  it('reads a horizontal rule followed by prose as body text', () => {
    const text = '---\ntype: agent\n---\nA\n\n---\n\nB\n';
    const { cards, diagnostics } = splitMarkdownRfc(text);
    expect(cards).toHaveLength(1);
    expect(text.slice(cards[0]!.bodyFrom, cards[0]!.bodyTo)).toBe('A\n\n---\n\nB\n');
    expect(diagnostics).toEqual([]);
  });

  it('warns when a block that looks like a header is read as body text', () => {
    const text = '---\ntype: agent\nname: a\n---\nA\n---\ntype: agent\nname: [b\n---\nB\n';
    const result = splitMarkdownRfc(text);
    expect(result.cards).toHaveLength(1);
    expect(codes(result)).toContain('suspicious-boundary');
    expect(result.diagnostics[0]).toMatchObject({
      from: text.indexOf('---\ntype: agent\nname: [b'),
    });
  });

  it('never takes ---SYSTEM or ---USER lines as boundaries', () => {
    const text = '---\ntype: agent\n---\n---SYSTEM\nS\n---USER\nU\n';
    expect(splitMarkdownRfc(text).cards).toHaveLength(1);
  });

  it('reports a missing and an unclosed frontmatter at the first line', () => {
    expect(codes(splitMarkdownRfc('Just text\n'))).toEqual(['frontmatter-missing']);
    const unclosed = splitMarkdownRfc('\n---\ntype: agent\n');
    expect(codes(unclosed)).toEqual(['frontmatter-unclosed']);
    expect(unclosed.diagnostics[0]).toMatchObject({ from: 1, to: 4 });
    expect(unclosed.fatal).toBe(true);
  });

  it('skips a BOM and reads CRLF lines like LF lines', () => {
    const text = '\uFEFF---\r\ntype: agent\r\n---\r\nBody\r\n';
    const { cards } = splitMarkdownRfc(text);
    expect(cards[0]).toMatchObject({ from: 1, yamlFrom: 6, bodyFrom: text.indexOf('Body') });
  });

  it('warns about text before the first card', () => {
    expect(codes(splitMarkdownRfc('intro\n---\ntype: agent\n---\n'))).toEqual(['text-before-card']);
  });
});

describe('splitMarkdownFastAgent', () => {
  it('takes one frontmatter and leaves every later card in the body', () => {
    const text = '---\ntype: agent\nname: a\n---\nA\n---\ntype: agent\nname: b\n---\nB\n';
    const { cards } = splitMarkdownFastAgent(text);
    expect(cards).toHaveLength(1);
    expect(text.slice(cards[0]!.bodyFrom)).toBe('A\n---\ntype: agent\nname: b\n---\nB\n');
  });

  it('allows blank lines before and spaces around the --- lines', () => {
    const { cards } = splitMarkdownFastAgent('\n\n  ---  \nname: x\n---   \nBody\n');
    expect(cards[0]!.yaml?.value).toEqual({ name: 'x' });
  });

  it('makes the whole file the body when the frontmatter is unclosed', () => {
    const { cards, fatal } = splitMarkdownFastAgent('---\nname: x\nbody\n');
    expect(fatal).toBe(false);
    expect(cards[0]).toMatchObject({ yaml: null, bodyFrom: 0 });
  });
});
