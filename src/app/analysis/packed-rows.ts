/**
 * Lists of flat records sent between the threads as columns. Structured cloning writes every property name
 * of every object again, and reading 1,000 cards and 1,000 agent summaries back took longer than the rest
 * of a result in the 1 MB bench bundle; as columns, each name is written once and integer columns travel as
 * an `Int32Array` (one copy of bytes). `unpackRows(packRows(rows))` gives records equal to `rows`, with each
 * record's properties in the order of the first record that has them; a property a record lacks (or holds
 * `undefined`) is absent from it.
 */

/** Records as columns: `columns[i][j]` is the value of `keys[i]` in record `j`. */
export interface PackedRows<T> {
  readonly length: number;
  readonly keys: readonly (keyof T & string)[];
  readonly columns: readonly (Int32Array | readonly unknown[])[];
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

function isInt32(value: unknown): value is number {
  return (
    Number.isInteger(value) &&
    (value as number) >= INT32_MIN &&
    (value as number) <= INT32_MAX &&
    !Object.is(value, -0)
  );
}

/** `rows` as columns (values are not copied: nested objects are shared with `rows`). */
export function packRows<T extends object>(rows: readonly T[]): PackedRows<T> {
  const keys: (keyof T & string)[] = [];
  const seen = new Set<string>();
  for (const row of rows)
    for (const key of Object.keys(row))
      if (!seen.has(key)) {
        seen.add(key);
        keys.push(key as keyof T & string);
      }
  const columns = keys.map((key) => {
    const values = rows.map((row) => (Object.hasOwn(row, key) ? row[key] : undefined));
    return values.every(isInt32) ? Int32Array.from(values) : values;
  });
  return { length: rows.length, keys, columns };
}

/** The records of `packed`. */
export function unpackRows<T extends object>(packed: PackedRows<T>): T[] {
  const rows: T[] = [];
  for (let j = 0; j < packed.length; j++) {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < packed.keys.length; i++) {
      const value = packed.columns[i]![j];
      if (value !== undefined) row[packed.keys[i]!] = value;
    }
    rows.push(row as T);
  }
  return rows;
}
