/**
 * The command line's read boundary: which files on the disk the core may read for a check. Files named by
 * cards (histories, `---RESOURCE` files, `{{file:…}}` templates, Python files, `fastagent.config.yaml`, a
 * TsAgent folder's `prompt.md`) are read only inside the load-set root, after following symlinks; devices,
 * FIFOs, sockets and files under `/proc`, `/sys` and `/dev` are never read.
 */
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { dirname, isAbsolute, join, parse, resolve, sep } from 'node:path';
import { MAX_FILE_CHARS, OUTSIDE_ROOT, type ReadFileHook } from '../core/index.ts';
import type { DiskLoadSet } from './load-paths.ts';

/** Largest file the command line reads, in bytes (a UTF-8 character takes at most 4). */
export const MAX_READ_BYTES = MAX_FILE_CHARS * 4;

/** Folders whose files are never read: their "files" are devices or the state of the running system. */
const SYSTEM_FOLDERS = ['/proc', '/sys', '/dev'];

/** How many symlinks one path may go through before it is taken as a loop. */
const MAX_LINKS = 40;

/** Where reads are allowed: the real path of the root folder, or anywhere. */
export interface ReadBoundary {
  /** The load-set root, a real path (symlinks resolved). */
  root: string;
  /** `--allow-outside-root`: read outside the root too (still never a device, FIFO or system file). */
  allowOutsideRoot: boolean;
}

/** What reading one regular file gave: its text, nothing (absent or not readable), or its size when too large. */
export type FileRead = { text: string } | { tooLarge: number } | undefined;

/**
 * The default load-set root for `paths` (relative to `cwd`): the nearest folder at or above their common
 * folder that holds `.git` (a folder or a worktree's file); outside any repository, `cwd` when every path
 * is inside it, else the common folder. Paths that do not exist are left out (the caller reports them).
 * Returns a real path.
 */
export function defaultRoot(paths: readonly string[], cwd: string): string {
  const here = realOr(resolve(cwd));
  const folders: string[] = [];
  for (const path of paths) {
    const full = realOr(resolve(cwd, path));
    const stat = statOrUndefined(full);
    if (stat) folders.push(stat.isDirectory() ? full : dirname(full));
  }
  if (folders.length === 0) return here;
  const common = folders.reduce(commonFolder);
  for (let dir = common; ; dir = dirname(dir)) {
    if (statOrUndefined(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) break;
  }
  return folders.every((folder) => within(folder, here)) ? here : common;
}

/**
 * The `readFile` hook of a check: reads `path` (a load-set path, relative to `cwd`) when the boundary
 * allows it. Answers `OUTSIDE_ROOT` for a path outside the root (decided from the path and the symlinks
 * on its way, never from whether the target exists), for a device, FIFO or socket, and for a file under
 * `/proc`, `/sys` or `/dev`; undefined when the file is absent or unreadable; a `too-large` refusal past
 * `MAX_READ_BYTES`. Never throws and never blocks on a FIFO.
 */
export function boundedReader(boundary: ReadBoundary, cwd: string): ReadFileHook {
  return (path) => {
    const location = realLocation(resolve(cwd, path));
    if (SYSTEM_FOLDERS.some((folder) => within(location, folder))) return OUTSIDE_ROOT;
    if (!boundary.allowOutsideRoot && !within(location, boundary.root)) return OUTSIDE_ROOT;
    const stat = statOrUndefined(location);
    if (stat === undefined || stat.isDirectory()) return undefined;
    if (!stat.isFile()) return OUTSIDE_ROOT;
    const read = readRegularFile(location);
    if (read === undefined || 'text' in read) return read?.text;
    return { refused: 'too-large', size: read.tooLarge, limit: MAX_READ_BYTES };
  };
}

/** Tells whether `path` (relative to `cwd`) is a folder inside the boundary. */
export function boundedIsDirectory(boundary: ReadBoundary, cwd: string): (path: string) => boolean {
  return (path) => {
    const location = realLocation(resolve(cwd, path));
    if (!boundary.allowOutsideRoot && !within(location, boundary.root)) return false;
    return statOrUndefined(location)?.isDirectory() ?? false;
  };
}

/**
 * The read boundary of a run: `root` (`--root`, else the default root of `paths`) and whether
 * `--allow-outside-root` was given; a message when `--root` is not a folder.
 */
export function readBoundary(
  options: { root?: string | undefined; allowOutsideRoot?: boolean; paths: readonly string[] },
  cwd: string,
): ReadBoundary | string {
  const allowOutsideRoot = options.allowOutsideRoot ?? false;
  if (options.root === undefined)
    return { root: defaultRoot(options.paths, cwd), allowOutsideRoot };
  try {
    const root = realpathSync(resolve(cwd, options.root));
    if (statSync(root).isDirectory()) return { root, allowOutsideRoot };
  } catch {
    // Reported below.
  }
  return `--root ${options.root}: no such folder`;
}

/**
 * The `readFile` hook of a run: cards named on the command line but too large to read answer `too-large`
 * (so the check reports `input-too-large` on them); every other path goes through the read boundary.
 */
export function diskReader(loaded: DiskLoadSet, boundary: ReadBoundary, cwd: string): ReadFileHook {
  const read = boundedReader(boundary, cwd);
  return (path) => {
    const size = loaded.oversized.get(path);
    return size === undefined ? read(path) : { refused: 'too-large', size, limit: MAX_READ_BYTES };
  };
}

/**
 * Reads a regular file as UTF-8 text: undefined when it is absent, unreadable or not a regular file (a
 * FIFO is opened without blocking and then refused), its size when over `MAX_READ_BYTES`.
 */
export function readRegularFile(path: string): FileRead {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    const stat = fstatSync(fd);
    if (!stat.isFile()) return undefined;
    if (stat.size > MAX_READ_BYTES) return { tooLarge: stat.size };
    return { text: decodeUtf8(readFileSync(fd)) };
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Decodes UTF-8; invalid bytes become U+FFFD (the core then reports the file's encoding). */
export function decodeUtf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes);
}

/**
 * Where an absolute path really leads: every symlink on the way is followed, and from the first part that
 * does not exist on, the rest is joined as written (so a dangling link that points out of the root is
 * placed outside it, like an existing one). A link loop stops at the link.
 */
export function realLocation(path: string): string {
  const { root } = parse(path);
  let current = root;
  let rest = path.slice(root.length).split(/[\\/]/);
  let links = 0;
  while (rest.length > 0) {
    const part = rest.shift()!;
    if (part === '' || part === '.') continue;
    if (part === '..') {
      current = dirname(current);
      continue;
    }
    const next = join(current, part);
    let isLink: boolean;
    try {
      isLink = lstatSync(next).isSymbolicLink();
    } catch {
      return join(next, ...rest);
    }
    if (!isLink || ++links > MAX_LINKS) {
      current = next;
      continue;
    }
    let target: string;
    try {
      target = readlinkSync(next);
    } catch {
      return join(next, ...rest);
    }
    if (isAbsolute(target)) current = parse(target).root;
    rest = [
      ...target.slice(isAbsolute(target) ? parse(target).root.length : 0).split(/[\\/]/),
      ...rest,
    ];
  }
  return current;
}

/** True when `path` is `folder` or inside it (both absolute and normalised). */
function within(path: string, folder: string): boolean {
  if (path === folder) return true;
  return path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}

function commonFolder(a: string, b: string): string {
  let common = a;
  while (!within(b, common)) common = dirname(common);
  return common;
}

function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function statOrUndefined(path: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
