/**
 * Persistence of workspaces: the stores (IndexedDB, or memory when the browser refuses storage), autosave,
 * tab-to-tab change notices, ZIP export, downloads and dropped files. Everything read from outside is validated.
 */
export { openWorkspaceStore, STORE_PROBLEMS } from './workspace-store.ts';
export type {
  WorkspaceStore,
  SaveResult,
  StorageNote,
  StoreOptions,
  OpenStoreOptions,
} from './workspace-store.ts';
export { createIndexedDbStore, DB_NAME, STORE_NAME } from './indexeddb-store.ts';
export { createMemoryStore } from './memory-store.ts';
export { StorageError, STORAGE_MESSAGES } from './storage-error.ts';
export type { StorageFailure } from './storage-error.ts';
export { STORAGE_LIMITS, RECORD_ISSUES, checkStoredWorkspace } from './workspace-record.ts';
export type { RecordIssue, RecordIssueCode } from './workspace-record.ts';
export type { UiState, UiValue } from './ui-state.ts';
export { createAutosave, flushWhenHidden } from './autosave.ts';
export type { Autosave, AutosaveListener, PageEvents } from './autosave.ts';
export { createTabSync, parseTabMessage, TAB_CHANNEL } from './tab-sync.ts';
export type { TabSync, SavedMessage } from './tab-sync.ts';
export { zip, zipFiles, zipWorkspace, zipInputsOf, safeFileName } from './zip.ts';
export type { ZipInput, ZipOptions, ZipFilesOptions } from './zip.ts';
export { downloadBlob, downloadText, readDroppedItems, dropSourcesOf } from './download.ts';
export { DROP_LIMITS, readDropSources, decodeText } from './dropped-files.ts';
export type { DroppedFiles, DropSource, SkipReason } from './dropped-files.ts';
