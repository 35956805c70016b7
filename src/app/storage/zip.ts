/**
 * A minimal ZIP writer for exporting workspaces: stored or deflated entries (deflate through the browser's
 * `CompressionStream` when it has one), CRC-32, UTF-8 names (general-purpose flag bit 11). No ZIP64: at most
 * 65,535 entries and 4 GiB, far above the workspace limits.
 */
import type { Workspace } from '../state/workspace-types.ts';

/** One file to put in an archive: a `/`-separated relative path and its content (strings as UTF-8). */
export interface ZipInput {
  path: string;
  data: string | Uint8Array;
}

/** Options of `zip`. */
export interface ZipOptions {
  /** Deflate each entry when that makes it smaller (needs `CompressionStream`; else stored). Default true. */
  compress?: boolean;
  /** The modification time of every entry, ms since the epoch (local time in the archive). Default now. */
  modified?: number;
}

const UTF8_NAMES = 0x0800;
const MADE_BY_UNIX = (3 << 8) | 20;
const REGULAR_FILE_0644 = (0o100644 << 16) >>> 0;
const MAX_ENTRIES = 0xffff;
const MAX_OFFSET = 0xffffffff;

let crcTable: Uint32Array | undefined;

/** The CRC-32 (IEEE 802.3, as ZIP uses it) of `bytes`, continuing from `crc` (0 to start). Unsigned. */
export function crc32(bytes: Uint8Array, crc = 0): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = crcTable[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

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

/** The DOS time and date fields of `ms` (local time; 2-second steps; clamped to 1980–2107). */
function dosDateTime(ms: number): { time: number; date: number } {
  const d = new Date(ms);
  const year = Math.min(Math.max(d.getFullYear(), 1980), 2107);
  if (year !== d.getFullYear()) return { time: 0, date: ((year - 1980) << 9) | (1 << 5) | 1 };
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

interface Entry {
  name: Uint8Array;
  crc: number;
  size: number;
  method: 0 | 8;
  data: Uint8Array;
}

function prepare(files: readonly ZipInput[]): Array<{ name: Uint8Array; bytes: Uint8Array }> {
  if (files.length > MAX_ENTRIES) throw new RangeError(`A ZIP holds at most ${MAX_ENTRIES} files.`);
  const encoder = new TextEncoder();
  const seen = new Set<string>();
  return files.map(({ path, data }) => {
    const name = zipPath(path);
    if (seen.has(name)) throw new TypeError(`Two files are named ${JSON.stringify(name)}.`);
    seen.add(name);
    return {
      name: encoder.encode(name),
      bytes: typeof data === 'string' ? encoder.encode(data) : data,
    };
  });
}

function assemble(entries: readonly Entry[], modified: number): Uint8Array {
  const { time, date } = dosDateTime(modified);
  let localSize = 0;
  let centralSize = 0;
  for (const e of entries) {
    localSize += 30 + e.name.length + e.data.length;
    centralSize += 46 + e.name.length;
  }
  if (localSize + centralSize > MAX_OFFSET) throw new RangeError('A ZIP holds at most 4 GiB.');
  const out = new Uint8Array(localSize + centralSize + 22);
  const view = new DataView(out.buffer);
  const u16 = (at: number, value: number) => view.setUint16(at, value, true);
  const u32 = (at: number, value: number) => view.setUint32(at, value, true);

  let at = 0;
  const offsets: number[] = [];
  for (const e of entries) {
    offsets.push(at);
    u32(at, 0x04034b50);
    u16(at + 4, e.method === 8 ? 20 : 10);
    u16(at + 6, UTF8_NAMES);
    u16(at + 8, e.method);
    u16(at + 10, time);
    u16(at + 12, date);
    u32(at + 14, e.crc);
    u32(at + 18, e.data.length);
    u32(at + 22, e.size);
    u16(at + 26, e.name.length);
    u16(at + 28, 0);
    out.set(e.name, at + 30);
    out.set(e.data, at + 30 + e.name.length);
    at += 30 + e.name.length + e.data.length;
  }
  entries.forEach((e, i) => {
    u32(at, 0x02014b50);
    u16(at + 4, MADE_BY_UNIX);
    u16(at + 6, e.method === 8 ? 20 : 10);
    u16(at + 8, UTF8_NAMES);
    u16(at + 10, e.method);
    u16(at + 12, time);
    u16(at + 14, date);
    u32(at + 16, e.crc);
    u32(at + 20, e.data.length);
    u32(at + 24, e.size);
    u16(at + 28, e.name.length);
    // extra field, comment, disk number and internal attributes stay 0
    u32(at + 38, REGULAR_FILE_0644);
    u32(at + 42, offsets[i]!);
    out.set(e.name, at + 46);
    at += 46 + e.name.length;
  });
  u32(at, 0x06054b50);
  u16(at + 8, entries.length);
  u16(at + 10, entries.length);
  u32(at + 12, centralSize);
  u32(at + 16, localSize);
  return out;
}

/**
 * A ZIP of `files` with every entry stored (no compression). Synchronous and pure. Throws a `TypeError` on an
 * empty path or two files with the same archive path, a `RangeError` past the ZIP limits.
 */
export function zipStored(files: readonly ZipInput[], modified: number = Date.now()): Uint8Array {
  const entries = prepare(files).map(({ name, bytes }): Entry => ({
    name,
    crc: crc32(bytes),
    size: bytes.length,
    method: 0,
    data: bytes,
  }));
  return assemble(entries, modified);
}

async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array | undefined> {
  if (typeof CompressionStream === 'undefined') return undefined;
  try {
    const stream = new Blob([bytes as Uint8Array<ArrayBuffer>])
      .stream()
      .pipeThrough(new CompressionStream('deflate-raw'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch {
    return undefined; // an engine without 'deflate-raw': store instead
  }
}

/**
 * A ZIP of `files`, deflating each entry that shrinks (see `ZipOptions`). Throws like `zipStored`.
 */
export async function zip(
  files: readonly ZipInput[],
  options: ZipOptions = {},
): Promise<Uint8Array> {
  const entries: Entry[] = [];
  for (const { name, bytes } of prepare(files)) {
    const entry: Entry = { name, crc: crc32(bytes), size: bytes.length, method: 0, data: bytes };
    if (options.compress !== false && bytes.length > 0) {
      const deflated = await deflateRaw(bytes);
      if (deflated && deflated.length < bytes.length) {
        entry.method = 8;
        entry.data = deflated;
      }
    }
    entries.push(entry);
  }
  return assemble(entries, options.modified ?? Date.now());
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
