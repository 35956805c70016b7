/**
 * `agentcard check --fix`, `--fix-dry-run`, `--fix-unsafe`: apply the core's fixes (`fixAll`) to the
 * files on disk, or show them as a unified diff. Never writes outside the load-set root.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import type { FixAllResult } from '../core/index.ts';
import type { Io } from './io.ts';
import { realLocation } from './read-boundary.ts';

/** The files a fix run changed or created, by load-set path, with their text before (undefined: new). */
export interface FileChange {
  file: string;
  before: string | undefined;
  after: string;
}

/** The files whose text `fixed` changes from `before` (new files included), in name order. */
export function changedFiles(
  before: Readonly<Record<string, string>>,
  fixed: FixAllResult,
): FileChange[] {
  const changes: FileChange[] = [];
  for (const file of Object.keys(fixed.files).sort()) {
    const after = fixed.files[file]!;
    const old = Object.hasOwn(before, file) ? before[file] : undefined;
    if (old !== after) changes.push({ file, before: old, after });
  }
  return changes;
}

/** Whether the disk path of load-set path `file` (relative to `cwd`) lies inside the folder `root`. */
function insideRoot(file: string, root: string, cwd: string): boolean {
  // Symlinks resolved (also in a path that does not exist yet), so a link cannot lead a write out.
  const rel = relative(root, realLocation(resolve(cwd, file)));
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The changes that would write outside `root`, as one message each (empty when all are inside). */
export function outsideRoot(changes: readonly FileChange[], root: string, cwd: string): string[] {
  return changes
    .filter((c) => !insideRoot(c.file, root, cwd))
    .map((c) => `refusing to write ${c.file}: it is outside the load-set root ${root}`);
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

/** Writes every change to disk (creating folders a new file needs). Answers an error message or undefined. */
export function writeChanges(changes: readonly FileChange[], io: Io): string | undefined {
  for (const c of changes) {
    const full = resolve(io.cwd, c.file);
    try {
      if (c.before === undefined) mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, c.after);
    } catch (error) {
      return `cannot write ${c.file}: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return undefined;
}
