import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { run, toJson } from '../../src/cli/main.ts';
import { checkLoadSet } from '../../src/core/index.ts';
import { goldenCases } from '../golden/golden-corpus.ts';

function runCli(args: string[], cwd: string) {
  let out = '';
  let err = '';
  const code = run(args, { cwd, out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('agentcard check agrees with the core on the golden corpus', () => {
  for (const golden of goldenCases('rfc')) {
    it(`${golden.name}: --json equals the core's result and the exit code follows its errors`, () => {
      const { code, out } = runCli(['check', '--json', ...golden.cards], golden.dir);
      const core = checkLoadSet(golden.files, { profile: 'rfc', cards: golden.cards });
      expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(toJson(core))));
      expect(code).toBe(core.diagnostics.some((d) => d.severity === 'error') ? 1 : 0);
    });
  }
});

describe('agentcard check output', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agentcard-cli-'));
  writeFileSync(join(dir, 'good.md'), '---\ntype: agent\nname: good\n---\nBe good.\n');
  writeFileSync(join(dir, 'bad.yaml'), 'type: agent\nname: bad\nmodle: x\n');
  mkdirSync(join(dir, 'cards'));
  writeFileSync(
    join(dir, 'cards', 'one.md'),
    '---\ntype: chain\nname: one\nsequence: [two]\n---\n',
  );
  writeFileSync(join(dir, 'cards', 'two.yaml'), 'name: two\ninstruction: Two.\n');
  writeFileSync(join(dir, 'cards', 'notes.txt'), 'not a card');

  it('prints file:line:col severity code message and a summary, exit 1 on errors', () => {
    const { code, out } = runCli(['check', 'good.md', 'bad.yaml'], dir);
    expect(code).toBe(1);
    const lines = out.trim().split('\n');
    expect(lines[0]).toMatch(/^bad\.yaml:3:1 error unknown-field /);
    expect(lines.at(-1)).toMatch(/^1 error, 0 warnings, 0 notes in 2 files; 1 agent compiled/);
  });

  it('exits 0 when there are only warnings or nothing', () => {
    expect(runCli(['check', 'good.md'], dir).code).toBe(0);
  });

  it('reads a folder as one load-set of the card files directly inside it', () => {
    const { code, out } = runCli(['check', '--json', 'cards'], dir);
    const json = JSON.parse(out);
    expect(json.agents.map((a: { name: string }) => a.name)).toEqual(['one', 'two']);
    expect(json.agents[0]).toMatchObject({ type: 'chain', file: 'cards/one.md', line: 1 });
    expect(json.agents[0].data.sequence).toEqual(['two']);
    expect(json.diagnostics).toEqual([
      expect.objectContaining({
        code: 'missing-type',
        severity: 'warning',
        file: 'cards/two.yaml',
      }),
    ]);
    expect(code).toBe(0);
  });

  it('skips what no format claims in a folder: a history .json and Markdown without frontmatter', () => {
    const folder = join(dir, 'mixed');
    mkdirSync(folder);
    writeFileSync(
      join(folder, 'helper.md'),
      '---\ntype: agent\nname: helper\nmessages: history.json\n---\nHelp.\n',
    );
    writeFileSync(join(folder, 'history.json'), '{"messages": []}');
    writeFileSync(join(folder, 'README.md'), '# Notes\n\nNot a card.\n');
    const { code, out } = runCli(['check', '--json', 'mixed'], dir);
    const json = JSON.parse(out);
    expect(code).toBe(0);
    expect(json.agents.map((a: { name: string }) => a.name)).toEqual(['helper']);
    expect(json.diagnostics.map((d: { code: string; file: string }) => [d.code, d.file])).toEqual([
      ['not-a-card', 'mixed/README.md'],
    ]);
  });

  it('reads a TsAgent agent folder whole, given the folder or its parent, and its prompt.md is no card', () => {
    const agent = join(dir, 'agents', 'helper');
    mkdirSync(join(agent, 'rules'), { recursive: true });
    const config = {
      metadata: {
        name: 'Helper',
        description: 'Helps.',
        created: '2025-04-07T17:32:29.081Z',
        lastAccessed: '2025-04-07T17:32:29.081Z',
      },
      settings: { maxChatTurns: '10', temperature: '0.5', mostRecentModel: 'gemini:flash' },
    };
    writeFileSync(join(agent, 'tsagent.json'), JSON.stringify(config, null, 2));
    writeFileSync(join(agent, 'prompt.md'), 'You help with travel.\n');
    writeFileSync(
      join(agent, 'rules', 'tone.mdt'),
      '---\n{"name": "tone", "description": "Tone", "priorityLevel": 100, "include": "always"}\n---\nBe brief.\n',
    );
    for (const target of ['agents/helper', 'agents']) {
      const { code, out } = runCli(['check', '--json', target], dir);
      const json = JSON.parse(out);
      expect(code, target).toBe(0);
      expect(json.diagnostics.filter((d: { severity: string }) => d.severity !== 'info')).toEqual(
        [],
      );
      expect(json.agents.map((a: { name: string }) => a.name)).toEqual(['Helper']);
      expect(json.agents[0].data.config.instruction).toMatch(
        /You help with travel\.[\s\S]*Be brief\./,
      );
    }
  });

  it('still reports a named file that no format reads', () => {
    const { code, out } = runCli(['check', 'cards/notes.txt'], dir);
    expect(code).toBe(1);
    expect(out).toMatch(/unsupported-file/);
  });

  it('expands ${VAR} from its environment in the fast-agent profile, as fast-agent does', () => {
    writeFileSync(join(dir, 'env.yaml'), 'name: ${AGENT_NAME}\nmodel: ${MISSING:haiku}\n');
    let out = '';
    const code = run(['check', '--json', '--profile', 'fast-agent', 'env.yaml'], {
      cwd: dir,
      env: { AGENT_NAME: 'from_env' },
      out: (t) => (out += t),
      err: () => undefined,
    });
    expect(code).toBe(0);
    const [agent] = JSON.parse(out).agents;
    expect(agent.name).toBe('from_env');
    expect(agent.data.config.model).toBe('haiku');
    expect(JSON.parse(runCli(['check', '--json', 'env.yaml'], dir).out).agents[0].name).toBe(
      '${AGENT_NAME}',
    );
  });

  it('uses file paths relative to the working folder with / separators', () => {
    const { out } = runCli(['check', '--json', join(dir, 'cards', 'one.md')], join(dir, 'cards'));
    expect(JSON.parse(out).diagnostics[0].file).toBe('one.md');
  });

  it('answers usage and I/O problems with exit 2', () => {
    expect(runCli(['check'], dir).code).toBe(2);
    expect(runCli(['lint', 'x'], dir).code).toBe(2);
    expect(runCli(['check', '--profile', 'nope', 'good.md'], dir).code).toBe(2);
    expect(runCli(['check', 'missing.md'], dir).code).toBe(2);
    expect(runCli(['check', '--wat', 'good.md'], dir).code).toBe(2);
  });

  it('switches rules with --profile fast-agent', () => {
    writeFileSync(join(dir, 'bundle.yaml'), '---\nname: a\n---\nname: b\n');
    expect(runCli(['check', 'bundle.yaml'], dir).code).toBe(0);
    const { code, out } = runCli(
      ['check', '--json', '--profile', 'fast-agent', 'bundle.yaml'],
      dir,
    );
    expect(code).toBe(1);
    expect(JSON.parse(out).diagnostics[0]).toMatchObject({
      code: 'yaml-syntax',
      line: 3,
      column: 1,
    });
  });

  it('runs as the installed bin with plain node from any folder', () => {
    const bin = new URL('../../bin/agentcard.js', import.meta.url).pathname;
    const build = spawnSync('npm', ['run', 'build:cli'], {
      cwd: new URL('../..', import.meta.url).pathname,
      encoding: 'utf8',
    });
    expect(build.status).toBe(0);
    const out = execFileSync('node', [bin, 'check', '--json', 'good.md'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(JSON.parse(out).agents[0].name).toBe('good');
    const bad = spawnSync('node', [bin, 'check', 'bad.yaml'], { cwd: dir, encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('bad.yaml:3:1 error unknown-field');
  }, 60_000);
});
