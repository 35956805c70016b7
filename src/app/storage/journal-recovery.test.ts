import { describe, expect, it } from 'vitest';
import type { Workspace } from '../state/workspace-types.ts';
import { createEditJournal } from './edit-journal.ts';
import { FakeStorage, workspace } from './journal-fixture.ts';
import { recoverJournals } from './journal-recovery.ts';
import { createMemoryStore } from './memory-store.ts';
import type { WorkspaceStore } from './workspace-store.ts';

/** A memory store that says it outlives the page, as IndexedDB does. */
function durableStore(): WorkspaceStore {
  return { ...createMemoryStore(), kind: 'indexeddb' };
}

const copyOf = (ws: Workspace): Workspace => ({
  ...ws,
  id: `${ws.id}-copy`,
  name: `${ws.name} (copy)`,
});

async function storeAt(store: WorkspaceStore, ws: Workspace): Promise<void> {
  const result = await store.save(ws, null);
  expect(result.ok).toBe(true);
}

describe('recoverJournals', () => {
  it('saves edits made on the stored revision over it, then clears the entry', async () => {
    const store = durableStore();
    await storeAt(store, workspace({ revision: 3 }));
    const journal = createEditJournal(new FakeStorage());
    journal.write(workspace({ revision: 3, files: { 'a.md': 'typed just before the reload' } }));
    const recovery = await recoverJournals(store, journal, copyOf);
    expect(recovery).toMatchObject({ restored: ['ws-1'], copies: [], newest: 'ws-1' });
    const loaded = await store.load('ws-1');
    expect(loaded?.files['a.md']).toBe('typed just before the reload');
    expect(loaded?.revision).toBe(4);
    expect(journal.entries()).toEqual([]);
  });

  it('saves a workspace that was never saved (a link opened and edited at once)', async () => {
    const store = durableStore();
    const journal = createEditJournal(new FakeStorage());
    journal.write(workspace({ id: 'fresh', revision: 0 }));
    const recovery = await recoverJournals(store, journal, copyOf);
    expect(recovery.restored).toEqual(['fresh']);
    expect((await store.load('fresh'))?.revision).toBe(1);
  });

  it('never overwrites a newer save of another tab: the edits become a copy beside it', async () => {
    const store = durableStore();
    await storeAt(store, workspace({ revision: 5, files: { 'a.md': 'saved by the other tab' } }));
    const journal = createEditJournal(new FakeStorage());
    journal.write(workspace({ revision: 3, files: { 'a.md': 'mine' } }));
    const recovery = await recoverJournals(store, journal, copyOf);
    expect(recovery.restored).toEqual([]);
    expect(recovery.copies.map((c) => c.id)).toEqual(['ws-1-copy']);
    expect(recovery.newest).toBe('ws-1-copy');
    expect((await store.load('ws-1'))?.files['a.md']).toBe('saved by the other tab');
    expect((await store.load('ws-1-copy'))?.files['a.md']).toBe('mine');
    expect(journal.entries()).toEqual([]);
  });

  it('just clears an entry whose content is already stored (the save finished after all)', async () => {
    const store = durableStore();
    await storeAt(store, workspace({ revision: 4 }));
    const journal = createEditJournal(new FakeStorage());
    journal.write(workspace({ revision: 3 }));
    const recovery = await recoverJournals(store, journal, copyOf);
    expect(recovery).toMatchObject({ restored: [], copies: [], newest: 'ws-1' });
    expect((await store.load('ws-1'))?.revision).toBe(4);
    expect(journal.entries()).toEqual([]);
  });

  it('keeps the entry when the save fails, for the next load', async () => {
    const failing: WorkspaceStore = {
      ...durableStore(),
      save: async () => ({ ok: false, reason: 'quota', message: 'full' }),
    };
    const journal = createEditJournal(new FakeStorage());
    journal.write(workspace());
    const recovery = await recoverJournals(failing, journal, copyOf);
    expect(recovery).toEqual({ restored: [], copies: [], newest: undefined });
    expect(journal.entries()).toHaveLength(1);
  });

  it('keeps the entry after replaying into a store that does not outlive the page', async () => {
    const store = createMemoryStore();
    const journal = createEditJournal(new FakeStorage());
    journal.write(workspace());
    expect((await recoverJournals(store, journal, copyOf)).restored).toEqual(['ws-1']);
    expect(journal.entries()).toHaveLength(1);
  });

  it('keeps the undo history stored with the revision the edits were made on', async () => {
    const store = durableStore();
    await storeAt(store, workspace({ revision: 3, history: { 'a.md': { done: [] } } }));
    const journal = createEditJournal(new FakeStorage());
    journal.write(workspace({ revision: 3, files: { 'a.md': 'B' } }));
    await recoverJournals(store, journal, copyOf);
    expect((await store.load('ws-1'))?.history).toEqual({ 'a.md': { done: [] } });
  });
});
