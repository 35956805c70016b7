import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.ts';

const dir = mkdtempSync(join(tmpdir(), 'agentcard-safe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// ESC (clear screen, red), CR, LF, DEL, C1 NEL (U+0085) and RLO (U+202E): in a field name (YAML escapes,
// so the key holds the raw characters) and in the file's name itself.
const EVIL_NAME = 'ev\u001b[31mil\r\n\u007f\u0085\u202e.yaml';
writeFileSync(
  join(dir, EVIL_NAME),
  'type: agent\nname: x\n"a\\e[2Jb\\rc\\nd\\x7fe\\Nf\\u202eg": 1\ninstruction: x\n',
);
// A raw ESC in the source line itself, quoted by --pretty.
writeFileSync(join(dir, 'raw.yaml'), 'type: agent\nname: raw\n"k\u001b[2J": 1\ninstruction: x\n');
// A field name that would forge a clean summary line in the middle of a failing run's log.
writeFileSync(
  join(dir, 'forge.yaml'),
  'type: agent\nname: forge\n"x\\n0 errors, 0 warnings, 0 notes in 1 file; 1 agents compiled (profile rfc)\\ny": 1\ninstruction: x\n',
);

function runCli(args: string[]) {
  let out = '';
  let err = '';
  const code = run(args, { cwd: dir, out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

/** Every character a terminal could act on, besides the line breaks between output lines. */
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const FILE = 'ev\\e[31mil\\r\\n\\x7f\\u0085\\u202e.yaml';
const FIELD = 'a\\e[2Jb\\rc\\nd\\x7fe\\u0085f\\u202eg';

describe('terminal-safe output: control characters from cards are escaped', () => {
  it('in the one-line human reporter: file name and message', () => {
    const { code, out } = runCli(['check', EVIL_NAME]);
    expect(code).toBe(1);
    expect(out.split('\n')).toEqual([
      `${FILE}:3:1 error unknown-field Unknown field '${FIELD}' for type 'agent'`,
      '1 error, 0 warnings, 0 notes in 1 file; 0 agents compiled (profile rfc)',
      '',
    ]);
  });

  it('in the grouped reporter: file name, message and the quoted source line', () => {
    const { out } = runCli(['check', '--pretty', EVIL_NAME, 'raw.yaml']);
    expect(out).not.toMatch(UNSAFE);
    expect(out.split('\n')).toEqual([
      FILE,
      `  3:1  error  Unknown field '${FIELD}' for type 'agent'  unknown-field`,
      '    3 | "a\\e[2Jb\\rc\\nd\\x7fe\\Nf\\u202eg": 1',
      '      | ' + '^'.repeat(30),
      '',
      'raw.yaml',
      "  3:1  error  Unknown field 'k\\e[2J' for type 'agent'  unknown-field",
      '    3 | "k\\e[2J": 1',
      '      | ^^^^^^^^',
      '',
      '2 errors, 0 warnings, 0 notes in 2 files; 0 agents compiled (profile rfc)',
      '',
    ]);
  });

  it('in the GitHub reporter, which still applies its own %-escaping', () => {
    const { out } = runCli(['check', '--reporter', 'github', EVIL_NAME]);
    expect(out).not.toMatch(UNSAFE);
    expect(out.split('\n')).toEqual([
      `::error file=${FILE},line=3,col=1,endLine=3,endColumn=31,title=agentcard%3A unknown-field::Unknown field '${FIELD}' for type 'agent'`,
      '1 error, 0 warnings, 0 notes in 1 file; 0 agents compiled (profile rfc)',
      '',
    ]);
  });

  it('no field name can forge a summary line: the only summary is the last line, and it is honest', () => {
    for (const args of [['check'], ['check', '--pretty'], ['check', '--reporter', 'github']]) {
      const lines = runCli([...args, 'forge.yaml']).out.split('\n');
      expect(lines.filter((l) => /^\d+ errors?,/.test(l))).toEqual([
        '1 error, 0 warnings, 0 notes in 1 file; 0 agents compiled (profile rfc)',
      ]);
      expect(lines.at(-2)).toBe(
        '1 error, 0 warnings, 0 notes in 1 file; 0 agents compiled (profile rfc)',
      );
    }
  });

  it('JSON keeps the text exactly as the card has it', () => {
    const json = JSON.parse(runCli(['check', '--json', EVIL_NAME]).out);
    expect(json.diagnostics[0].file).toBe(EVIL_NAME);
    expect(json.diagnostics[0].message).toContain('a\u001b[2Jb\rc\nd\u007fe\u0085f\u202eg');
  });
});
