import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.ts';
import { checkLoadSet } from '../../src/core/index.ts';

function runCli(args: string[], cwd: string) {
  let out = '';
  let err = '';
  const code = run(args, { cwd, out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

const dir = mkdtempSync(join(tmpdir(), 'agentcard-convert-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(
  join(dir, 'sizer.md'),
  '---\ntype: agent\nname: sizer\nmodel: gpt-4.1\ndescription: Sizes things.\n---\nYou size things.\n',
);
writeFileSync(
  join(dir, 'pair.md'),
  '---\ntype: agent\nname: first\n---\nOne.\n---\ntype: agent\nname: second\n---\nTwo.\n',
);
writeFileSync(join(dir, 'broken.md'), '---\ntype: agent\nname: broken\nmodle: x\n---\nHi.\n');

describe('agentcard convert', () => {
  it('prints the one converted file on stdout and what the target cannot express on stderr', () => {
    const { code, out, err } = runCli(['convert', '--to', 'afm', 'sizer.md'], dir);
    expect(code).toBe(0);
    const result = checkLoadSet({ 'sizer.afm.md': out });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.agents[0]).toMatchObject({ name: 'sizer', format: 'afm' });
    expect(result.agents[0]!.data['config']).toMatchObject({ model: 'gpt-4.1' });
    expect(err).toMatch(/^note: sizer: afm cannot express instruction: /m);
  });

  it('writes into --out, and converting back gives the same model and description', () => {
    expect(runCli(['convert', '--to', 'afm', '--out', 'afm', 'sizer.md'], dir).code).toBe(0);
    const back = runCli(['convert', '--to', 'agentcard', 'afm/sizer.afm.md'], dir);
    expect(back.code).toBe(0);
    const card = checkLoadSet({ 'sizer.md': back.out });
    expect(card.agents[0]!.data['config']).toMatchObject({
      name: 'sizer',
      model: 'gpt-4.1',
      description: 'Sizes things.',
    });
  });

  it('refuses to overwrite without --force', () => {
    expect(runCli(['convert', '--to', 'afm', '--out', 'again', 'sizer.md'], dir).code).toBe(0);
    const second = runCli(['convert', '--to', 'afm', '--out', 'again', 'sizer.md'], dir);
    expect(second.code).toBe(2);
    expect(second.err).toMatch(/exists \(use --force/);
    writeFileSync(join(dir, 'again', 'sizer.afm.md'), 'old');
    expect(
      runCli(['convert', '--to', 'afm', '--out', 'again', '--force', 'sizer.md'], dir).code,
    ).toBe(0);
    expect(readFileSync(join(dir, 'again', 'sizer.afm.md'), 'utf8')).not.toBe('old');
  });

  it('converts one card of a bundle with --card, and asks for --out when there are several', () => {
    const one = runCli(['convert', '--to', 'afm', '--card', 'second', 'pair.md'], dir);
    expect(one.code).toBe(0);
    expect(one.out).toMatch(/name: second/);
    const both = runCli(['convert', '--to', 'afm', 'pair.md'], dir);
    expect(both.code).toBe(2);
    expect(both.err).toMatch(/2 files to write/);
    expect(runCli(['convert', '--to', 'afm', '--card', 'third', 'pair.md'], dir).code).toBe(1);
  });

  it('does not convert a card with errors, and says where they are', () => {
    const { code, err, out } = runCli(['convert', '--to', 'afm', 'broken.md'], dir);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toMatch(/^broken\.md:4:1 error unknown-field /m);
  });

  it('answers usage problems with exit 2', () => {
    expect(runCli(['convert', 'sizer.md'], dir).code).toBe(2);
    expect(runCli(['convert', '--to', 'word', 'sizer.md'], dir).code).toBe(2);
    expect(runCli(['convert', '--to', 'afm'], dir).code).toBe(2);
    expect(runCli(['convert', '--to', 'afm', 'missing.md'], dir).code).toBe(2);
    expect(runCli(['convert', '--help'], dir).code).toBe(0);
  });

  it('writes an A2A card that the checker accepts, with the URL given, and says what A2A cannot hold', () => {
    const { code, out, err } = runCli(
      ['convert', '--to', 'a2a', '--url', 'https://agents.example.com/sizer', 'sizer.md'],
      dir,
    );
    expect(code).toBe(0);
    const card = JSON.parse(out);
    expect(card).toMatchObject({
      protocolVersion: '0.3.0',
      url: 'https://agents.example.com/sizer',
    });
    const checked = checkLoadSet({ 'agent-card.json': out });
    expect(checked.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(checked.agents[0]).toMatchObject({ format: 'a2a' });
    expect(err).toMatch(/a2a cannot express .*model/);
  });

  it('without --url, writes a placeholder and lists it', () => {
    const { code, out, err } = runCli(['convert', '--to', 'a2a', 'sizer.md'], dir);
    expect(code).toBe(0);
    expect(JSON.parse(out).url).toMatch(/invalid/);
    expect(err).toMatch(/a2a cannot express url/);
  });
});
