/**
 * Reading dropped files and folders as text: walks file-system entries (the `webkitGetAsEntry` tree), keeps
 * relative paths, skips what is binary or too large, and stops at the limits. Uses only `File`/`Blob` and the
 * entry callbacks, so it runs under Node with stand-in entries.
 */
import { STORAGE_LIMITS } from './workspace-record.ts';

/** Limits of one drop. */
export const DROP_LIMITS = {
  /** Text files read; the walk stops at the next one. */
  maxFiles: 1000,
  /** Size of one file in bytes; larger files are skipped. */
  maxFileBytes: 4 * 1024 * 1024,
  /** Text of all files read (UTF-16 code units), as a workspace can store; a file past it is skipped. */
  maxTotalChars: STORAGE_LIMITS.maxTotalChars,
  /** Files and folders visited; the walk stops at the next one (a dropped home folder ends here). */
  maxEntries: 10_000,
  /** How many leading bytes are searched for a NUL byte, the sign of a binary file. */
  sniffBytes: 8 * 1024,
} as const;

/** Limits of `readDropSources`; each defaults to `DROP_LIMITS`. */
export type DropLimits = { -readonly [K in keyof typeof DROP_LIMITS]: number };

/** Folders never read: tool state that is large and never holds cards. */
export const IGNORED_FOLDERS: ReadonlySet<string> = new Set([
  '.git',
  'node_modules',
  '.venv',
  '__pycache__',
]);

/**
 * Why a dropped file or folder was not read. `file-limit` and `entry-limit` end the walk (the path is the first
 * one left out); the others skip one item.
 */
export type SkipReason =
  | 'binary'
  | 'too-large'
  | 'total-limit'
  | 'unreadable'
  | 'duplicate'
  | 'ignored-folder'
  | 'file-limit'
  | 'entry-limit';

/** What a drop gave: text files by relative path, what was skipped and why, and files with invalid UTF-8. */
export interface DroppedFiles {
  files: Record<string, string>;
  skipped: Array<{ path: string; reason: SkipReason }>;
  /** Paths of files whose bytes were not valid UTF-8; their text holds U+FFFD replacement characters. */
  lossy: string[];
}

/** The parts of a `FileSystemEntry` the walk uses. */
export interface EntryLike {
  readonly isFile: boolean;
  readonly isDirectory: boolean;
  readonly name: string;
  readonly fullPath: string;
}

/** The parts of a `FileSystemFileEntry` the walk uses. */
export interface FileEntryLike extends EntryLike {
  file(success: (file: File) => void, failure?: (error: DOMException) => void): void;
}

/** The parts of a `FileSystemDirectoryEntry` the walk uses. */
export interface DirectoryEntryLike extends EntryLike {
  createReader(): {
    readEntries(
      success: (entries: EntryLike[]) => void,
      failure?: (error: DOMException) => void,
    ): void;
  };
}

/** One dropped item: a file-system entry (file or folder), or a bare `File` with the path to give it. */
export type DropSource = { entry: EntryLike } | { file: File; path: string };

/**
 * Decodes file bytes as UTF-8 text (a leading BOM dropped), or reports them binary when a NUL byte occurs in the
 * first `sniffBytes`. `lossy`: some bytes were not UTF-8 and became U+FFFD.
 */
export function decodeText(
  bytes: Uint8Array,
  sniffBytes: number = DROP_LIMITS.sniffBytes,
): { binary: true } | { binary: false; text: string; lossy: boolean } {
  if (bytes.subarray(0, sniffBytes).includes(0)) return { binary: true };
  try {
    return {
      binary: false,
      text: new TextDecoder('utf-8', { fatal: true }).decode(bytes),
      lossy: false,
    };
  } catch {
    return { binary: false, text: new TextDecoder('utf-8').decode(bytes), lossy: true };
  }
}

function relativePath(path: string): string {
  return path.replace(/\\/g, '/').replace(/^\/+/, '');
}

function fileOf(entry: FileEntryLike): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** Every child of a folder: `readEntries` answers in batches (100 in Chrome) until an empty one. */
async function childrenOf(entry: DirectoryEntryLike): Promise<EntryLike[]> {
  const reader = entry.createReader();
  const all: EntryLike[] = [];
  for (;;) {
    const batch = await new Promise<EntryLike[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

/**
 * Reads dropped items as text files, depth first, folders in name order. Never rejects: an entry that cannot be
 * read is skipped as `unreadable`.
 */
export async function readDropSources(
  sources: readonly DropSource[],
  limits: Partial<DropLimits> = {},
): Promise<DroppedFiles> {
  const max: DropLimits = { ...DROP_LIMITS, ...limits };
  const files = new Map<string, string>();
  const skipped: DroppedFiles['skipped'] = [];
  const lossy: string[] = [];
  let visited = 0;
  let totalChars = 0;
  let stopped = false;

  /** False once the walk must stop; records why on the first item left out. */
  function mayVisit(path: string): boolean {
    if (stopped) return false;
    if (visited >= max.maxEntries) {
      skipped.push({ path, reason: 'entry-limit' });
      stopped = true;
      return false;
    }
    visited++;
    return true;
  }

  async function readFile(path: string, getFile: () => Promise<File>): Promise<void> {
    if (!mayVisit(path)) return;
    if (files.has(path)) return void skipped.push({ path, reason: 'duplicate' });
    if (files.size >= max.maxFiles) {
      skipped.push({ path, reason: 'file-limit' });
      stopped = true;
      return;
    }
    let bytes: Uint8Array;
    try {
      const file = await getFile();
      if (file.size > max.maxFileBytes) return void skipped.push({ path, reason: 'too-large' });
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch {
      return void skipped.push({ path, reason: 'unreadable' });
    }
    const decoded = decodeText(bytes, max.sniffBytes);
    if (decoded.binary) return void skipped.push({ path, reason: 'binary' });
    if (totalChars + path.length + decoded.text.length > max.maxTotalChars) {
      return void skipped.push({ path, reason: 'total-limit' });
    }
    totalChars += path.length + decoded.text.length;
    files.set(path, decoded.text);
    if (decoded.lossy) lossy.push(path);
  }

  async function walk(entry: EntryLike): Promise<void> {
    const path = relativePath(entry.fullPath || entry.name);
    if (entry.isFile && 'file' in entry) {
      return readFile(path, () => fileOf(entry as FileEntryLike));
    }
    if (!entry.isDirectory || !('createReader' in entry) || !mayVisit(path)) return;
    if (IGNORED_FOLDERS.has(entry.name))
      return void skipped.push({ path, reason: 'ignored-folder' });
    let children: EntryLike[];
    try {
      children = await childrenOf(entry as DirectoryEntryLike);
    } catch {
      return void skipped.push({ path, reason: 'unreadable' });
    }
    children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const child of children) {
      if (stopped) return;
      await walk(child);
    }
  }

  for (const source of sources) {
    if (stopped) break;
    if ('entry' in source) await walk(source.entry);
    else {
      const path = relativePath(source.path) || source.file.name;
      await readFile(path, () => Promise.resolve(source.file));
    }
  }
  // fromEntries defines own properties, so a file named "__proto__" stays a file.
  return { files: Object.fromEntries(files), skipped, lossy };
}
