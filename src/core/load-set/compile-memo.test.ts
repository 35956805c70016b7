import { describe, expect, it } from 'vitest';
import { Checker, checkLoadSet } from './check-load-set.ts';
import type { CheckOptions, CheckResult } from './check-result.ts';

const bundle = (body: string) =>
  `---\ntype: agent\nname: one\n---\nFirst.\n\n---\ntype: agent\nname: two\n---\n${body}\n\n---\ntype: chain\nname: three\nsequence: [one, two]\n---\n`;

/** Checks `files` with `checker`, expects the fresh checker's answer, and says how many cards it compiled. */
function recheck(
  checker: Checker,
  files: Record<string, string>,
  options: CheckOptions = {},
): { result: CheckResult; compiled: number } {
  const before = checker.stats.cardsCompiled;
  const result = checker.check(files, options);
  expect(result).toEqual(checkLoadSet(files, options));
  return { result, compiled: checker.stats.cardsCompiled - before };
}

describe('compiles kept between checks', () => {
  it('compiles only the edited card, and moves the problems of the cards after it', () => {
    const checker = new Checker();
    expect(recheck(checker, { 'a.md': bundle('Second.') }).compiled).toBe(3);
    const { result, compiled } = recheck(checker, { 'a.md': bundle('Second.\nMore.\nAgain.') });
    expect(compiled).toBe(1);
    const note = result.diagnostics.find((d) => d.card === 'three')!;
    expect([note.code, note.line, note.column]).toEqual(['default-instruction', 17, 7]);
    expect(bundle('Second.\nMore.\nAgain.').slice(note.from, note.to)).toBe('three');
    expect(result.agents.map((a) => [a.name, a.line])).toEqual([
      ['one', 1],
      ['two', 7],
      ['three', 15],
    ]);
  });

  it('compiles a card again when its history file changes, and reports the history file each time', () => {
    const checker = new Checker();
    const card = (extra: string) =>
      `---\ntype: agent\nname: c\nmessages: ./h.json\n---\nHi.\n---\ntype: agent\nname: d\n---\nD.${extra}\n`;
    const first = recheck(checker, { 'a.md': card(''), 'h.json': '{bad' }).result;
    expect(first.diagnostics.map((d) => [d.file, d.code])).toEqual([
      ['a.md', 'history-invalid'],
      ['a.md', 'portability'],
      ['h.json', 'history-invalid'],
    ]);
    // The second card changes; the first is re-used, and the history file's problem is still reported.
    const again = recheck(checker, { 'a.md': card(' Still.'), 'h.json': '{bad' });
    expect(again.compiled).toBe(1);
    expect(again.result.diagnostics.map((d) => [d.file, d.code])).toEqual(
      first.diagnostics.map((d) => [d.file, d.code]),
    );
    const history =
      '{"messages": [{"role": "user", "content": {"type": "text", "text": "Earlier"}}]}';
    const fixed = recheck(checker, { 'a.md': card(' Still.'), 'h.json': history });
    expect(fixed.compiled).toBe(1);
    expect(fixed.result.agents[0]!.history).toEqual([{ role: 'user', content: 'Earlier' }]);
  });

  it('compiles a card again when the server configuration of its folder changes', () => {
    const checker = new Checker();
    const card = { 'a.yaml': 'type: agent\nname: a\nservers: [fetch]\n' };
    const config = (command: string) => `mcp:\n  servers:\n    fetch:\n      command: ${command}\n`;
    const configs = (r: CheckResult) =>
      (r.agents[0]!.data['config'] as Record<string, unknown>)['server_configs'];
    recheck(checker, { ...card, 'fastagent.config.yaml': config('uvx') });
    const same = recheck(checker, { ...card, 'fastagent.config.yaml': config('uvx') });
    expect(same.compiled).toBe(0);
    const changed = recheck(checker, { ...card, 'fastagent.config.yaml': config('npx') });
    expect(changed.compiled).toBe(1);
    expect(configs(changed.result)).toEqual({ fetch: { command: 'npx' } });
    const other = 'mcp:\n  servers:\n    other:\n      command: uvx\n';
    const gone = recheck(checker, { ...card, 'fastagent.config.yaml': other });
    expect(gone.compiled).toBe(1);
    expect(gone.result.diagnostics.map((d) => d.code)).toContain('unknown-server');
  });

  it('compiles a card again when a Python file or a template file it names appears', () => {
    const checker = new Checker();
    const card = {
      'a.md':
        '---\ntype: agent\nname: a\nfunction_tools: ["tools.py:run"]\n---\nSee {{file:s.txt}}.\n',
    };
    const options: CheckOptions = { profile: 'fast-agent' };
    const codes = (r: CheckResult) => r.diagnostics.map((d) => d.code);
    const none = recheck(checker, card, options).result;
    expect(none.compiled[0]!.pythonRefs[0]!.fileFound).toBe(false);
    expect(codes(none)).toContain('instruction-file-not-found');
    const tools = recheck(checker, { ...card, 'tools.py': 'def run():\n    pass\n' }, options);
    expect(tools.compiled).toBe(1);
    expect(tools.result.compiled[0]!.pythonRefs[0]).toMatchObject({
      fileFound: true,
      defFound: true,
    });
    const both = recheck(
      checker,
      { ...card, 'tools.py': 'def run():\n    pass\n', 's.txt': 'Style.' },
      options,
    );
    expect(both.compiled).toBe(1);
    expect(codes(both.result)).not.toContain('instruction-file-not-found');
  });

  it('compiles a card again under another profile, date or environment', () => {
    const checker = new Checker();
    const files = { 'a.yaml': 'type: agent\nname: a\nmodel: ${MODEL}\ninstruction: Hi.\n' };
    const model = (r: CheckResult) =>
      (r.compiled[0]!.data['config'] as Record<string, unknown>)['model'];
    const first = recheck(checker, files, { profile: 'fast-agent', env: { MODEL: 'm1' } });
    expect(model(first.result)).toBe('m1');
    const env = recheck(checker, files, { profile: 'fast-agent', env: { MODEL: 'm2' } });
    expect(env.compiled).toBe(1);
    expect(model(env.result)).toBe('m2');
    expect(recheck(checker, files, { profile: 'rfc' }).compiled).toBe(1);
    expect(recheck(checker, files, { profile: 'rfc' }).compiled).toBe(0);
    expect(recheck(checker, files, { profile: 'fast-agent', today: '2026-11-27' }).compiled).toBe(
      1,
    );
  });

  it('leaves the results of earlier checks as they were', () => {
    const checker = new Checker();
    const results = ['', '\n\n', '\n\n\n\n'].map((blank) => {
      const { result, compiled } = recheck(checker, { 'a.md': `${blank}${bundle('Second.')}` });
      expect(compiled).toBe(blank === '' ? 3 : 0);
      return result;
    });
    expect(results.map((r) => r.compiled.map((a) => a.line))).toEqual([
      [1, 7, 13],
      [3, 9, 15],
      [5, 11, 17],
    ]);
  });
});
