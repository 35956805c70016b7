import { describe, expect, it } from 'vitest';
import { optionHelp, parseOptions, type OptionTable } from './cli-options.ts';

const TABLE = {
  mode: { type: 'string', value: 'M', choices: ['fast', 'slow'], help: 'how to run\nsecond line' },
  color: { type: 'boolean', help: 'colour' },
  'no-color': { type: 'boolean', help: 'no colour' },
  quiet: { type: 'boolean', short: 'q', help: 'errors only' },
} as const satisfies OptionTable;

describe('parseOptions', () => {
  it('reads long, short, inline and grouped options, and positionals after --', () => {
    expect(parseOptions(['--mode=fast', 'a', '-q', '--', '--color'], TABLE)).toEqual({
      values: { mode: 'fast', quiet: true },
      positionals: ['a', '--color'],
    });
  });

  it('lands no-X on X, the later of the two winning', () => {
    expect(parseOptions(['--color', '--no-color'], TABLE)).toMatchObject({
      values: { color: false },
    });
    expect(parseOptions(['--no-color', '--color'], TABLE)).toMatchObject({
      values: { color: true },
    });
  });

  it('names the problem: unknown option with a suggestion (none for one letter), bad choice, missing value', () => {
    expect(parseOptions(['--mdoe', 'fast'], TABLE)).toEqual({
      problem: "unknown option '--mdoe'; did you mean '--mode'?",
    });
    expect(parseOptions(['-x'], TABLE)).toEqual({ problem: "unknown option '-x'" });
    expect(parseOptions(['--mode', 'fats'], TABLE)).toEqual({
      problem: "--mode must be one of fast, slow, not 'fats'; did you mean 'fast'?",
    });
    expect(parseOptions(['--mode='], TABLE)).toEqual({ problem: '--mode needs a value' });
    expect(parseOptions(['--quiet=1'], TABLE)).toEqual({ problem: '--quiet takes no value' });
  });
});

describe('optionHelp', () => {
  it('lists each option aligned, short names first, continuation lines indented', () => {
    expect(optionHelp(TABLE).split('\n')).toEqual([
      '      --mode M    how to run',
      '                  second line',
      '      --color     colour',
      '      --no-color  no colour',
      '  -q, --quiet     errors only',
    ]);
  });
});
