import { readdirSync, statSync, type Dirent } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { FORMAT_REGISTRY, normalizePath } from '../core/index.ts';
import { readRegularFile } from './read-boundary.ts';

/** What the command line hands the core: card texts by load-set path, and which paths are cards. */
export interface DiskLoadSet {
  files: Record<string, string>;
  cards: string[];
  /**
   * Paths found by listing a folder rather than named one by one: the core skips those no format claims
   * (a history `.json` beside the cards) instead of reporting them.
   */
  discovered: string[];
  /**
   * Card paths too large to read (over `MAX_READ_BYTES`), with their size in bytes: they are among `cards`
   * but not in `files`, and the check reports `input-too-large` for each.
   */
  oversized: Map<string, number>;
  /** Problems with the paths themselves (missing, unreadable): usage/I-O errors, exit code 2. */
  errors: string[];
}

/** Turns an OS path into a load-set path: relative to `cwd`, `/`-separated. */
export function toLoadSetPath(path: string, cwd: string): string {
  return normalizePath(relative(cwd, resolve(cwd, path)).split(sep).join('/'));
}

/**
 * Puts `text` (read from standard input) into the load-set as the file at `filename` (relative to `cwd`),
 * as if that file held it: it replaces the disk's text when a PATH also brought the file, and otherwise
 * joins as a card named on the command line. References in it (`messages:`, `tools.py`) then resolve from
 * its folder, as for any card. Returns its load-set path.
 */
export function addStdin(set: DiskLoadSet, filename: string, text: string, cwd: string): string {
  const key = toLoadSetPath(filename, cwd);
  if (!Object.hasOwn(set.files, key)) set.cards.push(key);
  set.files[key] = text;
  return key;
}

/**
 * Adds the file at `path` (relative to `cwd`) to the load-set as if listing its folder had found it (a
 * file a fix run created): a card when a format claims it, else skipped by the core. Unreadable: an
 * error. Nothing changes when the load-set has it already.
 */
export function addDiscovered(set: DiskLoadSet, path: string, cwd: string): void {
  const key = toLoadSetPath(path, cwd);
  if (Object.hasOwn(set.files, key) || set.oversized.has(key)) return;
  const read = readRegularFile(resolve(cwd, path));
  if (read === undefined) {
    set.errors.push(`cannot read ${key}`);
    return;
  }
  set.cards.push(key);
  set.discovered.push(key);
  if ('text' in read) set.files[key] = read.text;
  else set.oversized.set(key, read.tooLarge);
}

/**
 * Builds the load-set for `agentcard check PATH...`: a file is a card; a folder contributes the files
 * directly inside it that some format may claim (card files as fast-agent's `load_agents(dir)` reads
 * them, `.json` for A2A cards, `.afm`), and a TsAgent agent folder (one with `tsagent.json`, the folder
 * itself or one directly inside) contributes all its files. Other files (histories, `tools.py`,
 * `fastagent.config.yaml`) are read on demand by the core through the read boundary
 * (`boundedReader`). The paths given are read wherever they are: the user named them.
 */
export function loadPaths(paths: string[], cwd: string): DiskLoadSet {
  const out: DiskLoadSet = {
    // No prototype: a file named `__proto__` or `constructor` is a file like any other.
    files: Object.create(null) as Record<string, string>,
    cards: [],
    discovered: [],
    oversized: new Map(),
    errors: [],
  };
  const add = (target: string, path: string, discovered: boolean): void => {
    const key = toLoadSetPath(target, cwd);
    const read = readRegularFile(resolve(cwd, target));
    if (read === undefined) {
      out.errors.push(`${path}: cannot read ${key}`);
      return;
    }
    if (!Object.hasOwn(out.files, key) && !out.oversized.has(key)) {
      out.cards.push(key);
      if (discovered) out.discovered.push(key);
    }
    if ('text' in read) out.files[key] = read.text;
    else out.oversized.set(key, read.tooLarge);
  };
  for (const path of paths) {
    const full = resolve(cwd, path);
    let isDir: boolean;
    try {
      isDir = statSync(full).isDirectory();
    } catch {
      out.errors.push(`${path}: no such file or folder`);
      continue;
    }
    if (!isDir) {
      add(full, path, false);
      // A named tsagent.json (a folder format's entry) brings its agent folder.
      if (FORMAT_REGISTRY.entries.has(basename(full)))
        for (const member of listTree(dirname(full))) if (member !== full) add(member, path, true);
      continue;
    }
    for (const target of listFolder(full)) add(target, path, true);
  }
  return out;
}

/** Most files one TsAgent folder contributes (rules and references are a handful in practice). */
const MAX_TREE_FILES = 2000;
const MAX_TREE_DEPTH = 4;

/** What a folder contributes: see `loadPaths`. The formats' records say which files and folders. */
function listFolder(dir: string): string[] {
  if (isUnitFolder(dir)) return listTree(dir);
  const out: string[] = [];
  for (const entry of entries(dir)) {
    const full = resolve(dir, entry.name);
    if (entry.isFile() && FORMAT_REGISTRY.discovered(entry.name)) out.push(full);
    else if (entry.isDirectory() && isUnitFolder(full)) out.push(...listTree(full));
  }
  return out.sort();
}

/** Whether `dir` is a unit of a folder format: it holds the format's entry file (`tsagent.json`). */
function isUnitFolder(dir: string): boolean {
  return [...FORMAT_REGISTRY.entries].some((name) => isFile(join(dir, name)));
}

/** Every file under `dir` (depth and count capped), sorted. */
function listTree(dir: string, depth = 0, out: string[] = []): string[] {
  for (const entry of entries(dir)) {
    if (out.length >= MAX_TREE_FILES) break;
    const full = resolve(dir, entry.name);
    if (entry.isFile()) out.push(full);
    else if (entry.isDirectory() && depth < MAX_TREE_DEPTH && !entry.name.startsWith('.'))
      listTree(full, depth + 1, out);
  }
  return depth === 0 ? out.sort() : out;
}

function entries(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
