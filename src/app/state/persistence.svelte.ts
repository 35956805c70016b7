/**
 * Keeping the open workspace: the edit journal (written at once, so a reload a moment later finds the
 * change), debounced compare-and-set saves, the list of stored workspaces, and the other tabs (a save there of
 * the workspace open here is a conflict: edits here are then not saved over it). With `persist` false (the
 * embed) nothing is journalled, saved or listed.
 */
import { createAutosave, type Autosave } from '../storage/autosave.ts';
import type { EditJournal } from '../storage/edit-journal.ts';
import { recoverJournals } from '../storage/journal-recovery.ts';
import { createTabSync, type TabSync } from '../storage/tab-sync.ts';
import type { SaveResult, WorkspaceStore } from '../storage/workspace-store.ts';
import type { Notifications } from './notifications.svelte.ts';
import { journalSnapshot, makeWorkspace, plainFiles } from './workspace-files.ts';
import type { Workspace, WorkspaceMeta } from './workspace-types.ts';

/** What `Persistence` works on, injected by the model. */
export interface PersistenceHost {
  store: WorkspaceStore;
  /** False in the embed: edits are never written to the visitor's saved workspaces. */
  persist: boolean;
  journal: EditJournal;
  notifications: Notifications;
  /** The open workspace (the model's state, so that an adopted revision is seen). */
  current(): Workspace;
  /** Opens the open workspace's edits as a copy: the conflict banner's action. */
  fork(): void;
  /** The channel the tabs talk on (default: the app's). */
  tabChannel?: string;
}

/** Saving state for the status line. */
export type SaveState = 'saved' | 'saving' | 'unsaved' | 'off';

/** The persistence of the open workspace and the list of stored ones. */
export class Persistence {
  /** The stored workspaces, newest first. */
  workspaces = $state<WorkspaceMeta[]>([]);
  /** Where saves go: 'memory' after a save failed, or when the browser gave no IndexedDB. */
  storageKind = $state<'indexeddb' | 'memory'>('memory');
  saveState = $state<SaveState>('saved');

  private readonly autosave: Autosave;
  private readonly tabs: TabSync;
  private conflict = false;
  private hiding = false;
  /** Counts changes; `savedSeq` is the count the last lasting save held, `snapshotSeq` the one being saved. */
  private changeSeq = 0;
  private snapshotSeq = 0;
  private savedSeq = 0;
  /** False when the last change could not be journalled (too large, or no session storage). */
  private journalled = true;

  constructor(private readonly host: PersistenceHost) {
    this.storageKind = host.store.kind;
    this.autosave = createAutosave(
      host.store,
      () => this.snapshotForSave(),
      (result, saved) => this.onSaved(result, saved),
    );
    this.tabs = createTabSync((message) => {
      const ws = host.current();
      if (message.id === ws.id && message.revision > ws.revision) this.onConflict();
      void this.refreshList();
    }, host.tabChannel);
    if (!host.persist || host.store.kind === 'memory') this.saveState = 'off';
  }

  /**
   * True while a change is neither saved where it outlives the page nor in the edit journal (the workspace is
   * too large for it, or the browser gives no session storage): leaving the page now would lose it.
   */
  get unsavedAtRisk(): boolean {
    return this.host.persist && !this.journalled && this.changeSeq !== this.savedSeq;
  }

  /** The open workspace changed: journal it now and save it soon (not while in conflict with another tab). */
  changed(): void {
    if (!this.host.persist) return;
    // Written before anything asynchronous: a reload a moment from now must find this change.
    this.changeSeq += 1;
    this.journalled = this.host.journal.write(journalSnapshot(this.host.current()));
    if (this.conflict) return;
    if (this.saveState !== 'off') this.saveState = 'unsaved';
    this.autosave.schedule();
  }

  /** Only the undo history changed: saved, not journalled; at once while the page is going away. */
  historyChanged(): void {
    if (!this.host.persist || this.conflict) return;
    if (this.saveState !== 'off') this.saveState = 'unsaved';
    // While the page is going away the editor hands over its last history after our own flush began.
    if (this.hiding) void this.autosave.flush();
    else this.autosave.schedule();
  }

  /** Another workspace was opened: any conflict was the old one's. */
  opened(): void {
    this.conflict = false;
    this.host.notifications.dismiss('conflict');
  }

  /** Saves now (when persisting); resolves when every save so far has finished. */
  flush(): Promise<void> {
    return this.host.persist ? this.autosave.flush() : Promise.resolve();
  }

  /** Finishes pending saves whether or not this model persists (before switching workspaces). */
  settle(): Promise<void> {
    return this.autosave.flush();
  }

  /** The page is being hidden or unloaded: save now, and keep saving at once until it is shown again. */
  pageHidden(): Promise<void> {
    this.hiding = true;
    return this.flush();
  }

  /** The page is visible again. */
  pageShown(): void {
    this.hiding = false;
  }

