/**
 * Autosave: turns a stream of "something changed" calls into debounced compare-and-set saves, one at a time,
 * and reports every outcome so the model can show a conflict or a storage banner.
 */
import type { Workspace } from '../state/workspace-types.ts';
import { STORAGE_MESSAGES, StorageError, toStorageError } from './storage-error.ts';
import type { SaveResult, WorkspaceStore } from './workspace-store.ts';

/** The handle `createAutosave` returns. */
export interface Autosave {
  /** Notes a change: a save follows `delayMs` after the last change, and at most `maxWaitMs` after the first. */
  schedule(): void;
  /**
   * Saves now any change not yet saved and resolves when every save so far has finished (its result
   * reported). Call it before switching workspaces; `flushWhenHidden` calls it when the page is hidden.
   */
  flush(): Promise<void>;
  /** Stops: pending timers are dropped, later calls do nothing and results still in flight are not reported. */
  dispose(): void;
}

/**
 * Reports one save. `saved` is the workspace as written (or as attempted): its `revision` is one more than the
 * revision `getWorkspace` returned. Compare `saved.id` with the open workspace before applying the revision:
 * the user may have switched workspaces while the save was in flight.
 */
export type AutosaveListener = (result: SaveResult, saved: Workspace) => void;

/**
 * Creates an autosave for the workspace `getWorkspace` returns (called when a save starts; undefined: nothing to
 * save). Revisions follow one rule: the workspace carries the revision it was loaded or last saved at, 0 when
 * it was never saved; the save writes revision + 1 and expects the stored one to be that revision (`null` for
 * 0). On `ok` the model adopts `result.revision`.
 *
 * Saves never overlap: a change during a save is saved after it. A failed save (other than a conflict) is
 * retried on the next `schedule()` or `flush()`; after a conflict the model decides what comes next.
 */
export function createAutosave(
  store: WorkspaceStore,
  getWorkspace: () => Workspace | undefined,
  onResult: AutosaveListener,
  delayMs = 400,
  maxWaitMs = 1000,
): Autosave {
  return new DebouncedAutosave(store, getWorkspace, onResult, delayMs, maxWaitMs);
}

/** See `createAutosave`. */
class DebouncedAutosave implements Autosave {
  #dirty = false;
  #again = false;
  #disposed = false;
  #debounceTimer: ReturnType<typeof setTimeout> | undefined;
  #maxWaitTimer: ReturnType<typeof setTimeout> | undefined;
  #inFlight: Promise<void> | undefined;
  readonly #store: WorkspaceStore;
  readonly #getWorkspace: () => Workspace | undefined;
  readonly #onResult: AutosaveListener;
  readonly #delayMs: number;
  readonly #maxWaitMs: number;

  constructor(
    store: WorkspaceStore,
    getWorkspace: () => Workspace | undefined,
    onResult: AutosaveListener,
    delayMs: number,
    maxWaitMs: number,
  ) {
    this.#store = store;
    this.#getWorkspace = getWorkspace;
    this.#onResult = onResult;
    this.#delayMs = delayMs;
    this.#maxWaitMs = maxWaitMs;
  }

  schedule(): void {
    if (this.#disposed) return;
    this.#dirty = true;
    clearTimeout(this.#debounceTimer);
    this.#debounceTimer = setTimeout(this.#start, this.#delayMs);
    this.#maxWaitTimer ??= setTimeout(this.#start, this.#maxWaitMs);
  }

  async flush(): Promise<void> {
    this.#start();
    while (this.#inFlight) await this.#inFlight;
  }

  dispose(): void {
    this.#disposed = true;
    this.#clearTimers();
  }

  #clearTimers(): void {
    clearTimeout(this.#debounceTimer);
    clearTimeout(this.#maxWaitTimer);
    this.#debounceTimer = this.#maxWaitTimer = undefined;
  }

  /** Starts a save of the changes not yet saved, or (during one) marks that another must follow it. */
  readonly #start = (): void => {
    this.#clearTimers();
    if (this.#inFlight) {
      this.#again = true;
      return;
    }
    if (!this.#dirty || this.#disposed) return;
    this.#dirty = false;
    this.#inFlight = this.#saveOnce().finally(() => {
      this.#inFlight = undefined;
      if (this.#again) {
        this.#again = false;
        this.#start();
      }
    });
  };

  async #saveOnce(): Promise<void> {
    const outcome = await saveWorkspace(this.#store, this.#getWorkspace);
    if (!outcome) return;
    const { result, saved } = outcome;
    if (!result.ok && result.reason !== 'conflict') this.#dirty = true;
    if (!this.#disposed) this.#onResult(result, saved);
  }
}

/**
 * Saves the workspace `getWorkspace` returns at its revision + 1 (compare-and-set on its revision); null
 * when there is nothing to save. A store that throws gives a failed result, never a rejection.
 */
async function saveWorkspace(
  store: WorkspaceStore,
  getWorkspace: () => Workspace | undefined,
): Promise<{ result: SaveResult; saved: Workspace } | null> {
  let ws: Workspace | undefined;
  try {
    ws = getWorkspace();
  } catch (error) {
    console.error('autosave: getWorkspace threw', error);
    return null;
  }
  if (!ws) return null;
  const saved: Workspace = { ...ws, revision: ws.revision + 1 };
  try {
    return { result: await store.save(saved, ws.revision === 0 ? null : ws.revision), saved };
  } catch (error) {
    if (!(error instanceof StorageError)) console.error('autosave: save threw', error);
    const { reason } = toStorageError(error);
    return { result: { ok: false, reason, message: STORAGE_MESSAGES[reason] }, saved };
  }
}

/** The parts of `window` that `flushWhenHidden` uses. */
export interface PageEvents {
  addEventListener(type: 'pagehide', listener: () => void): void;
  removeEventListener(type: 'pagehide', listener: () => void): void;
  readonly document: {
    readonly visibilityState: DocumentVisibilityState;
    addEventListener(type: 'visibilitychange', listener: () => void): void;
    removeEventListener(type: 'visibilitychange', listener: () => void): void;
  };
}

/**
 * Flushes `autosave` when the page is hidden (tab switched, window minimised, page closed or sent to the
 * back-forward cache): the last moments the browser reliably runs scripts. Returns the function that stops
 * listening. Browsers finish an IndexedDB transaction already started there, so the last change is kept.
 */
export function flushWhenHidden(
  autosave: Pick<Autosave, 'flush'>,
  page: PageEvents = window,
): () => void {
  const flush = () => void autosave.flush();
  const onVisibility = () => {
    if (page.document.visibilityState === 'hidden') flush();
  };
  page.addEventListener('pagehide', flush);
  page.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    page.removeEventListener('pagehide', flush);
    page.document.removeEventListener('visibilitychange', onVisibility);
  };
}
