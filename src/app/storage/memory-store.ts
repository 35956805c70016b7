/**
 * A `WorkspaceStore` in memory: the fallback when the browser refuses IndexedDB, and a stand-in for tests.
 * Same contract as the IndexedDB store, but the data lasts only as long as the tab.
 */
import type { Workspace, WorkspaceMeta } from '../state/workspace-types.ts';
import { checkStoredUiState, snapshotUiState, type UiState } from './ui-state.ts';
import { metaOf, snapshotWorkspace } from './workspace-record.ts';
import { assertRevisionAdvances } from './revision-advances.ts';
import type { SaveResult, StoreOptions, WorkspaceStore } from './workspace-store.ts';

/**
 * Creates an empty in-memory store. It keeps plain copies of what is saved, so later changes to a saved object
 * do not leak in, and hands out copies on load.
 */
export function createMemoryStore(_options: StoreOptions = {}): WorkspaceStore {
  const workspaces = new Map<string, Workspace>();
  let uiState: UiState = {};

  return {
    kind: 'memory',

    async list(): Promise<WorkspaceMeta[]> {
      const metas = [...workspaces.values()].map((ws): WorkspaceMeta => {
        const { revision: _revision, ...meta } = metaOf(ws);
        return meta;
      });
      return metas.sort((a, b) => b.updatedAt - a.updatedAt);
    },

    async load(id: string): Promise<Workspace | undefined> {
      const ws = workspaces.get(id);
      return ws && structuredClone(ws);
    },

    async save(ws: Workspace, expectedRevision: number | null): Promise<SaveResult> {
      assertRevisionAdvances(ws, expectedRevision);
      const snapshot = snapshotWorkspace(ws);
      if (!snapshot.ok) return { ok: false, reason: 'quota', message: snapshot.message };
      const stored = workspaces.get(ws.id);
      if (stored && stored.revision !== expectedRevision) {
        return { ok: false, reason: 'conflict', stored: structuredClone(stored) };
      }
      workspaces.set(ws.id, snapshot.workspace);
      return { ok: true, revision: snapshot.workspace.revision };
    },

    async remove(id: string): Promise<void> {
      workspaces.delete(id);
    },

    async loadUiState(): Promise<UiState> {
      return checkStoredUiState(uiState);
    },

    async saveUiState(state: UiState): Promise<void> {
      uiState = snapshotUiState(state);
    },
  };
}
