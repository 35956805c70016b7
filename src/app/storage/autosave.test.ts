import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Workspace } from '../state/workspace-types.ts';
import {
  createAutosave,
  flushWhenHidden,
  type AutosaveListener,
  type PageEvents,
} from './autosave.ts';
import { createMemoryStore } from './memory-store.ts';
import { StorageError } from './storage-error.ts';
import type { SaveResult, WorkspaceStore } from './workspace-store.ts';

const ws = (patch: Partial<Workspace> = {}): Workspace => ({
  id: 'w1',
  name: 'Agents',
  files: { 'a.md': 'alpha' },
  active: 'a.md',
  profile: 'rfc',
  reloadMode: 'hot-swap',
  revision: 0,
  updatedAt: 0,
  ...patch,
});

/**
 * A memory store whose saves are logged with the fake clock's time, and optionally held until `release()`, so
 * a test sees when each save started and how many ran at once.
 */
function spyStore(options: { hold?: boolean } = {}) {
  const inner = createMemoryStore();
  const starts: Array<{ at: number; revision: number; expected: number | null }> = [];
  const waiting: Array<() => void> = [];
  let running = 0;
  let maxRunning = 0;
  const store: WorkspaceStore = {
    ...inner,
    async save(workspace, expected) {
      starts.push({ at: Date.now(), revision: workspace.revision, expected });
      running++;
      maxRunning = Math.max(maxRunning, running);
      if (options.hold) await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await inner.save(workspace, expected);
      } finally {
        running--;
      }
    },
  };
  return {
    store,
    inner,
    starts,
    maxRunning: () => maxRunning,
    release: () => waiting.shift()?.(),
  };
}

