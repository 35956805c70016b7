/**
 * The check both workspace stores make before a save (`WorkspaceStore.save`), apart from the store
 * interface so the stores do not import the module that opens them.
 */
import type { Workspace } from '../state/workspace-types.ts';

/** Throws a `TypeError` unless `ws.revision` moves past `expectedRevision` (see `WorkspaceStore.save`). */
export function assertRevisionAdvances(ws: Workspace, expectedRevision: number | null): void {
  if (expectedRevision !== null && !(ws.revision > expectedRevision)) {
    throw new TypeError(
      `Saving revision ${ws.revision} over expected revision ${expectedRevision}: the revision must grow.`,
    );
  }
}
