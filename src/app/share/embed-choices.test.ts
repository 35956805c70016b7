import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../core/index.ts';
import { parseEmbedOptions } from '../../embed/embed-options.ts';
import { embedSnippets } from '../../markdown/embed-snippets.ts';
import {
  addName,
  DEFAULT_CHOICES,
  previewUrl,
  snippetOptions,
  suggestions,
} from './embed-choices.ts';

const base = {
  files: { 'card.md': 'x\n' },
  active: 'card.md',
  profile: 'rfc' as const,
  permalink: '#v1:abc',
  playground: 'https://play.example/tools/',
};

describe('snippetOptions', () => {
  it('gives the snippets of the defaults when nothing was chosen', () => {
    const { options, problems } = snippetOptions(DEFAULT_CHOICES);
    expect(problems).toEqual([]);
    expect(embedSnippets({ ...base, ...options })).toEqual(embedSnippets(base));
  });

  it('turns what was typed into options, and says what it left out', () => {
    const { options, problems } = snippetOptions({
      ...DEFAULT_CHOICES,
      lines: ' 12 ',
      hide: 'unknown-field, Bad"Code',
      agents: 'planner critic <b>',
    });
    expect(options).toMatchObject({
      lines: 12,
      hide: ['unknown-field'],
      agents: ['planner', 'critic'],
    });
    expect(problems).toHaveLength(2);
    expect(problems.join(' ')).toContain('Bad"Code');
    expect(problems.join(' ')).toContain('<b>');
  });

  it('leaves out lines that are not 1 to 200, saying so', () => {
    for (const lines of ['0', '201', '1.5', 'ten', '-3']) {
      const { options, problems } = snippetOptions({ ...DEFAULT_CHOICES, lines });
      expect(options.lines, lines).toBeUndefined();
      expect(problems, lines).toHaveLength(1);
    }
  });
});

describe('previewUrl', () => {
  it('is embed.html with the chosen options, as embed.html reads them, and the permalink', () => {
    const { options } = snippetOptions({
      view: 'output',
      readonly: true,
      theme: 'dark',
      lines: '8',
      clickToLoad: true,
      hide: 'unknown-field',
      agents: 'planner',
    });
    const url = new URL(previewUrl(base.playground, base.permalink, options, 'light'));
    expect(url.origin + url.pathname).toBe('https://play.example/tools/embed.html');
    expect(url.hash).toBe('#v1:abc');
    expect(parseEmbedOptions(url.search)).toMatchObject({
      view: 'output',
      readonly: true,
      theme: 'dark',
      lines: 8,
      clickToLoad: true,
      hide: ['unknown-field'],
      agents: ['planner'],
    });
  });

  it("shows inherit in the playground's own colours, and the defaults as no option at all", () => {
    const inherit = snippetOptions({ ...DEFAULT_CHOICES, theme: 'inherit' }).options;
    expect(new URL(previewUrl(base.playground, '#v1:a', inherit, 'dark')).search).toBe(
      '?theme=dark',
    );
    const plain = snippetOptions(DEFAULT_CHOICES).options;
    expect(new URL(previewUrl(base.playground, '#v1:a', plain, 'dark')).search).toBe('');
  });
});

describe('suggestions', () => {
  const diagnostics: Array<Pick<Diagnostic, 'code' | 'message'>> = [
    { code: 'unknown-field', message: 'x' },
    { code: 'unknown-agent-ref', message: "'planner' is not an agent of the load-set" },
    { code: 'unknown-agent-ref', message: "'critic' is not an agent of the load-set" },
    { code: 'unknown-agent-ref', message: "'two words' is not an agent of the load-set" },
    { code: 'unknown-field', message: 'y' },
  ];

  it("offers the workspace's codes and the agents it names but does not define, each once", () => {
    expect(suggestions(diagnostics, { hide: '', agents: '' })).toEqual({
      codes: ['unknown-agent-ref', 'unknown-field'],
      agents: ['critic', 'planner'],
    });
  });

  it('leaves out what was already chosen', () => {
    expect(suggestions(diagnostics, { hide: 'unknown-field', agents: 'critic' })).toEqual({
      codes: ['unknown-agent-ref'],
      agents: ['planner'],
    });
  });
});

describe('addName', () => {
  it('adds a name to a typed list', () => {
    expect(addName('', 'a')).toBe('a');
    expect(addName('a, ', 'b')).toBe('a, b');
    expect(addName(' a b ', 'c')).toBe('a b, c');
  });
});
