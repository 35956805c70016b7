import { describe, expect, it } from 'vitest';
import { getOwn, setOwn } from './own-property.ts';

describe('setOwn', () => {
  it('adds keys from user input as own data, never touching the prototype', () => {
    const object: Record<string, unknown> = {};
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'name'])
      setOwn(object, key, key.length);
    expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
    expect(Object.keys(object)).toEqual([
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'name',
    ]);
    expect(JSON.parse(JSON.stringify(object))).toEqual(
      JSON.parse('{"__proto__":9,"constructor":11,"toString":8,"hasOwnProperty":14,"name":4}'),
    );
    expect(getOwn(object, '__proto__')).toBe(9);
    expect(getOwn(object, 'valueOf')).toBeUndefined();
  });

  it('works on null-prototype objects and defines (does not set) on objects with setters', () => {
    const bare = Object.create(null) as Record<string, unknown>;
    setOwn(bare, '__proto__', 1);
    setOwn(bare, 'a', 2);
    expect(Object.getPrototypeOf(bare)).toBeNull();
    expect(Object.entries(bare)).toEqual([
      ['__proto__', 1],
      ['a', 2],
    ]);
    let called = false;
    class Guarded {
      set a(_value: unknown) {
        called = true;
      }
    }
    const guarded = new Guarded() as unknown as Record<string, unknown>;
    setOwn(guarded, 'a', 3);
    expect(called).toBe(false);
    expect(Object.getOwnPropertyDescriptor(guarded, 'a')).toMatchObject({
      value: 3,
      enumerable: true,
    });
  });
});
