import { describe, expect, it } from 'vitest';
import { parseYaml } from './parse-yaml.ts';

/**
 * What PyYAML 6.0.3's `yaml.safe_load('a: ' + scalar)['a']` gave for each plain scalar (`'timestamp'`
 * for a date or datetime, which the checker keeps as an ISO string).
 */
const PYYAML: Array<[string, unknown]> = [
  ['y', 'y'],
  ['Y', 'Y'],
  ['n', 'n'],
  ['N', 'N'],
  ['yes', true],
  ['Yes', true],
  ['YES', true],
  ['yEs', 'yEs'],
  ['no', false],
  ['No', false],
  ['NO', false],
  ['true', true],
  ['True', true],
  ['TRUE', true],
  ['tRue', 'tRue'],
  ['false', false],
  ['on', true],
  ['On', true],
  ['ON', true],
  ['oN', 'oN'],
  ['off', false],
  ['Off', false],
  ['OFF', false],
  ['09', '09'],
  ['0', 0],
  ['-0', 0],
  ['+12', 12],
  ['1_000', 1000],
  ['017', 15],
  ['0_', 0],
  ['0b101', 5],
  ['0x1F', 31],
  ['0:30', '0:30'],
  ['1:30', 90],
  ['-1:30', -90],
  ['1e3', '1e3'],
  ['1.0e3', '1.0e3'],
  ['1.0e+3', 1000],
  ['1.5E-2', 0.015],
  ['-.5', '-.5'],
  ['.5', 0.5],
  ['.', '.'],
  ['1.', 1],
  ['.inf', Infinity],
  ['-.Inf', -Infinity],
  ['.NaN', NaN],
  ['~', null],
  ['null', null],
  ['Null', null],
  ['NULL', null],
  ['nULL', 'nULL'],
  ['2025-07-04', 'timestamp'],
  ['2025-7-4', '2025-7-4'],
  ['2025-07-04 10:00:00', 'timestamp'],
  ['2025-7-4T1:00:00Z', 'timestamp'],
];

/** The value `parseYaml` reads for `a: scalar`, with a Date shown as `'timestamp'` and -0 as 0. */
function read(scalar: string, version: '1.1' | '1.2'): unknown {
  const parsed = parseYaml(`a: ${scalar}`, 0, version);
  const value = (parsed.doc?.toJS() as Record<string, unknown> | undefined)?.['a'];
  if (value instanceof Date) return 'timestamp';
  return typeof value === 'number' ? value + 0 : value;
}

describe('YAML 1.1 (the fast-agent profile) reads plain scalars as PyYAML safe_load does', () => {
  it.each(PYYAML)('%s', (scalar, expected) => {
    expect(read(scalar, '1.1')).toEqual(expected);
  });

  it('reads y and n as strings in lists and as keys', () => {
    expect(parseYaml('sequence: [y, n]\ny: 1\nN: 2', 0, '1.1').value).toEqual({
      sequence: ['y', 'n'],
      y: 1,
      N: 2,
    });
  });

  it('refuses a plain = (PyYAML value tag) as safe_load does, where a quoted one is a string', () => {
    const plain = parseYaml('name: =', 0, '1.1');
    expect(plain.ok).toBe(false);
    expect(plain.diagnostics.map((d) => [d.code, d.from, d.to])).toEqual([['yaml-syntax', 6, 7]]);
    expect(parseYaml("name: '='", 0, '1.1').value).toEqual({ name: '=' });
  });
});

describe('YAML 1.2 (the rfc profile) keeps the core schema', () => {
  it('reads yes, y and on as strings and 1e3 as a number', () => {
    expect(parseYaml('a: [yes, y, on, 1e3, 09]', 0, '1.2').value).toEqual({
      a: ['yes', 'y', 'on', 1000, 9],
    });
  });
});
