/**
 * valibot pieces shared by the readers of untrusted records in storage and between tabs (stored workspaces and
 * their meta entries, the UI record, tab-sync messages). Each reader builds its schema from these and calls
 * `v.safeParse`; none throws on any input.
 */
import * as v from 'valibot';

/** True for an object literal (not an array, Map, Date or class instance). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * An object literal, kept as it is (valibot's object schemas also take arrays and class instances). Pipe it into
 * `v.strictObject`/`v.looseObject` for named fields; read maps keyed by user data (paths) through
 * `Object.entries`, never `v.record`, which skips keys such as `__proto__` and `constructor`.
 */
export const plainObjectSchema = v.custom<Record<string, unknown>>(isPlainObject);

/** A string of `min`–`max` characters (UTF-16 code units). */
export function boundedString(min: number, max: number) {
  return v.pipe(v.string(), v.minLength(min), v.maxLength(max));
}

/** A revision: a safe whole number of at least 1. */
export const revisionSchema = v.pipe(v.number(), v.safeInteger(), v.minValue(1));

/** A time: finite milliseconds since the epoch, not negative. */
export const timeSchema = v.pipe(v.number(), v.finite(), v.minValue(0));

/** True when `value` passes `schema` (a type guard, for the field-by-field readers). */
export function passes<S extends v.GenericSchema>(
  schema: S,
  value: unknown,
): value is v.InferOutput<S> {
  return v.is(schema, value);
}
