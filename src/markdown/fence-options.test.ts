import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { fenceFileValue, isAgentCardFence, parseFenceOptions } from './fence-options.ts';

const { unescapeAll } = new MarkdownIt().utils;

describe('parseFenceOptions', () => {
  it('reads key=value, quoted values with spaces and the readonly flag; the rest is unknown', () => {
    expect(
      parseFenceOptions('agentcard file="my card.md" view=output readonly colour=red =x lines='),
    ).toEqual({
      file: 'my card.md',
      view: 'output',
      readonly: true,
      unknown: ['colour=red', 'x', 'lines='],
    });
  });

  it('keeps an unclosed quote as part of a plain value', () => {
    expect(parseFenceOptions('file="a.md view=editor')).toEqual({
      file: '"a.md',
      view: 'editor',
      unknown: [],
    });
  });

  it('reads a long info string of quoted values, each closed by the next quote', () => {
    const options = parseFenceOptions('agentcard ' + 'x="a '.repeat(40_000) + 'file=end.md');
    expect(options.file).toBe('end.md');
    expect(options.unknown).toHaveLength(40_000);
    expect(options.unknown.slice(0, 2)).toEqual(['x="a x="', 'a']);
  });
});

describe('isAgentCardFence', () => {
  it('takes agentcard as the first word only', () => {
    expect(isAgentCardFence('agentcard')).toBe(true);
    expect(isAgentCardFence('  agentcard file=a.md')).toBe(true);
    expect(isAgentCardFence('agentcards')).toBe(false);
    expect(isAgentCardFence('yaml agentcard')).toBe(false);
  });
});

describe('fenceFileValue', () => {
  it('refuses names with a control character, a line separator or a double quote', () => {
    for (const name of ['', 'a\nb', 'a\rb', 'a\tb', 'a\u007fb', 'a\u0085b', 'a\u2029b', 'a"b'])
      expect(fenceFileValue(name), JSON.stringify(name)).toBeUndefined();
  });

  it('writes backticks, ampersands and backslashes as character references', () => {
    expect(fenceFileValue('a`b&amp;c\\_.md')).toBe('a&#96;b&#38;amp;c&#92;_.md');
    expect(fenceFileValue('my card.md')).toBe('"my card.md"');
  });

  it('gives every other name back through CommonMark unescaping and parseFenceOptions', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), (name) => {
        const value = fenceFileValue(name);
        fc.pre(value !== undefined);
        expect(value).not.toMatch(/[`\n\r]/);
        expect(parseFenceOptions(unescapeAll(`agentcard file=${value} readonly`))).toEqual({
          file: name,
          readonly: true,
          unknown: [],
        });
      }),
      { numRuns: 2000 },
    );
  });
});
