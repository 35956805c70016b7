/**
 * Making workspaces and editing their files: plain functions over a `Workspace` (the model passes its state
 * proxy, so every change is seen). Paths are user data: entries are read and added by own entries only (see
 * `own-entries.ts`; a file may be called `constructor` or `__proto__`). None of these save or analyse: the
 * model does that after each change.
 */
import type { FormatId, Profile } from '../../core/index.ts';
import type { WorkspaceEdit } from '../conversion/conversion-plan.ts';
import { checkFileName } from '../files/file-name.ts';
import { freePath } from '../files/free-path.ts';
import { starterText } from '../files/starter-text.ts';
import { ownValue, withEntries, withEntry } from './own-entries.ts';
import type { Workspace } from './workspace-types.ts';

let idCounter = 0;
function newId(): string {
  idCounter += 1;
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${idCounter}`;
}

/** A fresh workspace holding a copy of `files`: a new id, revision 0 (never saved), hot-swap reloading. */
export function makeWorkspace(
  name: string,
  files: Record<string, string>,
  active: string,
  profile: Profile = 'rfc',
): Workspace {
  return {
    id: newId(),
    name,
    files: { ...files },
    active,
    profile,
    reloadMode: 'hot-swap',
    revision: 0,
    updatedAt: Date.now(),
  };
}

/** Normalises a user-typed path: `/` separators, no leading `/` or `./`, no `..`, no empty segments. */
export function cleanPath(path: string): string {
  return path
    .replace(/\\/g, '/')
    .split('/')
    .map((part) => part.trim())
    .filter((part) => part !== '' && part !== '.' && part !== '..')
    .join('/')
    .slice(0, 300);
}

/**
 * Adds `files` to `ws`, each under its cleaned path ('untitled.md' when nothing is left of it); a path that is
 * taken gets a numbered name instead of overwriting. The first added file becomes active when `activate`.
 * Returns the paths used, in order.
 */
export function addFiles(ws: Workspace, files: Record<string, string>, activate = true): string[] {
  const added: string[] = [];
  const entries: [string, string][] = [];
  for (const [path, text] of Object.entries(files)) {
    const free = freePath(
      cleanPath(path) || 'untitled.md',
      (p) => Object.hasOwn(ws.files, p) || added.includes(p),
    );
    entries.push([free, text]);
    added.push(free);
  }
  // A new object, not assignments to the state proxy: see own-entries.ts (a file may be `constructor`).
  ws.files = withEntries(ws.files, entries);
  if (activate && added[0]) ws.active = added[0];
  return added;
}

/** Sets the text of `path` (added when it is not there). Returns false when it held that text already. */
export function writeFile(ws: Workspace, path: string, text: string): boolean {
  if (ownValue(ws.files, path) === text) return false;
  if (Object.hasOwn(ws.files, path)) ws.files[path] = text;
  else ws.files = withEntry(ws.files, path, text);
  return true;
}

/**
 * Creates a file named `typed` (checked by `checkFileName`) with the starting text its name calls for
 * (`starterText`) and makes it active. Returns an error text (nothing changed) or null.
 */
export function createFile(ws: Workspace, typed: string): string | null {
  const name = checkFileName(typed, { taken: (p) => Object.hasOwn(ws.files, p) });
  if (!name.ok) return name.message;
  addFiles(ws, { [name.path]: starterText(name.path) });
  return null;
}

/**
 * Renames `from` to `to` (checked by `checkFileName`), carrying its undo history and format choice along.
 * Returns an error text (nothing changed) for a refused or taken name or a missing file; null when renamed,
 * or when the name is unchanged (then nothing changed either: compare before marking a change).
 */
export function renameFile(ws: Workspace, from: string, to: string): string | null {
  if (ownValue(ws.files, from) === undefined) return `${from} is not in the workspace.`;
  const name = checkFileName(to, { taken: (p) => Object.hasOwn(ws.files, p), current: from });
  if (!name.ok) return name.message;
  const target = name.path;
  if (target === from) return null;
  const { files, history, formats } = ws;
  ws.files = renamed(files, from, target)!;
  if (ws.active === from) ws.active = target;
  if (history) ws.history = renamed(history, from, target);
  if (formats) ws.formats = renamed(formats, from, target);
  return null;
}

/**
 * Applies `edit` (see `conversion-plan.ts`): removes, rewrites, then adds its files under exactly the
 * paths it names (overwriting none: the plan picked free ones), and makes the first added file active.
 */
export function applyEdit(ws: Workspace, edit: WorkspaceEdit): void {
  for (const path of edit.remove) deleteFile(ws, path);
  for (const [path, text] of Object.entries(edit.write)) writeFile(ws, path, text);
  const added = Object.entries(edit.add).filter(([path]) => !Object.hasOwn(ws.files, path));
  ws.files = withEntries(ws.files, added);
  if (added[0]) ws.active = added[0][0];
}

/**
 * Deletes `path` with its undo history and format choice; when it was active, the first remaining path in
 * sort order becomes active ('' when none is left). Returns false when there is no such file.
 */
export function deleteFile(ws: Workspace, path: string): boolean {
  if (!Object.hasOwn(ws.files, path)) return false;
  delete ws.files[path];
  if (ws.history) delete ws.history[path];
  if (ws.formats) delete ws.formats[path];
  if (ws.active === path) ws.active = Object.keys(ws.files).sort()[0] ?? '';
  return true;
}

/**
 * Makes `path` active. Returns false (nothing changed) when it is not a file or is active already.
 */
export function activate(ws: Workspace, path: string): boolean {
  if (!Object.hasOwn(ws.files, path) || ws.active === path) return false;
  ws.active = path;
  return true;
}

/**
 * Reads `path` as `format` instead of the detected format; null goes back to detection. Returns false
 * (nothing changed) when there is no such file or the choice is the same.
 */
export function chooseFormat(ws: Workspace, path: string, format: FormatId | null): boolean {
  if (!Object.hasOwn(ws.files, path)) return false;
  if ((ownValue(ws.formats, path) ?? null) === format) return false;
  if (format === null) {
    if (ws.formats) delete ws.formats[path];
  } else {
    ws.formats = withEntry(ws.formats, path, format);
  }
  return true;
}

/** Keeps the editor's serialised undo history `json` of `path`. */
export function keepHistory(ws: Workspace, path: string, json: unknown): void {
  if (ws.history && Object.hasOwn(ws.history, path)) ws.history[path] = json;
  else ws.history = withEntry(ws.history, path, json);
}

/** The files as a plain object; strings are immutable, so unlike `$state.snapshot` nothing is copied. */
export function plainFiles(ws: Workspace): Record<string, string> {
  return Object.fromEntries(Object.entries(ws.files));
}

/** The workspace as the edit journal keeps it: plain data, without the undo history (not journalled). */
export function journalSnapshot(ws: Workspace): Workspace {
  const { id, name, active, profile, reloadMode, revision, updatedAt, formats } = ws;
  return {
    id,
    name,
    files: plainFiles(ws),
    active,
    profile,
    reloadMode,
    revision,
    updatedAt,
    ...(formats ? { formats: Object.fromEntries(Object.entries(formats)) } : {}),
  };
}

/** `record` with the own entry `from` moved to `to` (in place of the entry order), or undefined. */
function renamed<T>(
  record: Readonly<Record<string, T>> | undefined,
  from: string,
  to: string,
): Record<string, T> | undefined {
  if (record === undefined) return undefined;
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key === from ? to : key, value] as const),
  );
}
