/**
 * A null-prototype object of `entries`: a lookup of a path that is not there gives undefined, never an
 * inherited member such as `Object.prototype.constructor`.
 */
export function ownRecord<T>(entries: Iterable<[string, T]>): Record<string, T> {
  const record = Object.create(null) as Record<string, T>;
  for (const [key, value] of entries) record[key] = value;
  return record;
}
