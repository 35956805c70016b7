import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.ts';

function runCli(args: string[]) {
  let out = '';
  let err = '';
  const code = run(args, { cwd: '/', out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

const VERSION = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
  .version as string;

describe('agentcard --version and help', () => {
  it('--version and -v print the package version alone', () => {
    for (const flag of ['--version', '-v'])
      expect(runCli([flag])).toEqual({ code: 0, out: `${VERSION}\n`, err: '' });
  });

  it('help, --help, -h and no arguments print the commands, the global options and the exit codes', () => {
    const help = runCli(['help']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: agentcard COMMAND \[options\]\n/);
    expect(help.out).toContain('\n  check PATH...  ');
    expect(help.out).toContain('\n  -v, --version  ');
    expect(help.out).toContain(
      '\nExit codes:\n  0  no errors (warnings and notes allowed)\n  1  errors in the cards',
    );
    for (const args of [['--help'], ['-h'], []]) expect(runCli(args)).toEqual(help);
  });

  it('help COMMAND is COMMAND --help, which lists every option and the exit codes', () => {
    for (const command of ['check', 'convert', 'graph']) {
      const help = runCli(['help', command]);
      expect(help.code).toBe(0);
      expect(help.out).toMatch(new RegExp(`^Usage: agentcard ${command} `));
      expect(help.out).toContain('  2  usage or I/O problems');
      expect(runCli([command, '--help'])).toEqual(help);
      expect(runCli([command, '-h'])).toEqual(help);
    }
    const check = runCli(['help', 'check']).out;
    for (const option of [
      '      --reporter NAME ',
      '  -q, --quiet ',
      '      --pretty ',
      '      --no-color ',
      '      --stdin-filename PATH ',
    ])
      expect(check).toContain(`\n${option}`);
  });
});

describe('agentcard usage errors: one line, naming the problem, with a hint to run --help', () => {
  const cases: Array<[string[], string]> = [
    [
      ['chek', 'agents/'],
      "agentcard: unknown command 'chek'; did you mean 'check'? Run 'agentcard --help' for usage.",
    ],
    [
      ['lint'],
      "agentcard: unknown command 'lint'; did you mean 'link'? Run 'agentcard --help' for usage.",
    ],
    [['frobnicate'], "agentcard: unknown command 'frobnicate'. Run 'agentcard --help' for usage."],
    [
      ['help', 'convrt'],
      "agentcard: unknown command 'convrt'; did you mean 'convert'? Run 'agentcard --help' for usage.",
    ],
    [
      ['--versoin'],
      "agentcard: unknown option '--versoin'; did you mean '--version'? Run 'agentcard --help' for usage.",
    ],
    [
      ['check', '--quite', 'a.md'],
      "agentcard check: unknown option '--quite'; did you mean '--quiet'? Run 'agentcard check --help' for usage.",
    ],
    [
      ['check', '--colour', 'a.md'],
      "agentcard check: unknown option '--colour'; did you mean '--color'? Run 'agentcard check --help' for usage.",
    ],
    [
      ['check', '--wat', 'a.md'],
      "agentcard check: unknown option '--wat'. Run 'agentcard check --help' for usage.",
    ],
    [
      ['check', '--reporter', 'gihub', 'a.md'],
      "agentcard check: --reporter must be one of human, github, json, not 'gihub'; did you mean 'github'? Run 'agentcard check --help' for usage.",
    ],
    [
      ['check', 'a.md', '--max-warnings'],
      "agentcard check: --max-warnings needs a value. Run 'agentcard check --help' for usage.",
    ],
    [
      ['check', '--max-warnings', '-1', 'a.md'],
      "agentcard check: --max-warnings needs a value (write --max-warnings=-1 if '-1' is the value). Run 'agentcard check --help' for usage.",
    ],
    [
      ['check', '--max-warnings=-1', 'a.md'],
      "agentcard check: --max-warnings needs a whole number of warnings (0 or more). Run 'agentcard check --help' for usage.",
    ],
    [
      ['check', '--json=yes', 'a.md'],
      "agentcard check: --json takes no value. Run 'agentcard check --help' for usage.",
    ],
    [['check'], "agentcard check: no PATH given. Run 'agentcard check --help' for usage."],
    [
      ['check', '--stdin'],
      "agentcard check: --stdin needs --stdin-filename PATH. Run 'agentcard check --help' for usage.",
    ],
    [
      ['check', '--stdin-filename', 'a.md', 'b.md'],
      "agentcard check: --stdin-filename is for --stdin. Run 'agentcard check --help' for usage.",
    ],
    [
      ['convert', '--too', 'afm', 'a.md'],
      "agentcard convert: unknown option '--too'; did you mean '--to'? Run 'agentcard convert --help' for usage.",
    ],
    [
      ['convert', '--to', 'word', 'a.md'],
      "agentcard convert: --to must be one of agentcard, afm, a2a, not 'word'. Run 'agentcard convert --help' for usage.",
    ],
    [
      ['convert', 'a.md'],
      "agentcard convert: --to is required. Run 'agentcard convert --help' for usage.",
    ],
    [
      ['check', '--\u001b[2Jx', 'a.md'],
      "agentcard check: unknown option '--\\e[2Jx'. Run 'agentcard check --help' for usage.",
    ],
  ];
  for (const [args, line] of cases)
    it(`agentcard ${args.join(' ')}`, () => {
      expect(runCli(args)).toEqual({ code: 2, out: '', err: `${line}\n` });
    });
});
