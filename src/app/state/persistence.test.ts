import 'fake-indexeddb/auto';
import { createStore } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEditJournal } from '../storage/edit-journal.ts';
import { createIndexedDbStore } from '../storage/indexeddb-store.ts';
import { FakeStorage, workspace } from '../storage/journal-fixture.ts';
import { createMemoryStore } from '../storage/memory-store.ts';
import { randomId } from '../storage/random-id.ts';
import type { WorkspaceStore } from '../storage/workspace-store.ts';
import { Notifications } from './notifications.svelte.ts';
import { Persistence } from './persistence.svelte.ts';
import type { Workspace } from './workspace-types.ts';

/** A memory store that says it outlives the page, as IndexedDB does. */
const durableStore = (): WorkspaceStore => ({ ...createMemoryStore(), kind: 'indexeddb' });

const made: Persistence[] = [];
afterEach(() => {
  for (const p of made.splice(0)) p.dispose();
});

/** A persistence over `store` for the workspace `ws` (revision 0 unless given), on a channel of its own. */
function setup(
  options: {
    store?: WorkspaceStore;
    persist?: boolean;
    storage?: FakeStorage;
    ws?: Workspace;
    channel?: string;
  } = {},
) {
  const store = options.store ?? durableStore();
  const storage = options.storage ?? new FakeStorage();
  const journal = createEditJournal(storage);
  const notifications = new Notifications();
  let ws = options.ws ?? workspace({ revision: 0 });
  const forks: string[] = [];
  const persistence = new Persistence({
    store,
    persist: options.persist ?? true,
    journal,
    notifications,
    current: () => ws,
    fork: () => void forks.push(ws.id),
    tabChannel: options.channel ?? `test-${randomId()}`,
  });
  made.push(persistence);
  return {
    store,
    journal,
    notifications,
    persistence,
    forks,
    get ws() {
      return ws;
    },
    set ws(next: Workspace) {
      ws = next;
    },
  };
}

