/**
 * The banners across the top of the app. Each has a `NotificationId` from one closed list, so a banner is
 * replaced or dismissed by a name the type checker knows, and at most one banner per id is shown.
 */

/** Every banner the app can show, one id per cause (a new one replaces the old one with the same id). */
export type NotificationId =
  /** Storage could not be opened; work stays in memory. */
  | 'storage'
  /** A save failed (not a conflict). */
  | 'storage-save'
  /** Another tab saved the open workspace. */
  | 'conflict'
  /** Journalled edits were kept as copies because another tab changed their workspace meanwhile. */
  | 'journal-copies'
  /** A permalink could not be opened. */
  | 'permalink'
  /** Stored workspaces were read back damaged: left out or repaired (`storage-notes.ts`). */
  | 'storage-record'
  /** A stored workspace could not be loaded. */
  | 'switch'
  /** A conversion did not produce files. */
  | 'conversion'
  /** The analysis worker was restarted. */
  | 'analysis-restarted'
  /** Analysis gave up after repeated hangs. */
  | 'analysis-paused'
  /** Some dropped files were skipped. */
  | 'drop'
  /** Some uploaded files were skipped. */
  | 'upload'
  /** A rename was refused. */
  | 'rename'
  /** Copying to the clipboard failed. */
  | 'clipboard'
  /** An example opened over an edited Examples workspace, or could not (`AgentModel.openExample`). */
  | 'examples'
  /** Options in the page's URL were ignored (`app/page-options.ts`). */
  | 'page-options'
  /** A new version of the playground is ready (`offline/offline-updates.ts`). */
  | 'update'
  /** What "Fix all safe problems" did, or why a fix was not applied. */
  | 'fix'
  /** A user action failed unexpectedly (`Notifications.failed`). */
  | 'failed';

/** A message across the top of the app. */
export interface Banner {
  id: NotificationId;
  kind: 'error' | 'warning' | 'info';
  text: string;
  action?: { label: string; run: () => void };
}

/** The banners shown, in the order they were first raised or last replaced. */
export class Notifications {
  /** The banners, oldest first; replaced whole on every change. */
  banners = $state<Banner[]>([]);

  /** Shows `banner`, replacing any banner with the same id (the new one goes last). */
  show(banner: Banner): void {
    this.banners = [...this.banners.filter((b) => b.id !== banner.id), banner];
  }

  /** Removes the banner with `id`; nothing happens when none is shown. */
  dismiss(id: NotificationId): void {
    if (this.has(id)) this.banners = this.banners.filter((b) => b.id !== id);
  }

  /**
   * Reports that `action` (a user action in the words of a sentence's subject, e.g. 'Opening the example')
   * failed with `error`: an error banner naming both.
   */
  failed(action: string, error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    this.show({ id: 'failed', kind: 'error', text: `${action} failed: ${reason}` });
  }

  /** True while a banner with `id` is shown. */
  has(id: NotificationId): boolean {
    return this.banners.some((b) => b.id === id);
  }
}
