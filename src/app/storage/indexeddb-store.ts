/**
 * The IndexedDB `WorkspaceStore`, through idb-keyval. One object store holds, per workspace, the record
 * (`ws:<id>`) and a small meta entry with its revision (`meta:<id>`, the list index), plus the UI record (`ui`).
 * A save reads the meta entry and writes both in one transaction, so compare-and-set holds across tabs.
 */
import { createStore, del, get, promisifyRequest, set, type UseStore } from 'idb-keyval';
import type { Workspace, WorkspaceMeta } from '../state/workspace-types.ts';
import { randomId } from './random-id.ts';
import { StorageError, toStorageError, withTimeout, type StorageFailure } from './storage-error.ts';
import { checkStoredUiState, snapshotUiState, type UiState } from './ui-state.ts';
import {
  checkStoredMeta,
  checkStoredWorkspace,
  metaOf,
  snapshotWorkspace,
  type StoredMeta,
} from './workspace-record.ts';
import { assertRevisionAdvances } from './revision-advances.ts';
import type { SaveResult, StoreOptions, WorkspaceStore } from './workspace-store.ts';

/** The database and object store names. */
export const DB_NAME = 'agentcard-playground';
export const STORE_NAME = 'workspaces';

const UI_KEY = 'ui';
const recordKey = (id: string): string => `ws:${id}`;
const metaKey = (id: string): string => `meta:${id}`;
// ';' is the code unit after ':', so these ranges hold exactly the keys with each prefix.
const prefixRange = (prefix: string): IDBKeyRange =>
  IDBKeyRange.bound(`${prefix}:`, `${prefix};`, false, true);

/** Options of `createIndexedDbStore`. */
export interface IndexedDbStoreOptions extends StoreOptions {
  /** The idb-keyval store to use; default `openIndexedDb()`. Tests pass a stalled one. */
  useStore?: UseStore;
  /**
   * How long an operation may wait for the database connection before it gives `blocked`, in ms (default 5,000).
   * An operation that timed out never starts later, so a late write cannot land behind a newer one.
   */
  connectTimeoutMs?: number;
}

/** The idb-keyval store of the playground, or undefined when the browser has no IndexedDB. Opens lazily. */
export function openIndexedDb(): UseStore | undefined {
  return typeof indexedDB === 'undefined' ? undefined : createStore(DB_NAME, STORE_NAME);
}

/**
 * Checks that IndexedDB works through `useStore` (undefined: the browser has none): writes, reads back and
 * deletes a probe key within `timeoutMs`. Returns undefined when it does, else why not (a timeout counts as
 * `unavailable`). Never rejects.
 */
export async function probeIndexedDb(
  timeoutMs: number,
  useStore: UseStore | undefined,
): Promise<StorageFailure | undefined> {
  if (!useStore) return 'unavailable';
  const key = `probe:${randomId()}`;
  const probe = async (): Promise<void> => {
    await set(key, key, useStore);
    const back: unknown = await get(key, useStore);
    await del(key, useStore);
    if (back !== key) throw new StorageError('unavailable');
  };
  try {
    await withTimeout(probe(), timeoutMs, () => new StorageError('unavailable'));
    return undefined;
  } catch (error) {
    return toStorageError(error).reason;
  }
}

/** Creates the IndexedDB store. Does not open the database until the first call. */
export function createIndexedDbStore(options: IndexedDbStoreOptions = {}): WorkspaceStore {
  return new IndexedDbStore(options);
}

/** The workspaces in IndexedDB, each save a compare-and-set on the stored revision. */
class IndexedDbStore implements WorkspaceStore {
  readonly kind = 'indexeddb';
  readonly #options: IndexedDbStoreOptions;
  readonly #connectTimeoutMs: number;
  #useStore: UseStore | undefined;

  constructor(options: IndexedDbStoreOptions) {
    this.#options = options;
    this.#connectTimeoutMs = options.connectTimeoutMs ?? 5000;
    this.#useStore = options.useStore;
  }

