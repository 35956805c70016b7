import { describe, expect, it } from 'vitest';
import { ownValue, withEntries, withEntry, withoutEntry } from './own-entries.ts';
import { PROTOTYPE_NAMES } from '../../../tests/support/prototype-names.ts';

const NAMES = PROTOTYPE_NAMES;

describe('own entries of path-keyed records', () => {
  it('finds no inherited member for a path that is not there', () => {
    for (const name of NAMES) expect(ownValue({ 'a.md': 'A' }, name), name).toBeUndefined();
    expect(ownValue(undefined, 'constructor')).toBeUndefined();
  });

  it('adds, reads and removes every prototype name as an ordinary own entry', () => {
    let record: Record<string, string> = { 'a.md': 'A' };
    for (const name of NAMES) record = withEntry(record, name, `text of ${name}`);
    expect(Object.keys(record)).toEqual(['a.md', ...NAMES]);
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    for (const name of NAMES) expect(ownValue(record, name)).toBe(`text of ${name}`);
    record = withoutEntry(record, '__proto__');
    expect(Object.keys(record)).toEqual(['a.md', ...NAMES.filter((n) => n !== '__proto__')]);
  });

  it('lets a later entry replace an earlier one, keeping its place', () => {
    expect(Object.entries(withEntries({ a: 1, b: 2 }, [['a', 3]]))).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
  });
});
