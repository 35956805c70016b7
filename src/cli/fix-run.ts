/**
 * The fix run of `agentcard check`: `fixAll` to a fixed point, the plan checked whole, then written (or
 * shown as a diff), with what was done said per file on stderr.
 */
import {
  escapeControls,
  fixAll,
  type CheckOptions,
  type Fix,
  type RejectedFix,
} from '../core/index.ts';
import { changedFiles, planProblems, unifiedDiff, writeChanges } from './fix-files.ts';
import { terminalText } from './terminal-text.ts';
import { EXIT, type Io } from './io.ts';

/** Which fix flags `check` was given. */
export interface FixFlags {
  'fix-dry-run'?: boolean | undefined;
  'fix-unsafe'?: boolean | undefined;
}

/**
 * How a fix run ended: written (with the files it created, for the fresh check), or stopped with an exit
 * code (a refused plan, a failed write, a dry run: its diff alone is on stdout, so it can be applied).
 */
export type FixRunOutcome = { kind: 'written'; created: string[] } | { kind: 'stop'; code: number };

/** The file a fix is about: its first edit that is not the creation of a file, else its first edit. */
function fixFile(fix: Fix): string {
  return (fix.edits.find((e) => e.from !== 0 || e.to !== 0) ?? fix.edits[0])?.file ?? '';
}

const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

/**
 * The titles of `applied` grouped under the file each is about (files in name order, fixes in the order
 * applied), indented under a summary line; control characters escaped.
 */
export function appliedLines(applied: readonly Fix[]): string {
  const byFile = new Map<string, string[]>();
  for (const fix of applied) {
    const file = fixFile(fix);
    byFile.set(file, [...(byFile.get(file) ?? []), fix.title]);
  }
  return [...byFile.keys()]
    .sort()
    .map(
      (file) =>
        `  ${escapeControls(file)}\n${byFile
          .get(file)!
          .map((t) => `    ${escapeControls(t)}\n`)
          .join('')}`,
    )
    .join('');
}

/** The fixes left out because they would lose cards, one line each. */
function rejectedLines(rejected: readonly RejectedFix[]): string {
  return rejected
    .map(
      (r) =>
        `agentcard: not applied, it would lose ${r.lost.map(escapeControls).join(', ')}: ${escapeControls(r.fix.title)}\n`,
    )
    .join('');
}

/**
 * `--fix`, `--fix-unsafe`, `--fix-dry-run`: applies the wanted fixes to a fixed point (`fixAll`, files
 * created in a round joining the cards), checks the plan whole (`planProblems`: exit 2, nothing written,
 * when any file is refused), then prints the diff or writes the files, new ones first. Says on stderr
 * which fixes were applied, per file.
 */
export function runFixes(
  files: Readonly<Record<string, string>>,
  checkOptions: CheckOptions,
  flags: FixFlags,
  root: string,
  io: Io,
): FixRunOutcome {
  const fixed = fixAll(files, checkOptions, {
    unsafe: flags['fix-unsafe'] === true,
    portability: checkOptions.profile === 'fast-agent',
  });
  io.err(rejectedLines(fixed.rejected));
  const changes = changedFiles(files, fixed);
  const refused = planProblems(changes, root, io.cwd);
  if (refused.length > 0) {
    for (const message of refused) io.err(`agentcard: ${message}\n`);
    io.err(`agentcard: nothing written\n`);
    return { kind: 'stop', code: EXIT.usage };
  }
  const what = `${plural(fixed.applied.length, 'fix', 'fixes')} in ${plural(changes.length, 'file')}`;
  if (flags['fix-dry-run'] === true) {
    io.out(terminalText(unifiedDiff(changes)));
    io.err(`agentcard: would apply ${what}\n${appliedLines(fixed.applied)}`);
    const errors = fixed.result.diagnostics.some((d) => d.severity === 'error');
    return { kind: 'stop', code: errors ? EXIT.errors : EXIT.ok };
  }
  const failed = writeChanges(changes, io);
  if (failed !== undefined) {
    io.err(`agentcard: ${failed}\n`);
    return { kind: 'stop', code: EXIT.usage };
  }
  if (fixed.applied.length > 0)
    io.err(`agentcard: applied ${what}\n${appliedLines(fixed.applied)}`);
  return {
    kind: 'written',
    created: changes.filter((c) => c.before === undefined).map((c) => c.file),
  };
}
