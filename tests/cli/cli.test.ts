import { mkdtempSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { run, toJson } from '../../src/cli/main.ts';
import { escapeData, escapeProperty } from '../../src/cli/reporters.ts';
import { checkLoadSet, FAST_AGENT_DEFAULT_INSTRUCTION } from '../../src/core/index.ts';
import { goldenCases } from '../golden/golden-corpus.ts';
import { hangGuard } from '../setup/hang-guard.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

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
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
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
    expect(lines[0]).toMatch(/^bad\.yaml:2:7 info default-instruction /);
    expect(lines[1]).toMatch(/^bad\.yaml:3:1 error unknown-field /);
    expect(lines.at(-1)).toMatch(/^1 error, 0 warnings, 1 note in 2 files; 1 agent compiled/);
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
        code: 'default-instruction',
        severity: 'info',
        file: 'cards/one.md',
      }),
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

  it('reads a Markdown history file that a card names in messages as history, not as a card candidate', () => {
    const folder = join(dir, 'with-history');
    mkdirSync(folder);
    writeFileSync(
      join(folder, 'support.md'),
      '---\ntype: agent\nname: support\nmessages: ./history.md\n---\nHelp.\n',
    );
    writeFileSync(join(folder, 'history.md'), 'Hello.\n---ASSISTANT\nHi!\n');
    const { code, out } = runCli(['check', '--json', 'with-history'], dir);
    const json = JSON.parse(out);
    expect(json.diagnostics).toEqual([]);
    expect(json.agents.map((a: { name: string }) => a.name)).toEqual(['support']);
    expect(json.agents[0].history).toEqual([
      { role: 'user', content: 'Hello.' },
      { role: 'assistant', content: 'Hi!' },
    ]);
    expect(code).toBe(0);
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

  it('reads files as the format --format names instead of the detected one', () => {
    writeFileSync(
      join(dir, 'tutor.md'),
      '---\nspec_version: 0.3.0\nname: Tutor\n---\n\n# Role\n\nYou teach.\n\n# Instructions\n\nExplain.\n',
    );
    const detected = JSON.parse(runCli(['check', '--json', 'tutor.md'], dir).out);
    expect(detected.diagnostics).toEqual([]);
    expect(detected.agents[0]).toMatchObject({ name: 'Tutor', file: 'tutor.md', format: 'afm' });
    expect(detected.agents[0].extras).toBeDefined();
    const asCard = runCli(['check', '--json', '--format', 'agentcard', 'tutor.md'], dir);
    expect(asCard.code).toBe(1);
    expect(JSON.parse(asCard.out).diagnostics.map((d: { code: string }) => d.code)).toContain(
      'unknown-field',
    );
    expect(runCli(['check', '--format', 'word', 'tutor.md'], dir).code).toBe(2);
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

  it('writes its clock day into {{currentDate}} and compiles the default instruction in the fast-agent profile', () => {
    writeFileSync(
      join(dir, 'dated.md'),
      '---\ntype: agent\nname: dated\n---\nToday is {{currentDate}}.\n',
    );
    writeFileSync(join(dir, 'plain.yaml'), 'type: agent\nname: plain\n');
    const compiled = (profile: string) => {
      let out = '';
      run(['check', '--json', '--profile', profile, 'dated.md', 'plain.yaml'], {
        cwd: dir,
        now: () => new Date(2025, 6, 4, 12),
        out: (t) => (out += t),
        err: () => undefined,
      });
      const json = JSON.parse(out);
      return Object.fromEntries(
        json.agents.map((a: { name: string; data: { config: { instruction: unknown } } }) => [
          a.name,
          a.data.config.instruction,
        ]),
      );
    };
    expect(compiled('fast-agent')).toEqual({
      dated: 'Today is 04 July 2025.',
      plain: FAST_AGENT_DEFAULT_INSTRUCTION,
    });
    expect(compiled('rfc')).toEqual({ dated: 'Today is {{currentDate}}.', plain: null });
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

  it(
    'runs as the installed bin with plain node from any folder',
    () => {
      const bin = new URL('../../bin/agentcard.js', import.meta.url).pathname;
      const out = execFileSync('node', [bin, 'check', '--json', 'good.md'], {
        cwd: dir,
        encoding: 'utf8',
      });
      // Plain output whatever colour settings the test run has.
      const env = { ...process.env, FORCE_COLOR: '0' };
      expect(JSON.parse(out).agents[0].name).toBe('good');
      const bad = spawnSync('node', [bin, 'check', 'bad.yaml'], {
        cwd: dir,
        env,
        encoding: 'utf8',
      });
      expect(bad.status).toBe(1);
      expect(bad.stdout).toContain('bad.yaml:3:1 error unknown-field');
      const version = spawnSync('node', [bin, '--version'], { cwd: dir, encoding: 'utf8' });
      expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    },
    hangGuard(60_000),
  );
});

describe('agentcard check reporters', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agentcard-reporters-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // A file name with `,` and `:` and a field name with `%`: each must be escaped in the annotations.
  writeFileSync(join(dir, 'a,b:c.yaml'), 'name: ci\nmodle: x\n"50%": 1\n');
  writeFileSync(join(dir, 'good.md'), '---\ntype: agent\nname: ok\n---\nHi.\n');
  writeFileSync(join(dir, 'warn.yaml'), 'name: warned\n');

  it('--reporter github prints one GitHub Actions annotation per problem, then the summary', () => {
    const { code, out } = runCli(
      ['check', '--reporter', 'github', 'a,b:c.yaml', 'good.md', 'warn.yaml'],
      dir,
    );
    expect(code).toBe(1);
    expect(out.split('\n')).toEqual([
      '::warning file=a%2Cb%3Ac.yaml,line=1,col=1,endLine=1,endColumn=9,title=agentcard%3A missing-type::The card has no `type`; it is read as `agent`',
      '::notice file=a%2Cb%3Ac.yaml,line=1,col=7,endLine=1,endColumn=9,title=agentcard%3A default-instruction::No instruction: the RFC has no default, so `instruction` compiles to null; fast-agent 0.10.9 would use its built-in default instruction ("You are a helpful AI Agent." and placeholders it fills at run time)',
      "::error file=a%2Cb%3Ac.yaml,line=2,col=1,endLine=2,endColumn=6,title=agentcard%3A unknown-field::Unknown field 'modle' for type 'agent'; did you mean 'model'?",
      "::error file=a%2Cb%3Ac.yaml,line=3,col=1,endLine=3,endColumn=6,title=agentcard%3A unknown-field::Unknown field '50%25' for type 'agent'",
      '::warning file=warn.yaml,line=1,col=1,endLine=1,endColumn=13,title=agentcard%3A missing-type::The card has no `type`; it is read as `agent`',
      '::notice file=warn.yaml,line=1,col=7,endLine=1,endColumn=13,title=agentcard%3A default-instruction::No instruction: the RFC has no default, so `instruction` compiles to null; fast-agent 0.10.9 would use its built-in default instruction ("You are a helpful AI Agent." and placeholders it fills at run time)',
      '2 errors, 2 warnings, 2 notes in 3 files; 2 agents compiled (profile rfc)',
      '',
    ]);
  });

  it('annotates notes as ::notice', () => {
    mkdirSync(join(dir, 'folder'));
    writeFileSync(join(dir, 'folder', 'readme.md'), '# Not a card\n');
    writeFileSync(join(dir, 'folder', 'one.md'), '---\ntype: agent\n---\n');
    const { out } = runCli(['check', '--reporter=github', 'folder'], dir);
    expect(out).toMatch(
      /^::notice file=folder\/readme\.md,line=1,col=1,.*title=agentcard%3A not-a-card::/m,
    );
  });

  it('escapes messages and properties as GitHub reads workflow commands', () => {
    expect(escapeData('100% done\r\nnext: a, b')).toBe('100%25 done%0D%0Anext: a, b');
    expect(escapeProperty('100% done\r\nnext: a, b')).toBe('100%25 done%0D%0Anext%3A a%2C b');
  });

  it('--reporter json is --json', () => {
    const args = ['good.md', 'warn.yaml'];
    const json = runCli(['check', '--json', ...args], dir);
    expect(runCli(['check', '--reporter', 'json', ...args], dir)).toEqual(json);
    expect(JSON.parse(json.out).diagnostics.map((d: { code: string }) => d.code)).toEqual([
      'missing-type',
      'default-instruction',
    ]);
  });

  it('--max-warnings N exits 1 when there are more than N warnings, and says so on stderr', () => {
    expect(runCli(['check', 'good.md', 'warn.yaml'], dir).code).toBe(0);
    expect(runCli(['check', '--max-warnings', '1', 'good.md', 'warn.yaml'], dir).code).toBe(0);
    const over = runCli(['check', '--max-warnings=0', 'good.md', 'warn.yaml'], dir);
    expect(over.code).toBe(1);
    expect(over.err).toBe('agentcard: 1 warning, more than --max-warnings 0\n');
    expect(over.out).toMatch(/^warn\.yaml:1:1 warning missing-type /);
    expect(runCli(['check', '--max-warnings', '0', 'good.md'], dir).code).toBe(0);
  });

  it('answers a bad --reporter or --max-warnings with exit 2', () => {
    expect(runCli(['check', '--reporter', 'sarif', 'good.md'], dir).code).toBe(2);
    expect(runCli(['check', '--max-warnings', '-1', 'good.md'], dir).code).toBe(2);
    expect(runCli(['check', '--max-warnings', 'many', 'good.md'], dir).code).toBe(2);
    expect(runCli(['check', 'good.md', '--max-warnings'], dir).code).toBe(2);
  });
});

describe('the core as a library: agentcard-playground/core', () => {
  // Inside the package folder, so Node resolves the package's own name through its `exports` (self-reference),
  // as it would for a project that has the package in node_modules.
  const dir = join(ROOT, 'test-results', 'library-import');
  mkdirSync(dir, { recursive: true });

  it(
    'imports from plain Node ESM by the package name and checks a load-set',
    () => {
      const script = join(dir, 'use-core.mjs');
      writeFileSync(
        script,
        [
          "import { checkLoadSet, generateSchemas } from 'agentcard-playground/core';",
          'const result = checkLoadSet({',
          "  'chain.md': '---\\ntype: chain\\nname: c\\nsequence: [a]\\n---\\n',",
          "  'a.yaml': 'type: agent\\nname: a\\nmodle: x\\n',",
          '});',
          'console.log(JSON.stringify({',
          '  agents: result.agents.map((a) => [a.name, a.type, a.ok]),',
          '  codes: result.diagnostics.map((d) => [d.file, d.line, d.code, d.severity]),',
          "  schemas: generateSchemas().some((f) => f.path === 'schemas/v1/agentcard.schema.json'),",
          '}));',
        ].join('\n'),
      );
      const out = execFileSync('node', [script], { cwd: tmpdir(), encoding: 'utf8' });
      expect(JSON.parse(out)).toEqual({
        agents: [['c', 'chain', true]],
        codes: [
          ['a.yaml', 2, 'default-instruction', 'info'],
          ['a.yaml', 3, 'unknown-field', 'error'],
          ['chain.md', 3, 'default-instruction', 'info'],
        ],
        schemas: true,
      });
    },
    hangGuard(60_000),
  );

  it(
    'comes with types that TypeScript resolves from the package name',
    () => {
      writeFileSync(
        join(dir, 'use-core.mts'),
        [
          "import { checkLoadSet, type CheckResult, type Diagnostic } from 'agentcard-playground/core';",
          "const result: CheckResult = checkLoadSet({ 'a.md': '---\\nname: a\\n---\\n' });",
          'const first: Diagnostic | undefined = result.diagnostics[0];',
          '// @ts-expect-error: a load-set maps paths to texts',
          "checkLoadSet({ 'a.md': 1 });",
          'export const line: number | undefined = first?.line;',
        ].join('\n'),
      );
      const tsc = spawnSync(
        'node',
        [
          join(ROOT, 'node_modules/typescript/bin/tsc'),
          '--noEmit',
          '--strict',
          '--module',
          'nodenext',
          '--moduleResolution',
          'nodenext',
          '--skipLibCheck',
          '--types',
          'node',
          join(dir, 'use-core.mts'),
        ],
        { cwd: ROOT, encoding: 'utf8' },
      );
      expect(tsc.stdout + tsc.stderr).toBe('');
      expect(tsc.status).toBe(0);
    },
    hangGuard(60_000),
  );
});
