/**
 * ZIP export of workspaces through fflate's streaming writer: deflated entries, UTF-8 names, Unix mode 0644. No ZIP64: at most 65,535
 * entries and 4 GiB, far above the workspace limits. fflate loads on the first export.
 */
import type { Workspace } from '../state/workspace-types.ts';

/** One file to put in an archive: a `/`-separated relative path and its content (strings as UTF-8). */
export interface ZipInput {
  path: string;
  data: string | Uint8Array;
}

/** Options of `zip`. */
export interface ZipOptions {
  /** Deflate each non-empty entry (level 6); `false` stores every entry as is. Default true. */
  compress?: boolean;
  /**
   * The modification time of every entry, ms since the epoch (local time in the archive, in 2-second steps).
   * Clamped to the years a ZIP can date, 1980–2099. Default now.
   */
  modified?: number;
}

const MAX_ENTRIES = 0xffff;
const MAX_BYTES = 0xffffffff;
const UNIX = 3;
const REGULAR_FILE_0644 = (0o100644 << 16) >>> 0;

/**
 * The archive form of a path: `\` becomes `/`, empty and `.` segments go, and `..` segments become `__`, so an
 * archive never points outside the folder it is unpacked in. Throws a `TypeError` when nothing is left.
 */
export function zipPath(path: string): string {
  const parts = path
    .replace(/\\/g, '/')
    .split('/')
    .filter((part) => part !== '' && part !== '.')
    .map((part) => (part === '..' ? '__' : part));
  if (parts.length === 0) throw new TypeError(`${JSON.stringify(path)} is not a file path.`);
  return parts.join('/');
}

/**
 * A ZIP of `files` (see `ZipOptions`), sizes and CRC-32s in a data descriptor after each entry. Rejects with a
 * `TypeError` on an empty path or two files with the same archive path, a `RangeError` past the ZIP limits, and
 * with the loader's error when fflate cannot be fetched.
 */
export async function zip(
  files: readonly ZipInput[],
  options: ZipOptions = {},
): Promise<Uint8Array> {
  if (files.length > MAX_ENTRIES) throw new RangeError(`A ZIP holds at most ${MAX_ENTRIES} files.`);
  const encoder = new TextEncoder();
  const names = new Set<string>();
  let total = 0;
  const entries = files.map(({ path, data }) => {
    const name = zipPath(path);
    if (names.has(name)) throw new TypeError(`Two files are named ${JSON.stringify(name)}.`);
    names.add(name);
    const bytes = typeof data === 'string' ? encoder.encode(data) : data;
    total += bytes.length;
    return { name, bytes };
  });
  if (total > MAX_BYTES) throw new RangeError('A ZIP holds at most 4 GiB.');
  const mtime = clampToDosYears(options.modified ?? Date.now());

  // The streaming writer, not `zipSync`: that one keys entries by name in a plain object, losing `__proto__`.
  const { Zip, ZipDeflate, ZipPassThrough } = await import('fflate');
  const chunks: Uint8Array[] = [];
  let failure: Error | undefined;
  const archive = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(chunk);
  });
  for (const { name, bytes } of entries) {
    const entry =
      options.compress === false || bytes.length === 0
        ? new ZipPassThrough(name)
        : new ZipDeflate(name, { level: 6 });
    entry.mtime = mtime;
    entry.os = UNIX;
    entry.attrs = REGULAR_FILE_0644;
    archive.add(entry);
    entry.push(bytes, true);
  }
  archive.end();
  if (failure) throw failure;
  return concat(chunks);
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** `ms`, or the nearest moment of 1980–2099 (local time) when it lies outside what a DOS date can hold. */
function clampToDosYears(ms: number): number {
  const first = new Date(1980, 0, 1).getTime();
  const last = new Date(2099, 11, 31, 23, 59, 58).getTime();
  return Math.min(Math.max(ms, first), last);
}

/**
 * A name safe as a folder and file name on every common system, from a workspace name: reserved and control
 * characters become `_`, at most 100 characters, `workspace` when nothing usable is left.
 */
export function safeFileName(name: string): string {
  const clean = name
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_')
    .trim()
    .slice(0, 100)
    .replace(/[. ]+$/, '');
  return clean === '' || /^\.+$/.test(clean) ? 'workspace' : clean;
}

/**
 * Path → text files as ZIP inputs, inside `folder` when one is given (`My agents/agents/a.md`). Paths that
 * clash once made archive-safe (or on a case-insensitive disk) get a ` (2)`-style suffix, so no file is lost
 * when the archive is unpacked.
 */
export function zipInputsOf(files: Readonly<Record<string, string>>, folder = ''): ZipInput[] {
  const prefix = folder === '' ? '' : `${safeFileName(folder)}/`;
  const used = new Set<string>();
  return Object.entries(files).map(([path, data]) => {
    let inner: string;
    try {
      inner = zipPath(path);
    } catch {
      inner = 'unnamed';
    }
    let candidate = inner;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) {
      const dot = inner.lastIndexOf('.');
      const slash = inner.lastIndexOf('/');
      candidate =
        dot > slash + 1 ? `${inner.slice(0, dot)} (${n})${inner.slice(dot)}` : `${inner} (${n})`;
    }
    used.add(candidate.toLowerCase());
    return { path: `${prefix}${candidate}`, data };
  });
}

/** Options of `zipFiles`: those of `zip`, and a folder to put every file in. */
export interface ZipFilesOptions extends ZipOptions {
  folder?: string;
}

/**
 * A deflated ZIP of path → text files (see `zipInputsOf`) as an `application/zip` Blob, ready for
 * `downloadBlob`. Never throws for odd paths: they are made archive-safe.
 */
export async function zipFiles(
  files: Readonly<Record<string, string>>,
  options: ZipFilesOptions = {},
): Promise<Blob> {
  const bytes = await zip(zipInputsOf(files, options.folder), options);
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' });
}

/** A ZIP of a workspace, its files in a folder named after it, dated with its last change. */
export function zipWorkspace(ws: Pick<Workspace, 'name' | 'files' | 'updatedAt'>): Promise<Blob> {
  return zipFiles(ws.files, { folder: ws.name, modified: ws.updatedAt || Date.now() });
}
