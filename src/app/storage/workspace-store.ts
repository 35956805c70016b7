/**
 * Where workspaces persist: the `WorkspaceStore` contract, and `openWorkspaceStore()`, which picks IndexedDB when
 * the browser allows it and an in-memory store (with a banner message) when it does not.
 */
import type { Workspace, WorkspaceMeta } from '../state/workspace-types.ts';
import type { UseStore } from 'idb-keyval';
import { createIndexedDbStore, openIndexedDb, probeIndexedDb } from './indexeddb-store.ts';
import { createMemoryStore } from './memory-store.ts';
import type { StorageFailure } from './storage-error.ts';
import type { UiState } from './ui-state.ts';
import type { RecordIssueCode } from './workspace-record.ts';

/**
 * The answer of `WorkspaceStore.save`. `ok` carries the revision now stored (the saved workspace's). `conflict`:
 * the stored revision is not the expected one (another tab saved first); nothing was written and `stored` is
 * what is stored now. The other failures carry a message the app can show as is.
 */
export type SaveResult =
  | { ok: true; revision: number }
  | { ok: false; reason: 'conflict'; stored: Workspace }
  | { ok: false; reason: StorageFailure; message: string };

/**
 * Something read back from storage that was repaired or left out: the workspace id (or storage key) and the
 * issue code of `RECORD_ISSUES`. Worth a quiet notice; the store carries on.
 */
export interface StorageNote {
  key: string;
  code: RecordIssueCode;
  field: string;
}

/** Options shared by both store implementations. */
export interface StoreOptions {
  /** Called for each problem found in records read back from storage. */
  onNote?: (note: StorageNote) => void;
}

/**
 * Persistent workspaces. Every method validates what it reads (storage is untrusted) and returns fresh objects
 * the caller may keep and change. Reads reject only with a `StorageError`; `save` never rejects for storage
 * failures (it throws a `TypeError` on a malformed workspace, a programmer error).
 */
export interface WorkspaceStore {
  /** `indexeddb` persists across reloads; `memory` lasts as long as the tab. */
  readonly kind: 'indexeddb' | 'memory';
  /** Every stored workspace, most recently changed first. Unreadable records are left out with a note. */
  list(): Promise<WorkspaceMeta[]>;
  /** The workspace with this id, or undefined when none is stored or the record is unreadable (with a note). */
  load(id: string): Promise<Workspace | undefined>;
  /**
   * Compare-and-set. Writes `ws` when the stored revision equals `expectedRevision` (`null`: a workspace never
   * saved) or when no readable record with this id is stored (it was deleted meanwhile: the work is kept).
   * Otherwise returns `conflict` with the stored workspace and writes nothing. `ws.revision` must be greater
   * than `expectedRevision`, or another tab could not notice the write. A workspace over `STORAGE_LIMITS`
   * gives `quota` without writing.
   */
  save(ws: Workspace, expectedRevision: number | null): Promise<SaveResult>;
  /** Deletes a workspace; no-op when it is not stored. */
  remove(id: string): Promise<void>;
  /** The stored UI preferences; `{}` when none are stored. */
  loadUiState(): Promise<UiState>;
  /** Replaces the stored UI preferences. Throws a `TypeError` when the record is out of `UI_STATE_LIMITS`. */
  saveUiState(state: UiState): Promise<void>;
}

/** The banner text when saving is off, by why IndexedDB could not be used. */
export const STORE_PROBLEMS: Record<'unavailable' | 'quota', string> = {
  unavailable:
    'Saving is off: this browser blocks storage (private mode?). Your work stays in this tab only — download it to keep it.',
  quota:
    "Saving is off: this site's browser storage is full. Your work stays in this tab only — download it to keep it.",
};

/** Options of `openWorkspaceStore`. */
export interface OpenStoreOptions extends StoreOptions {
  /** How long the IndexedDB probe may take before storage counts as unavailable, in ms. Default 1,500. */
  probeTimeoutMs?: number;
  /** The idb-keyval store to probe and use; default `openIndexedDb()`. For tests. */
  useStore?: UseStore;
}

/**
 * Opens the workspace store: IndexedDB when a probe write, read and delete succeed within `probeTimeoutMs`
 * (a blocked open can hang forever), else an in-memory store and a `problem` to show as a banner. Never
 * rejects.
 */
export async function openWorkspaceStore(
  options: OpenStoreOptions = {},
): Promise<{ store: WorkspaceStore; problem?: string }> {
  const storeOptions: StoreOptions = options.onNote ? { onNote: options.onNote } : {};
  const useStore = options.useStore ?? openIndexedDb();
  const failure = await probeIndexedDb(options.probeTimeoutMs ?? 1500, useStore);
  if (failure === undefined && useStore) {
    return { store: createIndexedDbStore({ ...storeOptions, useStore }) };
  }
  return {
    store: createMemoryStore(storeOptions),
    problem: STORE_PROBLEMS[failure === 'quota' ? 'quota' : 'unavailable'],
  };
}
