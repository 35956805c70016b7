import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../core/index.ts';
import { keepUnchanged } from './keep-unchanged.ts';

describe('keepUnchanged', () => {
  it('keeps the unchanged parts of a recompiled agent and takes the changed ones', () => {
    const previous = {
      config: { name: 'writer', use_history: true, servers: ['fetch'] },
      type: 'agent',
      history: [{ role: 'user', content: 'hi' }],
    };
    const next = {
      config: { name: 'writer', use_history: false, servers: ['fetch'] },
      type: 'agent',
      history: [{ role: 'user', content: 'hi' }],
    };
    const kept = keepUnchanged(previous, next);
    expect(kept).toEqual(next);
    expect(kept).not.toBe(previous);
    expect(kept.config).not.toBe(previous.config);
    expect(kept.config.servers).toBe(previous.config.servers);
    expect(kept.history).toBe(previous.history);
    expect(kept.history[0]).toBe(previous.history[0]);
    expect(kept.config.use_history).toBe(false);
  });

  it('gives the previous value back when nothing changed', () => {
    const previous = { a: [1, { b: null }], c: 'x' };
    expect(keepUnchanged(previous, { a: [1, { b: null }], c: 'x' })).toBe(previous);
  });

  it('treats a new key order, a longer or shorter list, or a new type as a change', () => {
    const previous = { a: 1, b: 2, list: [1, 2], v: { x: 1 } };
    const reordered = keepUnchanged(previous, { b: 2, a: 1, list: [1, 2], v: { x: 1 } });
    expect(Object.keys(reordered)).toEqual(['b', 'a', 'list', 'v']);
    expect(reordered).not.toBe(previous);
    expect(reordered.list).toBe(previous.list);
    const longer = keepUnchanged(previous, { a: 1, b: 2, list: [1, 2, 3], v: { x: 1 } });
    expect(longer.list).toEqual([1, 2, 3]);
    expect(keepUnchanged(previous, { a: 1, b: 2, list: [1], v: { x: 1 } }).list).toEqual([1]);
    expect(keepUnchanged(previous, { a: 1, b: 2, list: [1, 2], v: [1] }).v).toEqual([1]);
    expect(keepUnchanged(previous, { a: 1, b: 2, list: { 0: 1 }, v: { x: 1 } }).list).toEqual({
      0: 1,
    });
  });

  it('takes a new Map or Date whole (only arrays and plain objects are compared inside)', () => {
    const previous = { m: new Map([['a', 1]]), d: new Date(0) };
    const next = { m: new Map([['a', 2]]), d: new Date(1) };
    const kept = keepUnchanged(previous, next);
    expect(kept.m).toBe(next.m);
    expect(kept.d).toBe(next.d);
  });

  it('copies a __proto__ key as data, never as the prototype', () => {
    const previous = JSON.parse('{"x": {"__proto__": {"polluted": true}, "y": 1}}') as Json;
    const next = JSON.parse('{"x": {"__proto__": {"polluted": true}, "y": 2}}') as {
      x: Record<string, Json>;
    };
    const kept = keepUnchanged(previous, next);
    expect(Object.getPrototypeOf(kept.x)).toBe(Object.prototype);
    expect(Object.hasOwn(kept.x, '__proto__')).toBe(true);
    expect(Object.keys(kept.x)).toEqual(['__proto__', 'y']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('always equals the new value, and is the previous one exactly when they are equal', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const previous = a as Json;
        const next = b as Json;
        const kept = keepUnchanged(previous, next);
        expect(JSON.stringify(kept)).toBe(JSON.stringify(next));
        if (JSON.stringify(previous) === JSON.stringify(next)) expect(kept).toBe(previous);
        // The same object again: unchanged, whatever it holds.
        expect(keepUnchanged(next, structuredClone(next))).toBe(next);
      }),
    );
  });
});
