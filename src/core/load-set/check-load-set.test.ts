import { describe, expect, it } from 'vitest';
import { Checker, checkLoadSet } from './check-load-set.ts';

const bundle = (body: string) =>
  `---\ntype: agent\nname: one\n---\nFirst.\n\n---\ntype: agent\nname: two\n---\n${body}\n\n---\ntype: chain\nname: three\nsequence: [one, two]\n---\n`;

describe('Checker', () => {
  it('re-analyses only the changed file and re-parses only the changed frontmatter', () => {
    const checker = new Checker();
    checker.check({
      'a.md': bundle('Second.'),
      'b.yaml': 'type: agent\nname: b\ninstruction: B.\n',
    });
    const before = { ...checker.stats };
    const result = checker.check({
      'a.md': bundle('Second, edited.'),
      'b.yaml': 'type: agent\nname: b\ninstruction: B.\n',
    });
    expect(checker.stats.filesAnalyzed - before.filesAnalyzed).toBe(1);
    expect(checker.stats.yamlParsed - before.yamlParsed).toBe(0);
    expect(result.agents.map((a) => a.name)).toEqual(['one', 'two', 'three', 'b']);
    const edited = result.agents.find((a) => a.name === 'two')!;
    expect((edited.data['config'] as { instruction: string }).instruction).toBe('Second, edited.');
  });

  it('re-parses one frontmatter when one card header changes and shifts later positions', () => {
    const checker = new Checker();
    const text = bundle('Second.');
    checker.check({ 'a.md': text });
    const parsed = checker.stats.yamlParsed;
    const edited = text.replace('name: one', 'name: one\nmodle: x');
    const result = checker.check({ 'a.md': edited });
    expect(checker.stats.yamlParsed - parsed).toBe(1);
    expect(result.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ['unknown-field', 4, 1],
      ['portability', 8, 1],
      ['default-instruction', 16, 7],
    ]);
    expect(result.cards.map((c) => c.line)).toEqual([1, 8, 14]);
  });

  it('gives the same answer from the cache as from a fresh checker', () => {
    const checker = new Checker();
    const files = { 'a.md': bundle('Second.\n---\nnot: a card\n---\n') };
    checker.check(files);
    expect(checker.check(files)).toEqual(checkLoadSet(files));
  });

  it('drops the agents of a file that is no longer in the load-set', () => {
    const checker = new Checker();
    checker.check({ 'a.md': bundle('Second.'), 'b.yaml': 'type: agent\nname: b\n' });
    const result = checker.check({ 'b.yaml': 'type: agent\nname: b\n' });
    expect(result.agents.map((a) => a.name)).toEqual(['b']);
    expect(result.cards.map((c) => c.file)).toEqual(['b.yaml']);
  });

  it('keeps good cards of a load-set when another card is bad', () => {
    const result = checkLoadSet({
      'good.yaml': 'type: agent\nname: good\n',
      'bad.yaml': 'type: agent\nname: bad\nfoo: 1\n',
    });
    expect(result.agents.map((a) => a.name)).toEqual(['good']);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: 'default-instruction', file: 'bad.yaml', card: 'bad' }),
      expect.objectContaining({ code: 'unknown-field', file: 'bad.yaml', card: 'bad', line: 3 }),
      expect.objectContaining({ code: 'default-instruction', file: 'good.yaml', card: 'good' }),
    ]);
  });

  it('reads a history file named in messages as history, not as a card (rfc)', () => {
    const result = checkLoadSet({
      'card.md': '---\ntype: agent\nname: c\nmessages: ./h.md\n---\nHi.\n',
      'h.md': 'Hello\n---ASSISTANT\nHi there\n',
    });
    expect(result.cards.map((c) => c.file)).toEqual(['card.md']);
    expect(result.agents[0]!.history).toEqual([
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Hi there' },
    ]);
  });
});

