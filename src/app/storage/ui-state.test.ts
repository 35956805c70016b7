import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzParameters, throwOnFailure } from '../../../tests/fuzz/fuzz-run.ts';
import { PROTOTYPE_NAMES } from '../../../tests/support/prototype-names.ts';
import { checkStoredUiState, snapshotUiState, UI_STATE_LIMITS } from './ui-state.ts';

describe('checkStoredUiState', () => {
  it('keeps well-formed entries and drops the others one by one', () => {
    const stored = {
      lastWorkspace: 'w1',
      theme: 'dark',
      split: 0.4,
      wrap: true,
      cleared: null,
      nested: { theme: 'light' },
      list: ['a'],
      notANumber: Number.NaN,
      endless: Infinity,
      long: 'x'.repeat(UI_STATE_LIMITS.maxStringChars + 1),
      ['k'.repeat(UI_STATE_LIMITS.maxKeyChars + 1)]: 1,
    };
    expect(checkStoredUiState(stored)).toEqual({
      lastWorkspace: 'w1',
      theme: 'dark',
      split: 0.4,
      wrap: true,
      cleared: null,
    });
  });

  it.each<[string, unknown]>([
    ['undefined', undefined],
    ['null', null],
    ['a string', '{"theme":"dark"}'],
    ['an array', [['theme', 'dark']]],
    ['a Map', new Map([['theme', 'dark']])],
    ['a class instance', Object.assign(new (class Prefs {})(), { theme: 'dark' })],
  ])('reads %s as no preferences', (_, value) => {
    expect(checkStoredUiState(value)).toEqual({});
  });

  it('keeps entries named like members of Object.prototype as own data, prototype untouched', () => {
    const stored = JSON.parse(
      `{${PROTOTYPE_NAMES.map((name) => `"${name}":"v-${name}"`).join(',')}}`,
    ) as unknown;
    const read = checkStoredUiState(stored);
    expect(Object.keys(read)).toEqual(PROTOTYPE_NAMES);
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    for (const name of PROTOTYPE_NAMES) expect(Object.hasOwn(read, name)).toBe(true);
  });

  it('keeps at most the limit of entries, counting only the kept ones', () => {
    const stored = Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [`k${i}`, i % 2 === 0 ? i : { bad: i }]),
    );
    const read = checkStoredUiState(stored);
    expect(Object.keys(read)).toHaveLength(UI_STATE_LIMITS.maxEntries);
    expect(read['k0']).toBe(0);
    expect(read['k1']).toBeUndefined();
  });

  it('never throws on any JSON value, and what it keeps snapshots as it is', () => {
    throwOnFailure(
      fc.check(
        fc.property(fc.jsonValue(), (value) => {
          const read = checkStoredUiState(value);
          expect(snapshotUiState(read)).toEqual(read);
        }),
        fuzzParameters(300, 0x0515),
      ),
    );
  });
});

describe('snapshotUiState', () => {
  it('throws a TypeError naming an entry out of bounds', () => {
    expect(() => snapshotUiState({ theme: { dark: true } as never })).toThrow(/"theme"/);
    expect(() => snapshotUiState({ long: 'x'.repeat(UI_STATE_LIMITS.maxStringChars + 1) })).toThrow(
      TypeError,
    );
    expect(() =>
      snapshotUiState(
        Object.fromEntries(
          Array.from({ length: UI_STATE_LIMITS.maxEntries + 1 }, (_, i) => [`k${i}`, i]),
        ),
      ),
    ).toThrow(/more than 64 entries/);
  });
});