describe('Persistence', () => {
  it('journals a change at once and, once saved, adopts the revision and clears the journal', async () => {
    const t = setup();
    t.ws.files['a.md'] = 'typed';
    t.persistence.changed();
    expect(t.journal.entries().map((e) => e.workspace.files['a.md'])).toEqual(['typed']);
    expect(t.persistence.saveState).toBe('unsaved');
    await t.persistence.flush();
    expect(t.ws.revision).toBe(1);
    expect(t.persistence.saveState).toBe('saved');
    expect(t.journal.entries()).toEqual([]);
    expect((await t.store.load('ws-1'))?.files['a.md']).toBe('typed');
    await vi.waitFor(() => expect(t.persistence.workspaces.map((w) => w.id)).toEqual(['ws-1']));
  });

  it('saves the files, undo history, format choices and settings as they were when the save began', async () => {
    // A store that reads what it is given a moment later, as IndexedDB does.
    const inner = durableStore();
    const store: WorkspaceStore = {
      ...inner,
      save: async (ws, base) => {
        await new Promise((resolve) => setTimeout(resolve, 0));
        return inner.save(ws, base);
      },
    };
    const t = setup({ store });
    Object.assign(t.ws, {
      files: { 'a.md': 'typed', 'b.yaml': 'name: b' },
      history: { 'a.md': { done: [{ changes: [[0, 'typed']] }] } },
      formats: { 'b.yaml': 'openagentspec' },
      profile: 'fast-agent',
    });
    t.persistence.changed();
    const saving = t.persistence.flush();
    // Edits after the save began belong to the next save.
    t.ws.files['a.md'] = 'typed more';
    (t.ws.history!['a.md'] as { done: unknown[] }).done.push({ changes: [[5, ' more']] });
    await saving;
    const saved = await t.store.load('ws-1');
    expect(saved).toMatchObject({
      files: { 'a.md': 'typed', 'b.yaml': 'name: b' },
      history: { 'a.md': { done: [{ changes: [[0, 'typed']] }] } },
      formats: { 'b.yaml': 'openagentspec' },
      profile: 'fast-agent',
      active: t.ws.active,
      name: t.ws.name,
    });
  });

  it('says unsaved work is at risk while a change is neither journalled nor saved', async () => {
    const t = setup({ storage: new FakeStorage(0) });
    expect(t.persistence.unsavedAtRisk).toBe(false);
    t.persistence.changed();
    expect(t.persistence.unsavedAtRisk).toBe(true);
    await t.persistence.flush();
    expect(t.persistence.unsavedAtRisk).toBe(false);
  });

  it('keeps the journal of a memory store, whose saves do not outlive the page', async () => {
    const t = setup({ store: createMemoryStore() });
    expect(t.persistence.saveState).toBe('off');
    t.persistence.changed();
    await t.persistence.flush();
    expect(t.persistence.saveState).toBe('off');
    expect(t.journal.entries()).toHaveLength(1);
  });

  it('without persist journals, saves and lists nothing', async () => {
    const t = setup({ persist: false });
    expect(t.persistence.saveState).toBe('off');
    t.persistence.changed();
    t.persistence.historyChanged();
    await t.persistence.flush();
    await t.persistence.refreshList();
    expect(t.journal.entries()).toEqual([]);
    expect(await t.store.list()).toEqual([]);
    expect(await t.persistence.recover()).toBeUndefined();
    expect(await t.persistence.firstToOpen(undefined)).toBeUndefined();
  });

  it('turns a failed save into a banner and works on in memory', async () => {
    const store = durableStore();
    store.save = async () => ({ ok: false, reason: 'quota', message: 'The disk is full.' });
    const t = setup({ store });
    t.persistence.changed();
    await t.persistence.flush();
    expect(t.persistence.saveState).toBe('off');
    expect(t.persistence.storageKind).toBe('memory');
    expect(t.notifications.banners.map((b) => b.id)).toEqual(['storage-save']);
  });

  it('stops saving over a newer stored revision and offers to keep the edits as a copy', async () => {
    const t = setup();
    await t.store.save(workspace({ revision: 1, files: { 'a.md': 'theirs' } }), null);
    t.persistence.changed();
    await t.persistence.flush();
    expect(t.persistence.saveState).toBe('unsaved');
    const banner = t.notifications.banners.find((b) => b.id === 'conflict');
    banner?.action?.run();
    expect(t.forks).toEqual(['ws-1']);
    t.persistence.changed();
    await t.persistence.flush();
    expect((await t.store.load('ws-1'))?.files['a.md']).toBe('theirs');
    t.persistence.opened();
    expect(t.notifications.has('conflict')).toBe(false);
  });

  it('hears another tab save the open workspace as a conflict', async () => {
    const channel = `test-${randomId()}`;
    const store = durableStore();
    const here = setup({ store, channel });
    const there = setup({ store, channel, ws: workspace({ revision: 0 }) });
    there.persistence.changed();
    await there.persistence.flush();
    await vi.waitFor(() => expect(here.notifications.has('conflict')).toBe(true));
    expect(here.persistence.saveState).toBe('unsaved');
  });

  it('replays the journal at start, keeping edits changed meanwhile elsewhere as a named copy', async () => {
    const t = setup();
    await t.store.save(workspace({ revision: 1 }), null);
    t.journal.write(workspace({ revision: 1, files: { 'a.md': 'mine' } }));
    await t.store.save(workspace({ revision: 2, files: { 'a.md': 'theirs' } }), 1);
    const newest = await t.persistence.recover();
    expect(newest).toBeDefined();
    expect(newest).not.toBe('ws-1');
    expect((await t.store.load(newest!))?.name).toBe('Mine (recovered edits)');
    expect(t.notifications.has('journal-copies')).toBe(true);
  });

  it('opens the last workspace, else the newest stored one, else none', async () => {
    const t = setup();
    expect(await t.persistence.firstToOpen('nope')).toBeUndefined();
    await t.store.save(workspace({ id: 'old', revision: 1, updatedAt: 1 }), null);
    await t.store.save(workspace({ id: 'new', revision: 1, updatedAt: 2 }), null);
    expect((await t.persistence.firstToOpen('old'))?.id).toBe('old');
    expect((await t.persistence.firstToOpen('gone'))?.id).toBe('new');
    await t.persistence.remove('new');
    expect((await t.persistence.firstToOpen(undefined))?.id).toBe('old');
  });

  it('saves to IndexedDB and lists what it saved', async () => {
    const store = createIndexedDbStore({ useStore: createStore(`test-${randomId()}`, 'ws') });
    const t = setup({ store });
    expect(t.persistence.storageKind).toBe('indexeddb');
    t.persistence.changed();
    await t.persistence.flush();
    await t.persistence.refreshList();
    expect(t.persistence.workspaces.map((w) => w.id)).toEqual(['ws-1']);
    expect(t.journal.entries()).toEqual([]);
  });
});
