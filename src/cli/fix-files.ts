/**
 * `agentcard check --fix`, `--fix-dry-run`, `--fix-unsafe`: the files a fix run changes, as a plan that
 * is checked whole before anything is written (inside the load-set root, free, a valid file name on every
 * system, outside dot-folders), then written new files first, each through a temporary file.
 */
import {
  linkSync,
  lstatSync,
  mkdirSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import { escapeControls, fileTargetProblem, type FixAllResult } from '../core/index.ts';
import type { Io } from './io.ts';
import { realLocation } from './read-boundary.ts';

/** The files a fix run changed or created, by load-set path, with their text before (undefined: new). */
export interface FileChange {
  file: string;
  before: string | undefined;
  after: string;
}

/**
 * The files whose text `fixed` changes from `before` (the files given to `fixAll`; those it read on its
 * own are in `fixed.read`), new files included, in name order.
 */
export function changedFiles(
  before: Readonly<Record<string, string>>,
  fixed: FixAllResult,
): FileChange[] {
  const changes: FileChange[] = [];
  for (const file of Object.keys(fixed.files).sort()) {
    const after = fixed.files[file]!;
    const old = Object.hasOwn(before, file)
      ? before[file]
      : Object.hasOwn(fixed.read, file)
        ? fixed.read[file]
        : undefined;
    if (old !== after) changes.push({ file, before: old, after });
  }
  return changes;
}

/** The path of `full` (symlinks resolved) relative to `root`, or undefined when it is outside. */
function underRoot(full: string, root: string): string | undefined {
  // Symlinks resolved (also in a path that does not exist yet), so a link cannot lead a write out.
  const rel = relative(root, realLocation(full));
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel)
    ? rel.split(sep).join('/')
    : undefined;
}

/** What is at `full` on disk: nothing, a regular file, a folder, or something else. */
function kindAt(full: string): 'none' | 'file' | 'folder' | 'other' {
  try {
    const stat = lstatSync(full);
    if (stat.isSymbolicLink()) {
      try {
        return statSync(full).isDirectory() ? 'folder' : 'other';
      } catch {
        return 'other';
      }
    }
    return stat.isFile() ? 'file' : stat.isDirectory() ? 'folder' : 'other';
  } catch {
    return 'none';
  }
}

/**
 * Why the plan `changes` (load-set paths relative to `cwd`) cannot be written whole, one message per
 * refused file (empty when it can): a file outside the folder `root`; a new file whose name is taken on
 * disk (a folder, a file the check did not read), is not a valid file name on Linux, macOS and Windows,
 * or lies in a dot-folder (`fileTargetProblem`, below the root); a file to rewrite that is no longer a
 * regular file. File names are shown with control characters escaped.
 */
export function planProblems(changes: readonly FileChange[], root: string, cwd: string): string[] {
  const problems: string[] = [];
  for (const c of changes) {
    const shown = escapeControls(c.file);
    const full = resolve(cwd, c.file);
    const rel = underRoot(full, root);
    if (rel === undefined) {
      problems.push(
        `refusing to write ${shown}: it is outside the load-set root ${escapeControls(root)}`,
      );
      continue;
    }
    const kind = kindAt(full);
    if (c.before !== undefined) {
      if (kind !== 'file') problems.push(`refusing to write ${shown}: it is no longer a file`);
      continue;
    }
    const why =
      fileTargetProblem(rel) ??
      (kind === 'folder'
        ? 'a folder of that name is there'
        : kind !== 'none'
          ? 'a file of that name is there and is not part of the fixes'
          : undefined);
    if (why !== undefined) problems.push(`refusing to create ${shown}: ${escapeControls(why)}`);
  }
  return problems;
}

/** The changes as one unified diff (`a/` and `b/` prefixes, `/dev/null` for a new file). */
export function unifiedDiff(changes: readonly FileChange[]): string {
  return changes
    .map((c) =>
      createTwoFilesPatch(
        c.before === undefined ? '/dev/null' : `a/${c.file}`,
        `b/${c.file}`,
        c.before ?? '',
        c.after,
        undefined,
        undefined,
        { context: 3, headerOptions: FILE_HEADERS_ONLY },
      ),
    )
    .join('');
}

let temporaries = 0;

/** A name for a temporary file beside `full` that no one else uses. */
function temporaryBeside(full: string): string {
  temporaries += 1;
  return join(dirname(full), `.${basename(full)}.agentcard-${process.pid}-${temporaries}.tmp`);
}

/**
 * Writes `text` to the new file `full` through a temporary file beside it: linked into place, which
 * fails when a file has appeared there (a rename would replace it), so the file appears whole or not at
 * all.
 */
function createFile(full: string, text: string): void {
  mkdirSync(dirname(full), { recursive: true });
  const temp = temporaryBeside(full);
  writeFileSync(temp, text, { flag: 'wx' });
  try {
    linkSync(temp, full);
  } finally {
    unlinkSync(temp);
  }
}

/** Replaces the text of the existing file `full` through a temporary file renamed over it (same mode). */
function replaceFile(full: string, text: string): void {
  const temp = temporaryBeside(full);
  writeFileSync(temp, text, { flag: 'wx', mode: statSync(full).mode & 0o7777 });
  try {
    renameSync(temp, full);
  } catch (error) {
    unlinkSync(temp);
    throw error;
  }
}

/**
 * Writes a checked plan: every new file first (creating the folders it needs), then every rewritten
 * one, each through a temporary file in its folder. A failure stops the run before the files it would
 * have cut down are rewritten, so no card's text is ever only in a file not written. Answers an error
 * message (naming the files already written) or undefined.
 */
export function writeChanges(changes: readonly FileChange[], io: Io): string | undefined {
  const ordered = [
    ...changes.filter((c) => c.before === undefined),
    ...changes.filter((c) => c.before !== undefined),
  ];
  const written: string[] = [];
  for (const c of ordered) {
    const full = resolve(io.cwd, c.file);
    try {
      if (c.before === undefined) createFile(full, c.after);
      else replaceFile(full, c.after);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      const done = written.length > 0 ? ` (already written: ${written.join(', ')})` : '';
      return escapeControls(`cannot write ${c.file}: ${why}${done}`);
    }
    written.push(c.file);
  }
  return undefined;
}
