/**
 * Replaying the edit journal on load: each entry newer than what IndexedDB holds is saved there, then
 * cleared. Two-tab rule: an entry whose workspace another tab has saved since (a newer revision) never
 * overwrites it; it is kept as a copy of its own, and the caller tells the user.
 */
import type { Workspace } from '../state/workspace-types.ts';
import type { EditJournal, JournalEntry } from './edit-journal.ts';
import type { WorkspaceStore } from './workspace-store.ts';

/** What recovery did. */
export interface JournalRecovery {
  /** Workspaces whose journalled edits were saved over the revision they were made on. */
  restored: string[];
  /** Journalled edits kept as new workspaces because another tab had saved the original since. */
  copies: Workspace[];
  /** The workspace of the newest entry (restored, copied or found already saved), to open first. */
  newest: string | undefined;
}

/**
 * Replays every entry of `journal` into `store`. An entry is cleared only once its content is in a store
 * that outlives the page (`store.kind === 'indexeddb'`); an entry that could not be saved stays for the next
 * load. `copyOf` makes the new workspace a conflicting entry is kept as. Never rejects.
 */
export async function recoverJournals(
  store: WorkspaceStore,
  journal: EditJournal,
  copyOf: (workspace: Workspace) => Workspace,
): Promise<JournalRecovery> {
  const recovery: JournalRecovery = { restored: [], copies: [], newest: undefined };
  const durable = store.kind === 'indexeddb';
  for (const entry of journal.entries()) {
    const id = await recoverOne(store, entry, copyOf, recovery).catch(() => undefined);
    if (id === undefined) continue;
    recovery.newest ??= id;
    if (durable) journal.clear(entry.workspace.id);
  }
  return recovery;
}

/** Recovers one entry; resolves with the id of the workspace that now holds it, or undefined (kept for later). */
async function recoverOne(
  store: WorkspaceStore,
  entry: JournalEntry,
  copyOf: (workspace: Workspace) => Workspace,
  recovery: JournalRecovery,
): Promise<string | undefined> {
  const { workspace, base } = entry;
  const stored = await store.load(workspace.id);
  if (stored && sameContent(stored, workspace)) return stored.id;
  if (!stored || stored.revision === base) {
    const kept = stored?.history ? { ...workspace, history: stored.history } : workspace;
    const result = await store.save(kept, base === 0 ? null : base);
    if (result.ok) {
      recovery.restored.push(workspace.id);
      return workspace.id;
    }
    if (result.reason !== 'conflict') return undefined;
  }
  // Another tab saved this workspace after these edits were made: keep them beside it, never over it.
  const copy = { ...copyOf(workspace), revision: 1 };
  const result = await store.save(copy, null);
  if (!result.ok) return undefined;
  recovery.copies.push(copy);
  return copy.id;
}

/** True when both hold the same files, names, choices and settings (revisions and times aside). */
export function sameContent(a: Workspace, b: Workspace): boolean {
  const view = (w: Workspace) =>
    JSON.stringify([
      w.name,
      w.active,
      w.profile,
      w.reloadMode,
      Object.entries(w.files).sort(byKey),
      Object.entries(w.formats ?? {}).sort(byKey),
    ]);
  return view(a) === view(b);
}

const byKey = (x: [string, unknown], y: [string, unknown]) =>
  x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0;
