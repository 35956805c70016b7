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
  const drop = new DropWalk({ ...DROP_LIMITS, ...limits });
  for (const source of sources) {
    if (drop.stopped) break;
    if ('entry' in source) await drop.walk(source.entry);
    else {
      const path = relativePath(source.path) || source.file.name;
      await drop.readFile(path, () => Promise.resolve(source.file));
    }
  }
  // fromEntries defines own properties, so a file named "__proto__" stays a file.
  return { files: Object.fromEntries(drop.files), skipped: drop.skipped, lossy: drop.lossy };
}

/** One drop's walk over its entries: the files read so far, what was left out and why, and the limits. */
class DropWalk {
  readonly files = new Map<string, string>();
  readonly skipped: DroppedFiles['skipped'] = [];
  readonly lossy: string[] = [];
  /** True once a limit stopped the walk. */
  stopped = false;
  private visited = 0;
  private totalChars = 0;

  private readonly max: DropLimits;

  constructor(max: DropLimits) {
    this.max = max;
  }

  /** False once the walk must stop; records why on the first item left out. */
  private mayVisit(path: string): boolean {
    if (this.stopped) return false;
    if (this.visited >= this.max.maxEntries) {
      this.skipped.push({ path, reason: 'entry-limit' });
      this.stopped = true;
      return false;
    }
    this.visited++;
    return true;
  }

  /** Reads one file at `path`, unless a limit, a duplicate, its size or its bytes rule it out. */
  async readFile(path: string, getFile: () => Promise<File>): Promise<void> {
    if (!this.mayVisit(path)) return;
    if (this.files.has(path)) return void this.skipped.push({ path, reason: 'duplicate' });
    if (this.files.size >= this.max.maxFiles) {
      this.skipped.push({ path, reason: 'file-limit' });
      this.stopped = true;
      return;
    }
    let bytes: Uint8Array;
    try {
      const file = await getFile();
      if (file.size > this.max.maxFileBytes)
        return void this.skipped.push({ path, reason: 'too-large' });
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch {
      return void this.skipped.push({ path, reason: 'unreadable' });
    }
    const decoded = decodeText(bytes, this.max.sniffBytes);
    if (decoded.binary) return void this.skipped.push({ path, reason: 'binary' });
    if (this.totalChars + path.length + decoded.text.length > this.max.maxTotalChars) {
      return void this.skipped.push({ path, reason: 'total-limit' });
    }
    this.totalChars += path.length + decoded.text.length;
    this.files.set(path, decoded.text);
    if (decoded.lossy) this.lossy.push(path);
  }

  /** Reads a file entry, or a folder's entries in name order (ignored folders skipped). */
  async walk(entry: EntryLike): Promise<void> {
    const path = relativePath(entry.fullPath || entry.name);
    if (entry.isFile && 'file' in entry) {
      return this.readFile(path, () => fileOf(entry as FileEntryLike));
    }
    if (!entry.isDirectory || !('createReader' in entry) || !this.mayVisit(path)) return;
    if (IGNORED_FOLDERS.has(entry.name))
      return void this.skipped.push({ path, reason: 'ignored-folder' });
    let children: EntryLike[];
    try {
      children = await childrenOf(entry as DirectoryEntryLike);
    } catch {
      return void this.skipped.push({ path, reason: 'unreadable' });
    }
    children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const child of children) {
      if (this.stopped) return;
      await this.walk(child);
    }
  }
}
