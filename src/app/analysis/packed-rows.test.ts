import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packRows, RowsPacker, RowsUnpacker, unpackRows } from './packed-rows.ts';

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

describe('RowsPacker / RowsUnpacker', () => {
  interface Row {
    file: string;
    name: string;
    from: number;
    ok: boolean;
    shape?: string;
  }
  const card = (name: string, from: number, ok = true): Row => ({ file: 'a.md', name, from, ok });

  it('sends a column equal to the last one of its key as null, and the reader fills it in', () => {
    const packer = new RowsPacker<Row>();
    const reader = new RowsUnpacker<Row>();
    const first = [card('a', 0), card('b', 10)];
    const moved = [card('a', 0), card('b', 11)];
    expect(reader.unpack(structuredClone(packer.pack(first)))).toEqual(first);
    const second = packer.pack(moved);
    expect(second.keys).toEqual(['file', 'name', 'from', 'ok']);
    expect(second.columns.map((column) => column === null)).toEqual([true, true, false, true]);
    expect(reader.unpack(structuredClone(second))).toEqual(moved);
  });

  it('gives back the same object for a record that did not change, and a new one for one that did', () => {
    const packer = new RowsPacker<Row>();
    const reader = new RowsUnpacker<Row>();
    const before = reader.unpack(structuredClone(packer.pack([card('a', 0), card('b', 10)])));
    const after = reader.unpack(structuredClone(packer.pack([card('a', 0), card('b', 11)])));
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]).toEqual(card('b', 11));
    // A field that appears: every record is new (the earlier ones lack it).
    const widened = reader.unpack(
      structuredClone(packer.pack([{ ...card('a', 0), shape: 'x' }, card('b', 11)])),
    );
    expect(widened[1]).not.toBe(after[1]);
    expect(widened).toEqual([{ ...card('a', 0), shape: 'x' }, card('b', 11)]);
  });

  it('sends a column whole again after a list without its key', () => {
    const packer = new RowsPacker<{ a?: string; b?: number }>();
    const reader = new RowsUnpacker<{ a?: string; b?: number }>();
    reader.unpack(structuredClone(packer.pack([{ a: 'x', b: 1 }])));
    reader.unpack(structuredClone(packer.pack([{ b: 1 }])));
    const back = packer.pack([{ a: 'x', b: 1 }]);
    expect(back.columns[back.keys.indexOf('a')]).toEqual(['x']);
    expect(reader.unpack(structuredClone(back))).toEqual([{ a: 'x', b: 1 }]);
  });

  it('refuses a null column it has no earlier column of that length for', () => {
    const packer = new RowsPacker<{ name: string }>();
    packer.pack([{ name: 'a' }]);
    const second = packer.pack([{ name: 'a' }]);
    expect(() => new RowsUnpacker<{ name: string }>().unpack(second)).toThrow(
      /no earlier column "name"/,
    );
    const reader = new RowsUnpacker<{ name: string }>();
    reader.unpack(packRows([{ name: 'a' }, { name: 'b' }]));
    expect(() => reader.unpack(second)).toThrow(/no earlier column "name" of 1 values/);
  });

  it('gives back equal records for any sequence of lists, read in order', () => {
    const value = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom('x', 'y', null, true));
    const row = fc.dictionary(fc.constantFrom('file', 'name', 'from', 'ok'), value);
    const list = fc.array(row, { maxLength: 6 });
    fc.assert(
      fc.property(fc.array(list, { minLength: 1, maxLength: 8 }), (lists) => {
        const packer = new RowsPacker<Record<string, unknown>>();
        const reader = new RowsUnpacker<Record<string, unknown>>();
        for (const rows of lists)
          expect(reader.unpack(structuredClone(packer.pack(rows)))).toEqual(rows);
      }),
    );
  });
});