  /** Runs `body` in a transaction; rejects with a `StorageError` only. */
  #run<T>(mode: IDBTransactionMode, body: (os: IDBObjectStore) => Promise<T>): Promise<T> {
    let started = false;
    let abandoned = false;
    let op: Promise<T>;
    try {
      this.#useStore ??= openIndexedDb();
      if (!this.#useStore) throw new StorageError('unavailable');
      op = this.#useStore(mode, (os) => {
        if (abandoned) throw new StorageError('blocked');
        started = true;
        return body(os);
      });
    } catch (error) {
      return Promise.reject(toStorageError(error));
    }
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (started) return;
        abandoned = true;
        reject(new StorageError('blocked'));
      }, this.#connectTimeoutMs);
      op.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(toStorageError(error));
        },
      );
    });
  }

  #readRecord(value: unknown, id: string): Workspace | undefined {
    if (value === undefined) return undefined;
    const { workspace, issues } = checkStoredWorkspace(value, id);
    for (const issue of issues) this.#options.onNote?.({ key: id, ...issue });
    return workspace;
  }

  /** The compare-and-set transaction body; see `WorkspaceStore.save`. */
  #compareAndSet(os: IDBObjectStore, ws: Workspace, expected: number | null): Promise<SaveResult> {
    return new Promise<SaveResult>((resolve, reject) => {
      const tx = os.transaction;
      let result: SaveResult = { ok: true, revision: ws.revision };
      tx.oncomplete = () => resolve(result);
      tx.onabort = () =>
        reject(tx.error ?? new DOMException('The save was aborted.', 'AbortError'));
      tx.onerror = (event) =>
        reject(
          (event.target as IDBRequest | null)?.error ??
            tx.error ??
            new DOMException('The save failed.', 'UnknownError'),
        );
      const guarded = (fn: () => void) => () => {
        try {
          fn();
        } catch (error) {
          reject(error);
          tx.abort();
        }
      };
      const write = () => {
        os.put(ws, recordKey(ws.id));
        os.put(metaOf(ws), metaKey(ws.id));
      };
      const metaRequest = os.get(metaKey(ws.id));
      metaRequest.onsuccess = guarded(() => {
        const meta = checkStoredMeta(metaRequest.result, ws.id);
        if (meta && meta.revision === expected) return write();
        // The meta entry disagrees or is unreadable: the record decides, and is the answer on conflict.
        const recordRequest = os.get(recordKey(ws.id));
        recordRequest.onsuccess = guarded(() => {
          const stored = this.#readRecord(recordRequest.result, ws.id);
          if (stored === undefined || stored.revision === expected) write();
          else result = { ok: false, reason: 'conflict', stored };
        });
      });
    });
  }

  async load(id: string): Promise<Workspace | undefined> {
    const value: unknown = await this.#run('readonly', (os) =>
      promisifyRequest(os.get(recordKey(id))),
    );
    return this.#readRecord(value, id);
  }

  async list(): Promise<WorkspaceMeta[]> {
    const [metaKeys, metaValues, storedKeys] = await this.#run('readonly', (os) =>
      Promise.all([
        promisifyRequest(os.getAllKeys(prefixRange('meta'))),
        promisifyRequest(os.getAll(prefixRange('meta'))),
        promisifyRequest(os.getAllKeys(prefixRange('ws'))),
      ]),
    );
    // Keys read from a range with string bounds are strings (IndexedDB orders keys by type first).
    const ids = new Set((storedKeys as string[]).map((key) => key.slice('ws:'.length)));
    const metas = new Map<string, StoredMeta>();
    (metaKeys as string[]).forEach((key, i) => {
      const id = key.slice('meta:'.length);
      const meta = ids.has(id) ? checkStoredMeta(metaValues[i], id) : undefined;
      if (meta) metas.set(id, meta);
    });
    // A record without a readable meta entry: derive the entry from the record itself.
    for (const id of ids) {
      if (metas.has(id)) continue;
      const ws = await this.load(id);
      if (ws) metas.set(id, metaOf(ws));
    }
    return [...metas.values()]
      .map(({ revision: _revision, ...meta }): WorkspaceMeta => meta)
      .sort((a, b) => b.updatedAt - a.updatedAt);
  }

  async save(ws: Workspace, expectedRevision: number | null): Promise<SaveResult> {
    assertRevisionAdvances(ws, expectedRevision);
    const snapshot = snapshotWorkspace(ws);
    if (!snapshot.ok) return { ok: false, reason: 'quota', message: snapshot.message };
    try {
      return await this.#run('readwrite', (os) =>
        this.#compareAndSet(os, snapshot.workspace, expectedRevision),
      );
    } catch (error) {
      const { reason, message } = toStorageError(error);
      return { ok: false, reason, message };
    }
  }

  async remove(id: string): Promise<void> {
    await this.#run('readwrite', (os) => {
      os.delete(recordKey(id));
      os.delete(metaKey(id));
      return promisifyRequest(os.transaction);
    });
  }

  async loadUiState(): Promise<UiState> {
    return checkStoredUiState(
      await this.#run('readonly', (os) => promisifyRequest(os.get(UI_KEY))),
    );
  }

  async saveUiState(state: UiState): Promise<void> {
    const snapshot = snapshotUiState(state);
    await this.#run('readwrite', (os) => {
      os.put(snapshot, UI_KEY);
      return promisifyRequest(os.transaction);
    });
  }
}
