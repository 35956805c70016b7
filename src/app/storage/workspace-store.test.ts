import 'fake-indexeddb/auto';
import { createStore } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Workspace } from '../state/workspace-types.ts';
import { createIndexedDbStore } from './indexeddb-store.ts';
import { createMemoryStore } from './memory-store.ts';
import { randomId } from './random-id.ts';
import { STORAGE_LIMITS } from './workspace-record.ts';
import { openWorkspaceStore, STORE_PROBLEMS, type WorkspaceStore } from './workspace-store.ts';

const ws = (patch: Partial<Workspace> = {}): Workspace => ({
  id: 'w1',
  name: 'Agents',
  files: { 'a.md': 'alpha', 'sub/b.yaml': 'beta' },
  active: 'a.md',
  profile: 'rfc',
  reloadMode: 'hot-swap',
  revision: 1,
  updatedAt: 1000,
  ...patch,
});

const freshIndexedDb = () =>
  createIndexedDbStore({ useStore: createStore(`test-${randomId()}`, 'workspaces') });

describe.each<[string, () => WorkspaceStore]>([
  ['memory', () => createMemoryStore()],
  ['indexeddb', freshIndexedDb],
])('the %s store', (kind, make) => {
  it('reports its kind and starts empty', async () => {
    const store = make();
    expect(store.kind).toBe(kind);
    expect(await store.list()).toEqual([]);
    expect(await store.load('w1')).toBeUndefined();
    expect(await store.loadUiState()).toEqual({});
  });

  it('saves a new workspace and loads it back equal', async () => {
    const store = make();
    const history = { 'a.md': { done: [{ changes: [0, 'x'] }] } };
    expect(await store.save(ws({ history }), null)).toEqual({ ok: true, revision: 1 });
    expect(await store.load('w1')).toEqual(ws({ history }));
  });

  it('lists workspaces most recently changed first, with file counts', async () => {
    const store = make();
    await store.save(ws({ id: 'old', updatedAt: 1 }), null);
    await store.save(ws({ id: 'new', name: 'New', updatedAt: 9, files: {}, active: '' }), null);
    expect(await store.list()).toEqual([
      { id: 'new', name: 'New', updatedAt: 9, fileCount: 0 },
      { id: 'old', name: 'Agents', updatedAt: 1, fileCount: 2 },
    ]);
  });

  it('overwrites when the expected revision is the stored one', async () => {
    const store = make();
    await store.save(ws(), null);
    const next = ws({ revision: 2, files: { 'a.md': 'changed' } });
    expect(await store.save(next, 1)).toEqual({ ok: true, revision: 2 });
    expect(await store.load('w1')).toEqual(next);
  });

  it('returns a conflict with the stored workspace and writes nothing when the revision moved on', async () => {
    const store = make();
    await store.save(ws(), null);
    await store.save(ws({ revision: 2, name: 'Theirs' }), 1);
    const result = await store.save(ws({ revision: 2, name: 'Mine' }), 1);
    expect(result).toEqual({
      ok: false,
      reason: 'conflict',
      stored: ws({ revision: 2, name: 'Theirs' }),
    });
    expect((await store.load('w1'))?.name).toBe('Theirs');
  });

  it('returns a conflict when a "new" workspace is already stored', async () => {
    const store = make();
    await store.save(ws(), null);
    expect(await store.save(ws({ name: 'Other' }), null)).toMatchObject({ reason: 'conflict' });
  });

  it('re-creates a workspace deleted meanwhile rather than losing the edits', async () => {
    const store = make();
    await store.save(ws(), null);
    await store.remove('w1');
    expect(await store.save(ws({ revision: 2 }), 1)).toEqual({ ok: true, revision: 2 });
    expect((await store.load('w1'))?.revision).toBe(2);
  });

  it('throws a TypeError when the revision does not advance', async () => {
    const store = make();
    await expect(store.save(ws({ revision: 1 }), 1)).rejects.toThrow(TypeError);
  });

  it('gives quota and writes nothing for a workspace over the size limit', async () => {
    const store = make();
    const big = ws({ files: { 'a.md': 'x'.repeat(STORAGE_LIMITS.maxTotalChars) } });
    const result = await store.save(big, null);
    expect(result).toMatchObject({ ok: false, reason: 'quota' });
    expect(await store.list()).toEqual([]);
  });

  it('keeps its own copies: later changes to saved or loaded objects do not leak in', async () => {
    const store = make();
    const saved = ws();
    await store.save(saved, null);
    saved.files['a.md'] = 'mutated after save';
    const loaded = (await store.load('w1'))!;
    loaded.files['a.md'] = 'mutated after load';
    expect((await store.load('w1'))?.files['a.md']).toBe('alpha');
  });

  it('saves a proxied workspace (as Svelte state is)', async () => {
    const store = make();
    const proxied = new Proxy(ws({ files: new Proxy({ 'a.md': 'alpha' }, {}) }), {});
    expect(await store.save(proxied, null)).toMatchObject({ ok: true });
    expect((await store.load('w1'))?.files).toEqual({ 'a.md': 'alpha' });
  });

  it('removes a workspace, and removing an unknown one does nothing', async () => {
    const store = make();
    await store.save(ws(), null);
    await store.remove('w1');
    await store.remove('never-stored');
    expect(await store.list()).toEqual([]);
    expect(await store.load('w1')).toBeUndefined();
  });

  it('keeps UI preferences and refuses malformed ones', async () => {
    const store = make();
    await store.saveUiState({ lastWorkspaceId: 'w1', theme: 'dark', split: 0.4, wrap: true });
    expect(await store.loadUiState()).toEqual({
      lastWorkspaceId: 'w1',
      theme: 'dark',
      split: 0.4,
      wrap: true,
    });
    await expect(store.saveUiState({ x: { nested: 1 } as never })).rejects.toThrow(TypeError);
  });
});

describe('openWorkspaceStore', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses IndexedDB when the probe succeeds', async () => {
    const { store, problem } = await openWorkspaceStore({
      useStore: createStore(`test-${randomId()}`, 'workspaces'),
    });
    expect(store.kind).toBe('indexeddb');
    expect(problem).toBeUndefined();
  });

  it('falls back to memory with a banner when the browser has no IndexedDB', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const { store, problem } = await openWorkspaceStore();
    expect(store.kind).toBe('memory');
    expect(problem).toBe(STORE_PROBLEMS.unavailable);
  });

  it('falls back to memory when opening the database hangs past the probe timeout', async () => {
    const { store, problem } = await openWorkspaceStore({
      useStore: () => new Promise<never>(() => {}),
      probeTimeoutMs: 20,
    });
    expect(store.kind).toBe('memory');
    expect(problem).toBe(STORE_PROBLEMS.unavailable);
  });

  it('falls back to memory when the probe write hits a security error', async () => {
    const { store, problem } = await openWorkspaceStore({
      useStore: () => Promise.reject(new DOMException('denied', 'SecurityError')),
    });
    expect(store.kind).toBe('memory');
    expect(problem).toBe(STORE_PROBLEMS.unavailable);
  });

  it('says storage is full when the probe write exceeds the quota', async () => {
    const { store, problem } = await openWorkspaceStore({
      useStore: () => Promise.reject(new DOMException('full', 'QuotaExceededError')),
    });
    expect(store.kind).toBe('memory');
    expect(problem).toBe(STORE_PROBLEMS.quota);
  });
});