  /** The stored workspace `id`; undefined when it is missing or cannot be read. */
  load(id: string): Promise<Workspace | undefined> {
    return this.host.store.load(id).catch(() => undefined);
  }

  /** The workspace to open at start: `lastId` when stored, else the newest stored (when persisting). */
  async firstToOpen(lastId: string | undefined): Promise<Workspace | undefined> {
    const last = lastId ? await this.load(lastId) : undefined;
    if (last) return last;
    const list = this.host.persist ? await this.host.store.list().catch(() => []) : [];
    return list[0] ? this.load(list[0].id) : undefined;
  }

  /**
   * Replays the edit journal into the store (edits a reload or a navigation cut short); edits made meanwhile
   * in another tab are kept as copies, named in a banner. Resolves with the workspace to open first, if the
   * journal names one.
   */
  async recover(): Promise<string | undefined> {
    if (!this.host.persist) return undefined;
    const recovery = await recoverJournals(this.host.store, this.host.journal, (ws) => ({
      ...makeWorkspace(`${ws.name} (recovered edits)`, ws.files, ws.active, ws.profile),
      reloadMode: ws.reloadMode,
      ...(ws.formats ? { formats: ws.formats } : {}),
    }));
    if (recovery.copies.length > 0)
      this.host.notifications.show({
        id: 'journal-copies',
        kind: 'warning',
        text: `Edits not saved before the page was left were changed meanwhile in another tab; they are kept as ${recovery.copies.map((c) => `"${c.name}"`).join(', ')}.`,
      });
    return recovery.newest;
  }

  /**
   * Stores `ws`, a workspace that is not the open one (a copy kept aside), as it is: one save, no journal.
   * Resolves with the store's answer; the list is read again after a successful save.
   */
  async keep(ws: Workspace): Promise<SaveResult> {
    const result = await this.host.store.save(
      { ...ws, revision: ws.revision + 1 },
      ws.revision === 0 ? null : ws.revision,
    );
    if (result.ok) await this.refreshList();
    return result;
  }

  /** Deletes workspace `id` from the store and the journal (a failure to delete is ignored). */
  async remove(id: string): Promise<void> {
    this.host.journal.clear(id);
    await this.host.store.remove(id).catch(() => undefined);
  }

  /** Drops the journalled edits of `id` (they now live in a copy, which must not get them twice). */
  forgetJournal(id: string): void {
    this.host.journal.clear(id);
  }

  /** Reads the list of stored workspaces again (when persisting). */
  async refreshList(): Promise<void> {
    if (!this.host.persist) return;
    const list = await this.host.store.list().catch(() => [] as WorkspaceMeta[]);
    this.workspaces = list.sort((a, b) => b.updatedAt - a.updatedAt);
  }

  /** Stops saving and listening to the other tabs. */
  dispose(): void {
    this.autosave.dispose();
    this.tabs.dispose();
  }

  private snapshotForSave(): Workspace {
    this.snapshotSeq = this.changeSeq;
    const ws = this.host.current();
    // `$state.snapshot` passes every string through structuredClone: over the whole workspace each save
    // copied each file's text (1 MB for a 1 MB file, held until the save ended). The texts are shared
    // instead (strings are immutable); every other field is snapshotted as before.
    return { ...$state.snapshot({ ...ws, files: {} }), files: plainFiles(ws) };
  }

  private onSaved(result: SaveResult, saved: Workspace): void {
    const { store, journal, notifications } = this.host;
    const ws = this.host.current();
    const lasting = result.ok && store.kind !== 'memory';
    if (saved.id !== ws.id) {
      // A save of the workspace we switched away from: only the list changes.
      if (lasting) journal.clear(saved.id);
      void this.refreshList();
      return;
    }
    if (result.ok) {
      ws.revision = result.revision;
      if (lasting) {
        this.savedSeq = this.snapshotSeq;
        // Changes made while saving stay journalled, now on top of the new revision.
        if (this.snapshotSeq === this.changeSeq) journal.clear(saved.id);
        else this.journalled = journal.write(journalSnapshot(ws));
      }
      if (store.kind !== 'memory') this.saveState = 'saved';
      notifications.dismiss('storage-save');
      this.tabs.announce(ws.id, ws.revision);
      void this.refreshList();
      return;
    }
    if (result.reason === 'conflict') {
      this.onConflict();
      return;
    }
    this.saveState = 'off';
    this.storageKind = 'memory';
    notifications.show({
      id: 'storage-save',
      kind: 'error',
      text: `Not saved: ${result.message} Your work stays open in this tab; download it to keep it.`,
    });
  }

  private onConflict(): void {
    if (this.conflict) return;
    this.conflict = true;
    this.saveState = 'unsaved';
    this.host.notifications.show({
      id: 'conflict',
      kind: 'warning',
      text: 'This workspace was changed in another tab. Your edits here are not saved over it.',
      action: { label: 'Keep mine as a copy', run: () => this.host.fork() },
    });
  }
}
