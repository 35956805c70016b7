import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PANE_SIZES,
  PANE_LIMITS,
  PANE_SIZES_KEY,
  loadPaneSizes,
  parsePaneSizes,
  savePaneSizes,
} from './pane-sizes.ts';

/** A Storage stand-in over a Map. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('pane sizes', () => {
  it('gives the defaults when nothing is stored, or the text is not JSON, or not a record', () => {
    expect(parsePaneSizes(null)).toEqual(DEFAULT_PANE_SIZES);
    expect(parsePaneSizes('{not json')).toEqual(DEFAULT_PANE_SIZES);
    expect(parsePaneSizes('[1,2]')).toEqual(DEFAULT_PANE_SIZES);
    expect(parsePaneSizes('{"files":"wide"}')).toEqual(DEFAULT_PANE_SIZES);
  });

  it('keeps valid fields, fills in missing ones, and clamps sizes to the limits', () => {
    expect(parsePaneSizes('{"files":300,"problemsOpen":false}')).toEqual({
      ...DEFAULT_PANE_SIZES,
      files: 300,
      problemsOpen: false,
    });
    const wild = parsePaneSizes('{"files":-5,"problems":1e9,"results":12.6}');
    expect(wild.files).toBe(PANE_LIMITS.files.min);
    expect(wild.problems).toBe(PANE_LIMITS.problems.max);
    expect(wild.results).toBe(PANE_LIMITS.results.min);
  });

  it('round-trips through storage, and a throwing storage only means nothing is remembered', () => {
    const storage = memoryStorage();
    const sizes = { files: 320, problems: 150, results: 600, problemsOpen: false };
    savePaneSizes(sizes, storage);
    expect(JSON.parse(storage.getItem(PANE_SIZES_KEY)!)).toEqual(sizes);
    expect(loadPaneSizes(storage)).toEqual(sizes);

    const broken = {
      ...storage,
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as Storage;
    expect(() => savePaneSizes(sizes, broken)).not.toThrow();
    expect(loadPaneSizes(broken)).toEqual(DEFAULT_PANE_SIZES);
  });
});
