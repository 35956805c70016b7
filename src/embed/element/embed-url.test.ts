import { describe, expect, it } from 'vitest';
import { parseEmbedOptions } from '../embed-options.ts';
import { embedUrl } from './embed-url.ts';

describe('embedUrl', () => {
  const page = 'https://play.example/tools/embed.html';

  it('writes the options so that the embed reads them back', () => {
    const url = new URL(
      embedUrl(page, {
        view: 'output',
        readonly: true,
        theme: 'dark',
        profile: 'fast-agent',
        file: 'a b/c&d.md',
        lines: '9',
        load: 'click',
        origins: ['https://docs.example', 'http://localhost:3000'],
        hide: 'unknown-field',
        agents: 'planner',
        accent: '#c026d3',
        font: 'Inter, sans-serif',
      }),
    );
    expect(url.origin + url.pathname).toBe(page);
    expect(parseEmbedOptions(url.search)).toEqual({
      view: 'output',
      readonly: true,
      theme: 'dark',
      profile: 'fast-agent',
      file: 'a b/c&d.md',
      lines: 9,
      clickToLoad: true,
      origins: ['https://docs.example', 'http://localhost:3000'],
      hide: ['unknown-field'],
      agents: ['planner'],
      accent: '#c026d3',
      font: 'Inter, sans-serif',
    });
  });

  it('leaves out the options that are not set', () => {
    expect(embedUrl(page, { view: null, readonly: false, origins: [] })).toBe(page);
  });

  it('carries a #v1: permalink and nothing else as its fragment', () => {
    expect(embedUrl(page, { permalink: '#v1:eLvb_-9' })).toBe(`${page}#v1:eLvb_-9`);
    for (const bad of ['#v2:abc', '#v1:a"b', 'javascript:alert(1)', '#v1:'])
      expect(embedUrl(page, { permalink: bad })).toBe(page);
  });
});
