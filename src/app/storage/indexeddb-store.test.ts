import 'fake-indexeddb/auto';
import { createStore, get, set, type UseStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import type { Workspace } from '../state/workspace-types.ts';
import { createIndexedDbStore } from './indexeddb-store.ts';
import { randomId } from './random-id.ts';
import { StorageError } from './storage-error.ts';
import type { StorageNote } from './workspace-store.ts';

const ws = (patch: Partial<Workspace> = {}): Workspace => ({
  id: 'w1',
  name: 'Agents',
  files: { 'a.md': 'alpha' },
  active: 'a.md',
  profile: 'rfc',
  reloadMode: 'hot-swap',
  revision: 1,
  updatedAt: 1000,
  ...patch,
});

/** One database opened by two tabs: two idb-keyval connections, two stores. */
function twoTabs() {
  const name = `test-${randomId()}`;
  const raw = createStore(name, 'workspaces');
  const notes: StorageNote[] = [];
  const onNote = (note: StorageNote) => notes.push(note);
  return {
    raw,
    notes,
    a: createIndexedDbStore({ useStore: createStore(name, 'workspaces'), onNote }),
    b: createIndexedDbStore({ useStore: createStore(name, 'workspaces'), onNote }),
  };
}

const failing =
  (name: string): UseStore =>
  () =>
    Promise.reject(new DOMException(name, name));

describe('the IndexedDB store across tabs', () => {
  it('returns a conflict to the tab that saves over another tab’s newer revision', async () => {
    const { a, b } = twoTabs();
    expect(await a.save(ws(), null)).toMatchObject({ ok: true });
    const inB = (await b.load('w1'))!;
    expect(await b.save({ ...inB, revision: 2, name: 'From B' }, 1)).toMatchObject({ ok: true });
    const result = await a.save(ws({ revision: 2, name: 'From A' }), 1);
    expect(result).toMatchObject({ ok: false, reason: 'conflict', stored: { name: 'From B' } });
    expect((await a.load('w1'))?.name).toBe('From B');
  });

  it('lets exactly one of two simultaneous saves of the same revision win', async () => {
    const { a, b } = twoTabs();
    await a.save(ws(), null);
    const results = await Promise.all([
      a.save(ws({ revision: 2, name: 'A' }), 1),
      b.save(ws({ revision: 2, name: 'B' }), 1),
    ]);
    expect(results.map((r) => (r.ok ? 'ok' : r.reason)).sort()).toEqual(['conflict', 'ok']);
  });

  it('keeps the record and its list entry in step', async () => {
    const { a, raw } = twoTabs();
    await a.save(ws({ name: 'First' }), null);
    await a.save(ws({ name: 'Second', revision: 2 }), 1);
    expect(await get('meta:w1', raw)).toEqual({
      id: 'w1',
      name: 'Second',
      updatedAt: 1000,
      fileCount: 1,
      revision: 2,
    });
  });
});

describe('the IndexedDB store reading junk', () => {
  it('leaves unreadable records out of the list, with a note each', async () => {
    const { a, raw, notes } = twoTabs();
    await a.save(ws({ id: 'fine' }), null);
    await set('ws:null', null, raw);
    await set('ws:no-files', { ...ws({ id: 'no-files' }), files: 'nope' }, raw);
    await set('ws:wrong-id', ws({ id: 'other' }), raw);
    expect((await a.list()).map((m) => m.id)).toEqual(['fine']);
    expect(notes.map((n) => [n.key, n.code]).sort()).toEqual([
      ['no-files', 'bad-files'],
      ['null', 'not-a-workspace'],
      ['wrong-id', 'bad-id'],
    ]);
  });

  it('loads a record with bad settings repaired, noting each repair', async () => {
    const { a, raw, notes } = twoTabs();
    await set('ws:w1', { ...ws(), profile: 'next-year', active: 'gone.md' }, raw);
    expect(await a.load('w1')).toMatchObject({ profile: 'rfc', active: 'a.md' });
    expect(notes.map((n) => n.code)).toEqual(['bad-active', 'bad-profile']);
  });

  it('lists a record whose list entry is missing or unreadable, from the record itself', async () => {
    const { a, raw } = twoTabs();
    await set('ws:w1', ws({ name: 'Orphan' }), raw);
    await set('ws:w2', ws({ id: 'w2', updatedAt: 5 }), raw);
    await set('meta:w2', { id: 'w2', name: 42 }, raw);
    expect(await a.list()).toEqual([
      { id: 'w1', name: 'Orphan', updatedAt: 1000, fileCount: 1 },
      { id: 'w2', name: 'Agents', updatedAt: 5, fileCount: 1 },
    ]);
  });

  it('lists from readable list entries without reading records; load then drops a bad record', async () => {
    const { a, raw, notes } = twoTabs();
    await set('ws:w1', { ...ws(), revision: -1 }, raw);
    await set('meta:w1', { id: 'w1', name: 'A', updatedAt: 1, fileCount: 1, revision: 1 }, raw);
    expect((await a.list()).map((m) => m.id)).toEqual(['w1']);
    expect(await a.load('w1')).toBeUndefined();
    expect(notes).toEqual([{ key: 'w1', code: 'bad-revision', field: 'revision' }]);
  });

  it('ignores a list entry whose record is gone', async () => {
    const { a, raw } = twoTabs();
    await set(
      'meta:ghost',
      { id: 'ghost', name: 'G', updatedAt: 1, fileCount: 0, revision: 1 },
      raw,
    );
    expect(await a.list()).toEqual([]);
  });

  it('saves over an unreadable record instead of reporting a conflict it cannot show', async () => {
    const { a, raw } = twoTabs();
    await set('ws:w1', 'junk', raw);
    await set('meta:w1', { id: 'w1', name: 'x', updatedAt: 1, fileCount: 1, revision: 7 }, raw);
    expect(await a.save(ws(), null)).toEqual({ ok: true, revision: 1 });
    expect(await a.load('w1')).toEqual(ws());
  });

  it('decides from the record when the list entry disagrees with it', async () => {
    const { a, raw } = twoTabs();
    await a.save(ws({ revision: 4 }), null);
    await set('meta:w1', 'junk', raw);
    expect(await a.save(ws({ revision: 5 }), 4)).toEqual({ ok: true, revision: 5 });
    expect(await a.save(ws({ revision: 5 }), 3)).toMatchObject({ reason: 'conflict' });
  });

  it('drops malformed UI preference entries and keeps the rest', async () => {
    const { a, raw } = twoTabs();
    await set('ui', { theme: 'dark', bad: { deep: 1 }, n: Number.NaN, ok: null }, raw);
    expect(await a.loadUiState()).toEqual({ theme: 'dark', ok: null });
    await set('ui', ['not', 'a', 'record'], raw);
    expect(await a.loadUiState()).toEqual({});
  });
});

describe('the IndexedDB store failing', () => {
  it('maps a full disk to quota', async () => {
    const store = createIndexedDbStore({ useStore: failing('QuotaExceededError') });
    expect(await store.save(ws(), null)).toMatchObject({ ok: false, reason: 'quota' });
  });

  it.each(['InvalidStateError', 'SecurityError', 'UnknownError'])(
    'maps %s to unavailable, and reads reject with a StorageError',
    async (name) => {
      const store = createIndexedDbStore({ useStore: failing(name) });
      expect(await store.save(ws(), null)).toMatchObject({ ok: false, reason: 'unavailable' });
      await expect(store.list()).rejects.toMatchObject({
        name: 'StorageError',
        reason: 'unavailable',
      });
    },
  );

  it('gives blocked when the connection does not open in time, and never writes late', async () => {
    let release: () => void = () => {};
    const opened = new Promise<void>((resolve) => (release = resolve));
    const real = createStore(`test-${randomId()}`, 'workspaces');
    const slow: UseStore = (mode, callback) => opened.then(() => real(mode, callback));
    const store = createIndexedDbStore({ useStore: slow, connectTimeoutMs: 20 });

    const result = await store.save(ws(), null);
    expect(result).toMatchObject({ ok: false, reason: 'blocked' });
    await expect(store.load('w1')).rejects.toBeInstanceOf(StorageError);

    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await get('ws:w1', real)).toBeUndefined();
    expect(await store.save(ws(), null)).toMatchObject({ ok: true });
  });
});
