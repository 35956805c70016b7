/**
 * Lookups and writes by keys that come from user input (file paths, server names, CEL identifiers) on
 * plain objects. A plain `object[key]` finds inherited members for keys such as `constructor` or
 * `toString`, and an assignment to `__proto__` changes the prototype instead of adding a key; these two
 * see only own properties.
 */

/** `object[key]` when `key` is an own property of `object`, else undefined. */
export function getOwn<T>(
  object: Readonly<Record<string, T>> | undefined,
  key: string,
): T | undefined {
  return object !== undefined && Object.hasOwn(object, key) ? object[key] : undefined;
}

/** Sets `object[key]` as an own, enumerable data property (a key `__proto__` stays plain data). */
export function setOwn<T>(object: Record<string, T>, key: string, value: T): void {
  // On a plain or null-prototype object only `__proto__` is special (the one accessor of
  // `Object.prototype`): any other key is assigned, which is many times faster than defining it.
  const proto: unknown = Object.getPrototypeOf(object);
  if (key !== '__proto__' && (proto === Object.prototype || proto === null)) {
    object[key] = value;
    return;
  }
  Object.defineProperty(object, key, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}
