import { describe, expect, it } from 'vitest';
import { OUTPUT_PREFS_KEY, readOutputPrefs, writeOutputPrefs } from './output-prefs.svelte.ts';

/** A Storage double over a Map; `fail` makes every call throw (storage blocked or full). */
function fakeStorage(fail = false): Storage {
  const map = new Map<string, string>();
  const guard = () => {
    if (fail) throw new DOMException('blocked', 'SecurityError');
  };
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => (guard(), map.get(k) ?? null),
    setItem: (k: string, v: string) => (guard(), void map.set(k, v)),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('Output panel preferences', () => {
  it('start as "what the card sets, as a tree" and come back as stored', () => {
    const storage = fakeStorage();
    expect(readOutputPrefs(storage)).toEqual({ showAll: false, view: 'tree' });
    writeOutputPrefs(storage, { showAll: true, view: 'raw' });
    expect(readOutputPrefs(storage)).toEqual({ showAll: true, view: 'raw' });
  });

  it('read a damaged record as the defaults; a missing choice takes its default', () => {
    const storage = fakeStorage();
    storage.setItem(OUTPUT_PREFS_KEY, '{not json');
    expect(readOutputPrefs(storage)).toEqual({ showAll: false, view: 'tree' });
    storage.setItem(OUTPUT_PREFS_KEY, JSON.stringify({ showAll: 'yes', view: 'raw' }));
    expect(readOutputPrefs(storage)).toEqual({ showAll: false, view: 'tree' });
    storage.setItem(OUTPUT_PREFS_KEY, JSON.stringify({ view: 'raw' }));
    expect(readOutputPrefs(storage)).toEqual({ showAll: false, view: 'raw' });
  });

  it('never throw when storage is blocked or absent', () => {
    const blocked = fakeStorage(true);
    expect(() => writeOutputPrefs(blocked, { showAll: true, view: 'raw' })).not.toThrow();
    expect(readOutputPrefs(blocked)).toEqual({ showAll: false, view: 'tree' });
    expect(readOutputPrefs(undefined)).toEqual({ showAll: false, view: 'tree' });
  });
});
