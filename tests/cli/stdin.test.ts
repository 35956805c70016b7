import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'agentcard-stdin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, 'agents'));
writeFileSync(
  join(dir, 'agents', 'history.json'),
  JSON.stringify({ messages: [{ role: 'user', content: [{ type: 'text', text: 'Cleared?' }] }] }),
);
// On disk the pilot has an error; the editor's buffer (standard input) has fixed it.
writeFileSync(
  join(dir, 'agents', 'pilot.md'),
  '---\ntype: agent\nname: pilot\nmodle: x\n---\nFly.\n',
);
writeFileSync(join(dir, 'agents', 'tower.md'), '---\ntype: agent\nname: tower\n---\nTower.\n');

const PILOT = '---\ntype: agent\nname: pilot\nmessages: history.json\n---\nFly.\n';

function runCli(args: string[], stdin: string | (() => Uint8Array)) {
  let out = '';
  let err = '';
  const readStdin = typeof stdin === 'string' ? () => new TextEncoder().encode(stdin) : stdin;
  const code = run(args, { cwd: dir, out: (t) => (out += t), err: (t) => (err += t), readStdin });
  return { code, out, err };
}

describe('agentcard check --stdin --stdin-filename', () => {
  it('checks the text as the file at that path, its messages: file found beside it', () => {
    const { code, out } = runCli(
      ['check', '--json', '--stdin', '--stdin-filename', 'agents/pilot.md'],
      PILOT,
    );
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(json.diagnostics).toEqual([]);
    expect(json.agents).toHaveLength(1);
    expect(json.agents[0]).toMatchObject({ name: 'pilot', file: 'agents/pilot.md' });
    expect(json.agents[0].history).toEqual([{ role: 'user', content: 'Cleared?' }]);
  });

  it('reports problems at that path, with references resolved from its folder', () => {
    const text = PILOT.replace('history.json', 'missing.json');
    expect(runCli(['check', '--stdin', '--stdin-filename', 'agents/pilot.md'], text)).toEqual({
      code: 1,
      out: [
        'agents/pilot.md:4:11 error messages-file-not-found History file not found: agents/missing.json',
        '1 error, 0 warnings, 0 notes in 1 file; 0 agents compiled (profile rfc)',
        '',
      ].join('\n'),
      err: '',
    });
  });

  it('quotes the piped text in the grouped output', () => {
    const { out } = runCli(
      ['check', '--pretty', '--stdin', '--stdin-filename', 'agents/new.yaml'],
      'name: new\nmodle: x\ninstruction: New.\n',
    );
    expect(out.split('\n').slice(0, 9)).toEqual([
      'agents/new.yaml',
      '  1:1  warning  The card has no `type`; it is read as `agent`  missing-type',
      '    1 | name: new',
      '      | ^^^^^^^^^',
      "  2:1  error  Unknown field 'modle' for type 'agent'; did you mean 'model'?  unknown-field",
      '    2 | modle: x',
      '      | ^^^^^',
      '',
      '1 error, 1 warning, 0 notes in 1 file; 0 agents compiled (profile rfc)',
    ]);
  });

  it('takes the place of that file when PATHs bring it, and is checked with the others', () => {
    const { code, out } = runCli(
      ['check', '--json', '--stdin', '--stdin-filename', 'agents/pilot.md', 'agents'],
      PILOT,
    );
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(json.agents.map((a: { name: string }) => a.name)).toEqual(['pilot', 'tower']);
    expect(json.diagnostics).toEqual([]);
    // Without --stdin the folder has the disk's broken pilot.
    expect(runCli(['check', 'agents'], '').code).toBe(1);
  });

  it('answers unreadable standard input with exit 2', () => {
    const unreadable = () => {
      throw new Error('EAGAIN');
    };
    expect(runCli(['check', '--stdin', '--stdin-filename', 'agents/pilot.md'], unreadable)).toEqual(
      { code: 2, out: '', err: 'agentcard: cannot read standard input\n' },
    );
  });

  it('reads a real pipe through the installed bin', () => {
    const bin = join(ROOT, 'bin', 'agentcard.js');
    const piped = spawnSync(
      'node',
      [bin, 'check', '--stdin', '--stdin-filename', 'agents/pilot.md'],
      {
        cwd: dir,
        // Plain output whatever colour settings the test run has.
        env: { ...process.env, FORCE_COLOR: '0' },
        input: PILOT.replace('type: agent', 'type: agnet'),
        encoding: 'utf8',
      },
    );
    expect(piped.status).toBe(1);
    expect(piped.stdout.split('\n')[0]).toMatch(/^agents\/pilot\.md:2:7 error unknown-type /);
  });
});
