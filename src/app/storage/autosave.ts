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
  let dirty = false;
  let again = false;
  let disposed = false;
  let debounceTimer: ReturnType<typeof setTimeout> | undefined;
  let maxWaitTimer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | undefined;

  function clearTimers(): void {
    clearTimeout(debounceTimer);
    clearTimeout(maxWaitTimer);
    debounceTimer = maxWaitTimer = undefined;
  }

  async function saveOnce(): Promise<void> {
    let ws: Workspace | undefined;
    try {
      ws = getWorkspace();
    } catch (error) {
      console.error('autosave: getWorkspace threw', error);
      return;
    }
    if (!ws) return;
    const saved: Workspace = { ...ws, revision: ws.revision + 1 };
    let result: SaveResult;
    try {
      result = await store.save(saved, ws.revision === 0 ? null : ws.revision);
    } catch (error) {
      if (!(error instanceof StorageError)) console.error('autosave: save threw', error);
      const { reason } = toStorageError(error);
      result = { ok: false, reason, message: STORAGE_MESSAGES[reason] };
    }
    if (!result.ok && result.reason !== 'conflict') dirty = true;
    if (!disposed) onResult(result, saved);
  }

  function start(): void {
    clearTimers();
    if (inFlight) {
      again = true;
      return;
    }
    if (!dirty || disposed) return;
    dirty = false;
    inFlight = saveOnce().finally(() => {
      inFlight = undefined;
      if (again) {
        again = false;
        start();
      }
    });
  }

  return {
    schedule(): void {
      if (disposed) return;
      dirty = true;
      clearTimeout(debounceTimer);
      debounceTimer = setTimeout(start, delayMs);
      maxWaitTimer ??= setTimeout(start, maxWaitMs);
    },

    async flush(): Promise<void> {
      start();
      while (inFlight) await inFlight;
    },

    dispose(): void {
      disposed = true;
      clearTimers();
    },
  };
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
