import { describe, expect, it } from 'vitest';
import { DEFAULT_EMBED_OPTIONS, parseEmbedOptions, readOrigin } from './embed-options.ts';

describe('parseEmbedOptions', () => {
  it('gives the defaults for an empty query', () => {
    expect(parseEmbedOptions('')).toEqual(DEFAULT_EMBED_OPTIONS);
    expect(parseEmbedOptions('?')).toEqual(DEFAULT_EMBED_OPTIONS);
  });

  it('reads every option', () => {
    expect(
      parseEmbedOptions(
        '?view=output&readonly&theme=dark&file=agents%2Fsizer.md&profile=fast-agent&lines=12&load=click&origins=https://docs.example,http://localhost:8080',
      ),
    ).toEqual({
      view: 'output',
      readonly: true,
      theme: 'dark',
      file: 'agents/sizer.md',
      profile: 'fast-agent',
      lines: 12,
      clickToLoad: true,
      origins: ['https://docs.example', 'http://localhost:8080'],
      hide: [],
      agents: [],
    });
  });

  it('reads readonly as a flag: present, 1 or true turn it on; anything else leaves it off', () => {
    for (const on of ['readonly', 'readonly=', 'readonly=1', 'readonly=true'])
      expect(parseEmbedOptions(on).readonly).toBe(true);
    for (const off of ['', 'readonly=0', 'readonly=false', 'readonly=yes'])
      expect(parseEmbedOptions(off).readonly).toBe(false);
  });

  it('falls back to the default for unknown or malformed values', () => {
    const options = parseEmbedOptions(
      'view=sideways&theme=blue&profile=python&lines=-3&load=eager&file=',
    );
    expect(options.view).toBe('split');
    expect(options.theme).toBe('auto');
    expect(options.profile).toBeUndefined();
    expect(options.lines).toBeUndefined();
    expect(options.clickToLoad).toBe(false);
    expect(options.file).toBeUndefined();
  });

  it('accepts lines from 1 to 200 only, as whole numbers', () => {
    expect(parseEmbedOptions('lines=1').lines).toBe(1);
    expect(parseEmbedOptions('lines=200').lines).toBe(200);
    for (const bad of ['0', '201', '1.5', '1e2', ' 3', '0x10', '99999'])
      expect(parseEmbedOptions(`lines=${encodeURIComponent(bad)}`).lines).toBeUndefined();
  });

  it('ignores a file name longer than 300 characters', () => {
    expect(parseEmbedOptions(`file=${'a'.repeat(301)}`).file).toBeUndefined();
    expect(parseEmbedOptions(`file=${'a'.repeat(300)}`).file).toHaveLength(300);
  });

  it('takes the first of a repeated option', () => {
    expect(parseEmbedOptions('view=editor&view=output').view).toBe('editor');
    expect(parseEmbedOptions('view=graph').view).toBe('graph');
    expect(parseEmbedOptions('view=Graph').view).toBe('split');
  });

  it('leaves origins undefined without the option, so the embed talks to its parent', () => {
    expect(parseEmbedOptions('view=split').origins).toBeUndefined();
  });

  it('fails closed: a malformed origins list allows nobody', () => {
    expect(parseEmbedOptions('origins=https://docs.example,*').origins).toEqual([]);
    expect(parseEmbedOptions('origins=').origins).toEqual([]);
    expect(parseEmbedOptions('origins=javascript:alert(1)').origins).toEqual([]);
    const many = Array.from({ length: 21 }, (_, i) => `https://h${i}.example`).join(',');
    expect(parseEmbedOptions(`origins=${many}`).origins).toEqual([]);
  });

  it('normalises and deduplicates origins', () => {
    expect(
      parseEmbedOptions('origins=HTTPS://Docs.Example:443/,https://docs.example').origins,
    ).toEqual(['https://docs.example']);
  });

  it('never throws, whatever it is given', () => {
    for (const junk of [
      '%',
      '?view=%E0%A4%A',
      '&&&=',
      '?lines=%00',
      undefined as unknown as string,
    ])
      expect(() => parseEmbedOptions(junk)).not.toThrow();
  });
});

describe('readOrigin', () => {
  it('reads http and https origins', () => {
    expect(readOrigin('https://docs.example')).toBe('https://docs.example');
    expect(readOrigin('http://localhost:4202/')).toBe('http://localhost:4202');
  });

  it('refuses anything but a bare http(s) origin', () => {
    for (const bad of [
      'null',
      '*',
      'file:///tmp/x',
      'https://docs.example/path',
      'https://user:pw@docs.example',
      'https://docs.example?x=1',
      'https://docs.example#x',
      'data:text/html,x',
      'docs.example',
    ])
      expect(readOrigin(bad)).toBeUndefined();
  });
});

describe('the hide, agents, accent and font options', () => {
  it('reads comma-separated codes and agent names, all or nothing', () => {
    const options = parseEmbedOptions('?hide=unknown-field,missing-name&agents=planner,critic.v2');
    expect(options.hide).toEqual(['unknown-field', 'missing-name']);
    expect(options.agents).toEqual(['planner', 'critic.v2']);
    expect(parseEmbedOptions('?hide=ok,Not A Code').hide).toEqual([]);
    expect(parseEmbedOptions("?agents=a,b'c").agents).toEqual([]);
    expect(parseEmbedOptions('?hide=' + Array(101).fill('x').join(',')).hide).toEqual([]);
  });

  it('takes an accent colour and a font list only in a plain CSS form', () => {
    const read = (q: string) => parseEmbedOptions(q);
    expect(read('?accent=%23c026d3').accent).toBe('#c026d3');
    expect(read('?accent=rgb(10%2C 20%2C 30)').accent).toBe('rgb(10, 20, 30)');
    expect(read('?accent=rebeccapurple').accent).toBe('rebeccapurple');
    expect(read('?font=Inter%2C "Helvetica Neue"%2C sans-serif').font).toBe(
      'Inter, "Helvetica Neue", sans-serif',
    );
    for (const bad of ['red;x:y', 'url(evil)', 'red}', 'var(--x)'])
      expect(read(`?accent=${encodeURIComponent(bad)}`).accent).toBeUndefined();
    expect(read(`?font=${encodeURIComponent('a;b')}`).font).toBeUndefined();
  });
});
