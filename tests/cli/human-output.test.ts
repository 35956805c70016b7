import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run, type Io } from '../../src/cli/main.ts';

const dir = mkdtempSync(join(tmpdir(), 'agentcard-human-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, 'bad.yaml'), 'type: agent\nname: bad\nmodle: x\ninstruction: Be bad.\n');
writeFileSync(join(dir, 'warn.yaml'), 'name: warned\ninstruction: Warn.\n');
writeFileSync(join(dir, 'good.md'), '---\ntype: agent\nname: good\n---\nBe good.\n');
// A quote left open on line 2: the parser notices at the end of the frontmatter.
writeFileSync(
  join(dir, 'quote.md'),
  '---\ndescription: "Writes posts\nname: quote\n---\nBe brief.\n',
);

function runCli(args: string[], extra: Partial<Io> = {}) {
  let out = '';
  let err = '';
  const code = run(args, { cwd: dir, out: (t) => (out += t), err: (t) => (err += t), ...extra });
  return { code, out, err };
}

const FILES = ['bad.yaml', 'warn.yaml', 'good.md'];
const SUMMARY = '1 error, 1 warning, 0 notes in 3 files; 2 agents compiled (profile rfc)';
const GROUPED = [
  'bad.yaml',
  "  3:1  error  Unknown field 'modle' for type 'agent'; did you mean 'model'?  unknown-field",
  '    3 | modle: x',
  '      | ^^^^^',
  '',
  'warn.yaml',
  '  1:1  warning  The card has no `type`; it is read as `agent`  missing-type',
  '    1 | name: warned',
  '      | ^^^^^^^^^^^^',
  '',
  SUMMARY,
  '',
];
const ONE_LINE = [
  "bad.yaml:3:1 error unknown-field Unknown field 'modle' for type 'agent'; did you mean 'model'?",
  'warn.yaml:1:1 warning missing-type The card has no `type`; it is read as `agent`',
  SUMMARY,
  '',
];
const ESC = '\u001b';

describe('agentcard check, human reporter', () => {
  it('prints one line per problem when stdout is not a terminal, as before', () => {
    const { code, out } = runCli(['check', ...FILES]);
    expect(code).toBe(1);
    expect(out.split('\n')).toEqual(ONE_LINE);
  });

  it('--pretty groups problems under their file and underlines the range in the source line', () => {
    expect(runCli(['check', '--pretty', ...FILES]).out.split('\n')).toEqual(GROUPED);
  });

  it("--pretty prints a YAML error's likely cause and its hint under the excerpt", () => {
    const { out } = runCli(['check', '--pretty', 'quote.md']);
    const lines = out.split('\n');
    const at = lines.findIndex((line) => line.includes('yaml-syntax'));
    expect(at).toBeGreaterThan(0);
    const after = lines.slice(at + 1, at + 6);
    expect(after.filter((line) => line.startsWith('    = '))).toEqual([
      expect.stringMatching(/^ {4}= likely cause: line 2, column \d+$/),
      expect.stringMatching(/^ {4}= hint: .*quot/i),
    ]);
  });

  it('groups and colours by default at a terminal: bold file, red error, yellow warning, dim positions', () => {
    const { code, out } = runCli(['check', ...FILES], { isTTY: true, env: {} });
    expect(code).toBe(1);
    const lines = out.split('\n');
    expect(lines[0]).toBe(`${ESC}[4m${ESC}[1mbad.yaml${ESC}[22m${ESC}[24m`);
    expect(lines[1]).toBe(
      `  ${ESC}[2m3:1${ESC}[22m  ${ESC}[31merror${ESC}[39m  Unknown field 'modle' for type 'agent'; did you mean 'model'?  ${ESC}[2munknown-field${ESC}[22m`,
    );
    expect(lines[3]).toBe(`${ESC}[2m      | ${ESC}[22m${ESC}[31m^^^^^${ESC}[39m`);
    expect(lines[6]).toContain(`${ESC}[33mwarning${ESC}[39m`);
    expect(lines.at(-2)).toBe(
      `${ESC}[1m${ESC}[31m1 error${ESC}[39m${ESC}[22m, ${ESC}[1m${ESC}[33m1 warning${ESC}[39m${ESC}[22m, 0 notes in 3 files; 2 agents compiled (profile rfc)`,
    );
    expect(out.replace(/\u001b\[\d+m/g, '').split('\n')).toEqual(GROUPED);
  });

  it('honours NO_COLOR, --no-color and FORCE_COLOR=0 at a terminal: grouped, without colour', () => {
    expect(runCli(['check', ...FILES], { isTTY: true, env: { NO_COLOR: '1' } }).out).toBe(
      GROUPED.join('\n'),
    );
    expect(runCli(['check', '--no-color', ...FILES], { isTTY: true, env: {} }).out).toBe(
      GROUPED.join('\n'),
    );
    expect(runCli(['check', ...FILES], { isTTY: true, env: { FORCE_COLOR: '0' } }).out).toBe(
      GROUPED.join('\n'),
    );
  });

  it('colours when forced (FORCE_COLOR, --color) without a terminal, keeping the one-line format', () => {
    const forced = runCli(['check', ...FILES], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } }).out;
    expect(forced.split('\n')[0]).toBe(
      `bad.yaml:3:1 ${ESC}[31merror${ESC}[39m unknown-field Unknown field 'modle' for type 'agent'; did you mean 'model'?`,
    );
    expect(forced.replace(/\u001b\[\d+m/g, '').split('\n')).toEqual(ONE_LINE);
    expect(runCli(['check', '--color', ...FILES], { env: {} }).out).toBe(forced);
  });

  it('the later of --color and --no-color wins', () => {
    const on = runCli(['check', '--no-color', '--color', ...FILES], { env: {} }).out;
    expect(on).toContain(ESC);
    const off = runCli(['check', '--color', '--no-color', ...FILES], { isTTY: true, env: {} }).out;
    expect(off).not.toContain(ESC);
  });

  it('--no-pretty keeps one line per problem at a terminal', () => {
    const { out } = runCli(['check', '--no-pretty', '--no-color', ...FILES], { isTTY: true });
    expect(out.split('\n')).toEqual(ONE_LINE);
  });

  it('--quiet shows errors only; the summary still counts the warnings and the exit code is unchanged', () => {
    const quiet = runCli(['check', '--quiet', ...FILES]);
    expect(quiet.code).toBe(1);
    expect(quiet.out.split('\n')).toEqual([ONE_LINE[0], SUMMARY, '']);
    expect(runCli(['check', '-q', '--pretty', ...FILES]).out.split('\n')).toEqual([
      ...GROUPED.slice(0, 5),
      SUMMARY,
      '',
    ]);
    const warnOnly = runCli(['check', '-q', '--max-warnings', '0', 'warn.yaml']);
    expect(warnOnly).toEqual({
      code: 1,
      out: '0 errors, 1 warning, 0 notes in 1 file; 1 agent compiled (profile rfc)\n',
      err: 'agentcard: 1 warning, more than --max-warnings 0\n',
    });
  });

  it('a clean run at a terminal prints the summary alone', () => {
    expect(runCli(['check', 'good.md'], { isTTY: true, env: { NO_COLOR: '1' } })).toEqual({
      code: 0,
      out: '0 errors, 0 warnings, 0 notes in 1 file; 1 agent compiled (profile rfc)\n',
      err: '',
    });
  });
});
