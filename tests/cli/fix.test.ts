import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.ts';

function runCli(args: string[], cwd: string) {
  let out = '';
  let err = '';
  const code = run(args, { cwd, out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

const CARD = 'type: agent\nname: a\nmodle: gpt\ninstruction: A.\n';
const CHAIN = 'type: chain\nname: c\nsequence: [writr]\n';
const WRITER = 'type: agent\nname: writer\ninstruction: W.\n';

describe('agentcard check --fix', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agentcard-fix-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const reset = () => {
    writeFileSync(join(dir, 'a.yaml'), CARD);
    writeFileSync(join(dir, 'c.yaml'), CHAIN);
    writeFileSync(join(dir, 'writer.yaml'), WRITER);
  };
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  const args = ['check', '--root', '.', '--no-pretty', 'a.yaml', 'c.yaml', 'writer.yaml'];

  it('applies the safe fixes in place and reports what remains with the check exit code', () => {
    reset();
    const { code, out, err } = runCli([...args, '--fix'], dir);
    expect(read('a.yaml')).toBe('type: agent\nname: a\nmodel: gpt\ninstruction: A.\n');
    expect(read('c.yaml')).toBe(CHAIN);
    expect(err).toBe("agentcard: applied 1 fix in 1 file\n  a.yaml\n    Change to 'model'\n");
    expect(out).toMatch(/^c\.yaml:3:\d+ error unknown-agent-ref /m);
    expect(out).not.toMatch(/unknown-field/);
    expect(code).toBe(1);
  });

  it('changes nothing on a second run', () => {
    const before = [read('a.yaml'), read('c.yaml')];
    const { err } = runCli([...args, '--fix'], dir);
    expect(err).toBe('');
    expect([read('a.yaml'), read('c.yaml')]).toEqual(before);
  });

  it('--fix-unsafe also applies the unsafe fixes, and then the load-set checks clean', () => {
    reset();
    const { code, err } = runCli([...args, '--fix-unsafe'], dir);
    expect(read('c.yaml')).toBe('type: chain\nname: c\nsequence: [writer]\n');
    expect(err).toBe(
      "agentcard: applied 2 fixes in 2 files\n  a.yaml\n    Change to 'model'\n  c.yaml\n    Change to 'writer'\n",
    );
    expect(code).toBe(0);
  });

  it('--fix-dry-run prints a unified diff and writes nothing', () => {
    reset();
    const { code, out, err } = runCli([...args, '--fix-dry-run'], dir);
    expect(out).toBe(
      '--- a/a.yaml\n+++ b/a.yaml\n@@ -1,4 +1,4 @@\n type: agent\n name: a\n-modle: gpt\n+model: gpt\n instruction: A.\n',
    );
    expect(err).toBe("agentcard: would apply 1 fix in 1 file\n  a.yaml\n    Change to 'model'\n");
    expect(read('a.yaml')).toBe(CARD);
    expect(code).toBe(1);
  });

  it('puts the fixes in the JSON output with line and column', () => {
    reset();
    const { out } = runCli(['check', '--json', 'a.yaml'], dir);
    const d = JSON.parse(out).diagnostics.find((x: { code: string }) => x.code === 'unknown-field');
    expect(d.fixes).toEqual([
      {
        title: "Change to 'model'",
        safe: true,
        edits: [
          {
            file: 'a.yaml',
            from: 20,
            to: 25,
            insert: 'model',
            line: 3,
            column: 1,
            endLine: 3,
            endColumn: 6,
          },
        ],
      },
    ]);
  });

  it('refuses --fix with --stdin', () => {
    const { code, err } = runCli(['check', '--stdin', '--stdin-filename', 'x.yaml', '--fix'], dir);
    expect(code).toBe(2);
    expect(err).toMatch(/--fix cannot write back to standard input/);
  });
});

describe('agentcard check --fix outside the load-set root', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agentcard-fix-root-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'root'));
  mkdirSync(join(dir, 'elsewhere'));
  const TYPO = 'type: agent\nname: a\nmodle: gpt\ninstruction: A.\n';

  it('offers no fix creating a history file above the root, so none is written', () => {
    writeFileSync(join(dir, 'root', 'a.yaml'), `${TYPO}messages: ../x.json\n`);
    const { code, out } = runCli(
      ['check', '--root', 'root', '--no-pretty', '--fix-unsafe', 'root/a.yaml'],
      dir,
    );
    expect(existsSync(join(dir, 'x.json'))).toBe(false);
    expect(readFileSync(join(dir, 'root', 'a.yaml'), 'utf8')).toBe(
      'type: agent\nname: a\nmodel: gpt\ninstruction: A.\nmessages: ../x.json\n',
    );
    expect(out).toMatch(/path-outside-root|messages-file-not-found/);
    expect(code).not.toBe(2);
  });

  it('writes nothing and exits 2 when an edit would land outside the root through a link', () => {
    // root/helper.yaml is a dangling link out of the root: the bundle split would create it there.
    symlinkSync(join(dir, 'elsewhere', 'helper.yaml'), join(dir, 'root', 'helper.yaml'));
    const bundle = `${TYPO}---\ntype: agent\nname: helper\ninstruction: H.\n`;
    writeFileSync(join(dir, 'root', 'team.yaml'), bundle);
    const { code, err } = runCli(
      [
        'check',
        '--root',
        'root',
        '--no-pretty',
        '--fix',
        '--profile',
        'fast-agent',
        'root/team.yaml',
      ],
      dir,
    );
    expect(existsSync(join(dir, 'elsewhere', 'helper.yaml'))).toBe(false);
    expect(readFileSync(join(dir, 'root', 'team.yaml'), 'utf8')).toBe(bundle);
    expect(err).toMatch(/refusing to write root\/helper\.yaml: it is outside the load-set root/);
    expect(code).toBe(2);
  });
});
