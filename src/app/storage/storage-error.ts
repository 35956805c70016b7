/**
 * Storage failures as data: a closed set of reasons, each with a message the app can show as is.
 */

/**
 * Why storage failed. `quota`: the site's storage is full. `blocked`: the database did not open in time although
 * it worked before (another tab or an upgrade holds it). `unavailable`: anything else (private mode, storage
 * disabled or cleared, the browser's disk error).
 */
export type StorageFailure = 'unavailable' | 'quota' | 'blocked';

/** The message shown for each failure of a save or read. */
export const STORAGE_MESSAGES: Record<StorageFailure, string> = {
  quota:
    "Saving failed: this site's browser storage is full. Delete workspaces you no longer need, or download this one to keep it.",
  blocked:
    'Saving is waiting: another tab of the playground is holding the browser storage. Close other playground tabs; saving retries on your next change.',
  unavailable:
    "Saving failed: the browser's storage is not available right now. Your work stays in this tab — download it to keep it.",
};

/** The error every `WorkspaceStore` read rejects with: a failure reason and a user-readable message. */
export class StorageError extends Error {
  override readonly name = 'StorageError';

  constructor(
    readonly reason: StorageFailure,
    message: string = STORAGE_MESSAGES[reason],
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * Maps anything thrown by IndexedDB (or by idb-keyval before it) to a `StorageError`: `QuotaExceededError` →
 * `quota`; `InvalidStateError`, `SecurityError`, `UnknownError`, a missing `indexedDB` and the rest →
 * `unavailable`. A `StorageError` is returned as is.
 */
export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  const name =
    typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  const reason: StorageFailure = name === 'QuotaExceededError' ? 'quota' : 'unavailable';
  return new StorageError(reason, STORAGE_MESSAGES[reason], { cause: error });
}

/**
 * Settles like `promise`, or rejects with `onTimeout()` after `ms` milliseconds. The timer is cleared on
 * settlement, so it never keeps a process alive.
 */
export function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  onTimeout: () => Error,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