describe('duplicate names across formats', () => {
  const afm = (name: string) =>
    `---\nspec_version: 0.3.0\nname: ${name}\ndescription: Fetches.\n---\n\n# Role\n\nYou fetch.\n\n# Instructions\n\nFetch.\n`;
  const duplicates = (files: Record<string, string>) =>
    checkLoadSet(files)
      .diagnostics.filter((d) => d.code === 'duplicate-name')
      .map((d) => [d.file, d.severity, d.line]);

  it('gives an AgentCard card and an AFM agent with the same name both duplicate-name', () => {
    const files = {
      'url_fetcher.md': '---\ntype: agent\nname: url_fetcher\n---\nFetch.\n',
      'url-fetcher.afm.md': afm('url_fetcher'),
    };
    expect(duplicates(files)).toEqual([
      ['url-fetcher.afm.md', 'error', 3],
      ['url_fetcher.md', 'error', 3],
    ]);
    const result = checkLoadSet(files);
    expect(result.agents).toEqual([]);
    expect(result.cards.map((c) => [c.format, c.ok])).toEqual([
      ['agentcard', false],
      ['afm', false],
    ]);
  });

  it('gives two agents of other formats with the same name duplicate-name, and different names none', () => {
    expect(duplicates({ 'a.afm.md': afm('same'), 'b.afm.md': afm('same') })).toEqual([
      ['a.afm.md', 'error', 3],
      ['b.afm.md', 'error', 3],
    ]);
    expect(duplicates({ 'a.afm.md': afm('one'), 'b.afm.md': afm('two') })).toEqual([]);
  });

  it('points at the name in the header', () => {
    const result = checkLoadSet({ 'a.afm.md': afm('same'), 'b.afm.md': afm('same') });
    const d = result.diagnostics.find((x) => x.code === 'duplicate-name')!;
    expect(afm('same').slice(d.from, d.to)).toBe('same');
  });
});

describe('history files named in messages', () => {
  const files = {
    'card.md': '---\ntype: agent\nname: c\nmessages: ./h.md\n---\nHi.\n',
    'h.md': 'Hello\n---ASSISTANT\nHi there\n',
    'notes.md': '# Notes\n',
  };

  for (const profile of ['rfc', 'fast-agent'] as const)
    it(`are never flagged as Markdown without a card, while other such files are (${profile})`, () => {
      const result = checkLoadSet(files, { profile });
      expect(result.diagnostics.map((d) => [d.code, d.file])).toEqual([['not-a-card', 'notes.md']]);
      expect(result.agents.map((a) => a.name)).toEqual(['c']);
    });

  it('are no card candidates among the files found by listing a folder', () => {
    const paths = Object.keys(files);
    const result = checkLoadSet(files, { cards: paths, discovered: paths });
    expect(result.cards.map((c) => c.file)).toEqual(['card.md']);
    expect(result.diagnostics.map((d) => [d.code, d.file])).toEqual([['not-a-card', 'notes.md']]);
  });

  it('stay cards when named one by one as cards', () => {
    const result = checkLoadSet(files, { cards: ['card.md', 'h.md'] });
    expect(result.diagnostics.map((d) => [d.code, d.file])).toEqual([
      ['frontmatter-missing', 'h.md'],
    ]);
  });
});

describe('fast-agent differences reported in the rfc profile', () => {
  const codes = (files: Record<string, string>, profile: 'rfc' | 'fast-agent') =>
    checkLoadSet(files, { profile }).diagnostics.map((d) => [d.code, d.severity, d.line]);

  it('warns that fast-agent reads only the first card of a Markdown bundle', () => {
    const files = {
      'b.md': '---\ntype: agent\nname: a\n---\nA\n---\ntype: agent\nname: b\n---\nB\n',
    };
    expect(codes(files, 'rfc')).toEqual([['portability', 'warning', 6]]);
    expect(checkLoadSet(files, { profile: 'fast-agent' }).agents.map((a) => a.name)).toEqual(['a']);
  });

  it('warns about a {{file:}} template naming a missing file, which fast-agent rejects', () => {
    const files = { 'c.md': '---\ntype: agent\nname: c\n---\nSee {{file:notes/style.txt}}.\n' };
    expect(codes(files, 'rfc')).toEqual([['portability', 'warning', 5]]);
    expect(codes(files, 'fast-agent')).toEqual([['instruction-file-not-found', 'error', 5]]);
    expect(codes({ ...files, 'notes/style.txt': 'Be brief.' }, 'fast-agent')).toEqual([]);
  });
});
