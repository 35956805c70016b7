import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packRows, unpackRows } from './packed-rows.ts';

describe('packRows / unpackRows', () => {
  it('sends integers as an Int32Array and other values as they are', () => {
    const rows = [
      { name: 'a', from: 0, ok: true, line: 3 },
      { name: null, from: 12, ok: false, line: 2.5 },
    ];
    const packed = packRows(rows);
    expect(packed.keys).toEqual(['name', 'from', 'ok', 'line']);
    expect(packed.columns[1]).toBeInstanceOf(Int32Array);
    expect(packed.columns[3]).toEqual([3, 2.5]); // not all integers: kept as numbers
    expect(unpackRows(packed)).toEqual(rows);
  });

  it('leaves out what a record lacks, and keeps each record as it was after a structured clone', () => {
    const rows = [{ a: 1 }, { b: 'x', a: 2 }, {}];
    const back = unpackRows(structuredClone(packRows(rows)));
    expect(back).toEqual([{ a: 1 }, { a: 2, b: 'x' }, {}]);
    expect(Object.keys(back[1]!)).toEqual(['a', 'b']);
    expect(Object.hasOwn(back[0]!, 'b')).toBe(false);
  });

  it('gives back equal records for any list of flat records', () => {
    const value = fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true }),
      fc.string(),
      fc.boolean(),
      fc.constant(null),
      fc.integer({ min: 2 ** 31, max: 2 ** 40 }),
    );
    const row = fc.dictionary(fc.constantFrom('file', 'index', 'name', 'from', 'ok'), value);
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), (rows) => {
        expect(unpackRows(structuredClone(packRows(rows)))).toEqual(rows);
      }),
    );
  });
});