/** A model stand-in: holds a workspace and adopts the saved revision, as the app model does. */
function model(initial: Workspace = ws()) {
  let current = initial;
  const results: SaveResult[] = [];
  const onResult: AutosaveListener = (result, saved) => {
    results.push(result);
    if (result.ok && saved.id === current.id) current = { ...current, revision: result.revision };
  };
  return {
    results,
    onResult,
    get: () => current,
    edit: (text: string) => (current = { ...current, files: { 'a.md': text } }),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

describe('createAutosave', () => {
  it('saves once, 400 ms after the last of a burst of changes', async () => {
    const { store, starts } = spyStore();
    const m = model();
    const autosave = createAutosave(store, m.get, m.onResult);
    for (const t of [0, 100, 200]) {
      await vi.advanceTimersByTimeAsync(t === 0 ? 0 : 100);
      autosave.schedule();
    }
    await vi.advanceTimersByTimeAsync(399);
    expect(starts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts.map((s) => s.at)).toEqual([600]);
  });

  it('saves at least once a second while changes keep coming', async () => {
    const { store, starts } = spyStore();
    const m = model();
    const autosave = createAutosave(store, m.get, m.onResult);
    for (let t = 0; t < 3000; t += 100) {
      m.edit(`text at ${t}`);
      autosave.schedule();
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(starts.map((s) => s.at)).toEqual([1000, 2000, 3000]);
  });

  it('numbers revisions: a new workspace is saved as revision 1 expecting none, then 2 expecting 1', async () => {
    const { store, starts } = spyStore();
    const m = model();
    const autosave = createAutosave(store, m.get, m.onResult);
    autosave.schedule();
    await vi.advanceTimersByTimeAsync(400);
    m.edit('second');
    autosave.schedule();
    await vi.advanceTimersByTimeAsync(400);
    expect(starts.map((s) => [s.revision, s.expected])).toEqual([
      [1, null],
      [2, 1],
    ]);
    expect(m.results).toEqual([
      { ok: true, revision: 1 },
      { ok: true, revision: 2 },
    ]);
  });

  it('never runs two saves at once: a change during a save is saved right after it', async () => {
    const spy = spyStore({ hold: true });
    const m = model();
    const autosave = createAutosave(spy.store, m.get, m.onResult);
    autosave.schedule();
    await vi.advanceTimersByTimeAsync(400);
    m.edit('during the first save');
    autosave.schedule();
    await vi.advanceTimersByTimeAsync(5000);
    expect(spy.starts).toHaveLength(1);
    spy.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(spy.starts.map((s) => [s.at, s.revision, s.expected])).toEqual([
      [400, 1, null],
      [5400, 2, 1],
    ]);
    spy.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(spy.maxRunning()).toBe(1);
    expect((await spy.inner.load('w1'))?.files['a.md']).toBe('during the first save');
  });

  it('reports a conflict and does not retry it on its own', async () => {
    const { store, inner, starts } = spyStore();
    await inner.save(ws({ revision: 5, name: 'Theirs' }), null);
    const m = model(ws({ revision: 4 }));
    const autosave = createAutosave(store, m.get, m.onResult);
    autosave.schedule();
    await vi.advanceTimersByTimeAsync(400);
    expect(m.results).toEqual([
      { ok: false, reason: 'conflict', stored: ws({ revision: 5, name: 'Theirs' }) },
    ]);
    await autosave.flush();
    expect(starts).toHaveLength(1);
  });

  it('reports a storage failure, and retries the unsaved change on flush', async () => {
    const { store } = spyStore();
    let fail = true;
    const flaky: WorkspaceStore = {
      ...store,
      save: (w, e) =>
        fail ? Promise.resolve({ ok: false, reason: 'quota', message: 'full' }) : store.save(w, e),
    };
    const m = model();
    const autosave = createAutosave(flaky, m.get, m.onResult);
    autosave.schedule();
    await vi.advanceTimersByTimeAsync(400);
    fail = false;
    await autosave.flush();
    expect(m.results.map((r) => (r.ok ? 'ok' : r.reason))).toEqual(['quota', 'ok']);
  });

  it('reports a save that throws as a failure instead of losing it', async () => {
    const broken: WorkspaceStore = {
      ...createMemoryStore(),
      save: () => Promise.reject(new StorageError('blocked')),
    };
    const m = model();
    const autosave = createAutosave(broken, m.get, m.onResult);
    autosave.schedule();
    await vi.advanceTimersByTimeAsync(400);
    expect(m.results).toEqual([{ ok: false, reason: 'blocked', message: expect.any(String) }]);
  });

  it('flush saves at once and resolves after the result is reported', async () => {
    const { store, starts } = spyStore();
    const m = model();
    const autosave = createAutosave(store, m.get, m.onResult);
    autosave.schedule();
    await autosave.flush();
    expect(starts.map((s) => s.at)).toEqual([0]);
    expect(m.results).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(starts).toHaveLength(1);
  });

  it('flush waits for a save in flight and then saves what changed during it', async () => {
    const spy = spyStore({ hold: true });
    const m = model();
    const autosave = createAutosave(spy.store, m.get, m.onResult);
    autosave.schedule();
    await vi.advanceTimersByTimeAsync(400);
    m.edit('late');
    autosave.schedule();
    let flushed = false;
    void autosave.flush().then(() => (flushed = true));
    spy.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(flushed).toBe(false);
    spy.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(flushed).toBe(true);
    expect(spy.starts.map((s) => s.revision)).toEqual([1, 2]);
  });

  it('does nothing when there is nothing to save', async () => {
    const { store, starts } = spyStore();
    const autosave = createAutosave(
      store,
      () => undefined,
      () => {},
    );
    await autosave.flush();
    autosave.schedule();
    await vi.advanceTimersByTimeAsync(1000);
    expect(starts).toEqual([]);
  });

  it('after dispose, drops pending saves and does not report results in flight', async () => {
    const spy = spyStore({ hold: true });
    const m = model();
    const autosave = createAutosave(spy.store, m.get, m.onResult);
    autosave.schedule();
    await vi.advanceTimersByTimeAsync(400);
    autosave.schedule();
    autosave.dispose();
    spy.release();
    await vi.advanceTimersByTimeAsync(5000);
    autosave.schedule();
    await vi.advanceTimersByTimeAsync(5000);
    expect(spy.starts).toHaveLength(1);
    expect(m.results).toEqual([]);
  });

  it('honours a custom delay', async () => {
    const { store, starts } = spyStore();
    const m = model();
    const autosave = createAutosave(store, m.get, m.onResult, 50);
    autosave.schedule();
    await vi.advanceTimersByTimeAsync(50);
    expect(starts.map((s) => s.at)).toEqual([50]);
  });
});

describe('flushWhenHidden', () => {
  it('flushes on pagehide and when the document becomes hidden, until stopped', () => {
    const doc = Object.assign(new EventTarget(), {
      visibilityState: 'visible',
    });
    const page = Object.assign(new EventTarget(), { document: doc }) as unknown as PageEvents;
    const flush = vi.fn(() => Promise.resolve());
    const stop = flushWhenHidden({ flush }, page);
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(flush).toHaveBeenCalledTimes(0);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    (page as unknown as EventTarget).dispatchEvent(new Event('pagehide'));
    expect(flush).toHaveBeenCalledTimes(2);
    stop();
    (page as unknown as EventTarget).dispatchEvent(new Event('pagehide'));
    expect(flush).toHaveBeenCalledTimes(2);
  });
});
