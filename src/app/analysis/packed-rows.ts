/**
 * Lists of flat records sent between the threads as columns. Structured cloning writes every property name
 * of every object again, and reading 1,000 cards and 1,000 agent summaries back took longer than the rest
 * of a result in the 1 MB bench bundle; as columns, each name is written once and integer columns travel as
 * an `Int32Array` (one copy of bytes). `unpackRows(packRows(rows))` gives records equal to `rows`, with each
 * record's properties in the order of the first record that has them; a property a record lacks (or holds
 * `undefined`) is absent from it.
 */

/** One column: integers as an `Int32Array`, other values as they are. */
type Column = Int32Array | readonly unknown[];

/**
 * Records as columns: `columns[i][j]` is the value of `keys[i]` in record `j`. A null column (only from a
 * `RowsPacker`) holds the same values as the last column of that key the same packer sent.
 */
export interface PackedRows<T> {
  readonly length: number;
  readonly keys: readonly (keyof T & string)[];
  readonly columns: readonly (Column | null)[];
}

/** An integer that fits an `Int32Array` exactly (not -0, which would come back as 0). */
function isInt32(value: unknown): value is number {
  return value === ((value as number) | 0) && !Object.is(value, -0);
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

/** The records of `packed` (which has no null column: from `packRows`). */
export function unpackRows<T extends object>(packed: PackedRows<T>): T[] {
  return new RowsUnpacker<T>().unpack(packed);
}

/**
 * Packs successive lists of one kind of record for one receiver (a `RowsUnpacker` that reads every list
 * this packer packs, in order): a column equal to the one of its key sent last goes as null. While typing
 * in a 1,000-card bundle only the offsets and lines change, so the names, types, files and formats are not
 * cloned again: each was a thousand new strings on the main thread for every keystroke, kept until the next
 * result (most of what the main thread's garbage collector had to copy).
 */
export class RowsPacker<T extends object> {
  private sent = new Map<string, Column>();

  pack(rows: readonly T[]): PackedRows<T> {
    const packed = packRows(rows);
    // Only this list's keys are kept: a key it lacks has its next column sent whole.
    const sent = new Map<string, Column>();
    const columns = packed.columns.map((column, i) => {
      const before = this.sent.get(packed.keys[i]!);
      sent.set(packed.keys[i]!, column!);
      return before && sameValues(before, column!) ? null : column;
    });
    this.sent = sent;
    return { ...packed, columns };
  }
}

/**
 * Reads what one `RowsPacker` packs, every list in the order packed (stale answers too: each may carry a
 * column a later one leaves out). A record equal to the one at its index in the last list is that same
 * object, so a keystroke that moves the cards below it makes new objects only for them.
 */
export class RowsUnpacker<T extends object> {
  private columns = new Map<string, Column>();
  private keys: readonly string[] = [];
  private rows: T[] = [];

  /** The records of `packed`; throws when it refers to a column this reader was not sent. */
  unpack(packed: PackedRows<T>): T[] {
    const columns = packed.columns.map((column, i) => {
      const key = packed.keys[i]!;
      const known = column ?? this.columns.get(key);
      if (known === undefined || known.length !== packed.length)
        throw new Error(`packed rows: no earlier column "${key}" of ${packed.length} values`);
      return known;
    });
    // Indexes of the columns that came anew, and whether the earlier records had the same fields.
    const changed = packed.columns.flatMap((column, i) => (column === null ? [] : [i]));
    const sameKeys =
      packed.keys.length === this.keys.length &&
      packed.keys.every((key, i) => key === this.keys[i]);
    const before = changed.map((i) => this.columns.get(packed.keys[i]!));
    const rows: T[] = [];
    for (let j = 0; j < packed.length; j++) {
      const earlier = sameKeys ? this.rows[j] : undefined;
      let same = earlier !== undefined;
      for (let n = 0; same && n < changed.length; n++)
        same = Object.is(before[n]?.[j], columns[changed[n]!]![j]);
      if (same) {
        rows.push(earlier!);
        continue;
      }
      const row: Record<string, unknown> = {};
      for (let i = 0; i < packed.keys.length; i++) {
        const value = columns[i]![j];
        if (value !== undefined) row[packed.keys[i]!] = value;
      }
      rows.push(row as T);
    }
    this.columns = new Map(packed.keys.map((key, i) => [key, columns[i]!]));
    this.keys = packed.keys;
    this.rows = rows;
    return rows;
  }
}

function sameValues(a: Column, b: Column): boolean {
  let same = a.length === b.length && a instanceof Int32Array === b instanceof Int32Array;
  for (let j = 0; same && j < a.length; j++) same = Object.is(a[j], b[j]);
  return same;
}
