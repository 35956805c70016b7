import { describe, expect, it } from 'vitest';
import { parseEmbedOptions } from '../embed-options.ts';
import { embedPageUrl, embedUrl, MAX_EMBED_URL } from './embed-url.ts';

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

describe('embedPageUrl', () => {
  const base = 'https://docs.example/guide/page.html';
  const script = 'https://play.example/tools/agentcard-playground.js';

  it('resolves src against the page, else takes embed.html beside the script', () => {
    expect(embedPageUrl('/play/embed.html', base, script)?.href).toBe(
      'https://docs.example/play/embed.html',
    );
    expect(embedPageUrl(null, base, script)?.href).toBe('https://play.example/tools/embed.html');
    expect(embedPageUrl(null, base, undefined)).toBeUndefined();
  });

  it('refuses every URL that is not http: or https:, for src and for the script', () => {
    for (const src of [
      'javascript:alert(document.domain)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'blob:https://docs.example/1234',
      'file:///etc/passwd',
      'about:blank',
      'http://[bad',
    ])
      expect(embedPageUrl(src, base, script), src).toBeUndefined();
    expect(embedPageUrl(null, base, 'data:text/javascript,1')).toBeUndefined();
    expect(embedPageUrl(null, base, 'file:///site/agentcard-playground.js')).toBeUndefined();
    // A relative src on a page that is not http(s) resolves to its scheme: refused too.
    expect(embedPageUrl('embed.html', 'file:///site/page.html', script)).toBeUndefined();
  });
});

describe('MAX_EMBED_URL', () => {
  it("is Firefox's frame URL limit, the smallest of the engines' (1 MiB less 4 characters)", () => {
    expect(MAX_EMBED_URL).toBe(1_048_572);
  });
});
