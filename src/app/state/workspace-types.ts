import type { FormatId, Profile } from '../../core/index.ts';

/** How results follow edits: after every edit (default), or only when the user asks (Ctrl/Cmd+Enter). */
export type ReloadMode = 'hot-swap' | 'explicit';

/**
 * One workspace: a directory-like load-set of files the user edits. Plain data, stored as is.
 * `revision` grows by one on every saved change; two tabs compare it to detect each other's writes.
 */
export interface Workspace {
  id: string;
  name: string;
  /** Path → text; paths are `/`-separated and relative (`agents/sizer.md`). */
  files: Record<string, string>;
  /** The file shown in the editor (a key of `files`), or '' when there is none. */
  active: string;
  profile: Profile;
  reloadMode: ReloadMode;
  revision: number;
  /** Milliseconds since the epoch of the last change. */
  updatedAt: number;
  /** Serialised CodeMirror undo history per file (opaque JSON), so undo survives a reload. */
  history?: Record<string, unknown>;
  /** Files the user told to read as a given format instead of the detected one (path → format). */
  formats?: Record<string, FormatId>;
}

/** What the workspace list shows without loading every workspace. */
export interface WorkspaceMeta {
  id: string;
  name: string;
  updatedAt: number;
  fileCount: number;
}
