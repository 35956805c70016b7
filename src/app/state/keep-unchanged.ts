import { getOwn, setOwn } from '../../core/own-property.ts';

type PlainObject = Record<string, unknown>;

/** An object literal's kind of object (not an array, a Map, a Date…: those are taken whole when new). */
function isPlainObject(value: unknown): value is PlainObject {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * `next` with every part that equals the same part of `previous` (the same plain data: arrays,
 * objects with the same keys in the same order, equal primitives) replaced by `previous`'s object,
 * and `previous` itself when the two are equal. What did not change keeps its identity, so a view
 * that compares by identity redraws only what changed: the Output panel, whose card is compiled
 * again at every keystroke, redraws the one field that changed instead of all of them. For plain
 * data (JSON, or what came from the worker); neither argument is changed; keys are copied as own
 * data (a `__proto__` key stays a key).
 */
export function keepUnchanged<T>(previous: unknown, next: T): T {
  return keep(previous, next) as T;
}

function keep(previous: unknown, next: unknown): unknown {
  if (previous === next || previous === undefined) return next;
  if (Array.isArray(next)) {
    if (!Array.isArray(previous)) return next;
    const items = next.map((item, i) => keep(previous[i], item));
    const same = items.length === previous.length && items.every((item, i) => item === previous[i]);
    return same ? previous : items;
  }
  if (!isPlainObject(next) || !isPlainObject(previous)) return next;
  const keys = Object.keys(next);
  const previousKeys = Object.keys(previous);
  const out: PlainObject = {};
  // The same keys in the same order: the order is what a tree or a JSON text shows.
  let same = keys.length === previousKeys.length;
  keys.forEach((key, i) => {
    const value = keep(getOwn(previous, key), next[key]);
    setOwn(out, key, value);
    if (same && (previousKeys[i] !== key || value !== previous[key])) same = false;
  });
  return same ? previous : out;
}
