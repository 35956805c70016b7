/**
 * Reading and writing path-keyed records (files, formats, undo histories) by own entries only. Paths are
 * user data: a file may be called `constructor`, `toString` or `__proto__`. A plain lookup would find an
 * inherited member for a path that is not there, an assignment to `__proto__` would set the prototype, and a
 * Svelte state proxy neither shows a new key that is also an inherited name nor takes `__proto__` at all: so a
 * key is added by building a new object (whose own entries a fresh proxy keeps).
 */

/** The value of `key` when it is an own entry of `record`, else undefined (never an inherited member). */
export function ownValue<T>(
  record: Readonly<Record<string, T>> | undefined,
  key: string,
): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** A new plain object: the own entries of `record` (if any), with `key` set to `value` (added or replaced). */
export function withEntry<T>(
  record: Readonly<Record<string, T>> | undefined,
  key: string,
  value: T,
): Record<string, T> {
  return withEntries(record, [[key, value]]);
}

/** A new plain object: the own entries of `record` (if any), then `entries` (a later entry wins). */
export function withEntries<T>(
  record: Readonly<Record<string, T>> | undefined,
  entries: Iterable<readonly [string, T]>,
): Record<string, T> {
  return Object.fromEntries([...Object.entries(record ?? {}), ...entries]);
}

/** A new plain object: the own entries of `record` without `key`. */
export function withoutEntry<T>(
  record: Readonly<Record<string, T>>,
  key: string,
): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));
}
