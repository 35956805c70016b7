/**
 * Applying fixes to the workspace: the edits of one fix that reach beyond the open file (another file, a file
 * to create), and "Fix all safe problems" (the core's `fixAll`, run in the analysis worker). The editor applies
 * the open file's part of a single fix itself, as one undoable transaction (`editor/quick-fixes.ts`).
 */
import {
  applyEdits,
  type FormatId,
  isWantedFix,
  type Diagnostic,
  type FixAllOptions,
  type FixEdit,
  type Profile,
} from '../../core/index.ts';
import type { FixedFiles } from '../analysis/analysis-client.ts';
import type { DeferredFix, ResolvedFix } from '../analysis/deferred-fixes.ts';
import { editsByFile } from './fix-edits.ts';
import { ownValue } from './own-entries.ts';
import { plainFiles } from './workspace-files.ts';
import type { Workspace } from './workspace-types.ts';

/**
 * What the editor needs of the app to apply a fix: the texts of the other files (as analysed and now, to map
 * a fix's edits: see `currentFixEdits`), a way to apply edits to them, and a way to say a fix was out of date.
 */
export interface FixHost {
  analysed(file: string): string | undefined;
  current(file: string): string | undefined;
  /** Applies edits (already mapped onto the current texts) to files other than the open one. */
  apply(edits: FixEdit[]): void;
  /** A fix could not be applied: the text it was computed for has changed. */
  stale(): void;
  /**
   * The whole fix of a placeholder (`analysis/deferred-fixes.ts`) and the texts its offsets are into, from
   * the analysis worker; null when the worker no longer has it.
   */
  resolve(fix: DeferredFix): Promise<ResolvedFix | null>;
}

/** Which fixes "Fix all safe problems" applies under `profile`: the safe ones, and with the fast-agent profile its safe portability fixes too (as `check --fix --profile fast-agent`). */
export function fixAllOptions(profile: Profile): FixAllOptions {
  return profile === 'fast-agent' ? { portability: true } : {};
}

/** How many of `diagnostics` "Fix all safe problems" would fix under `profile` (those with a wanted fix). */
export function safeFixCount(diagnostics: readonly Diagnostic[], profile: Profile): number {
  const options = fixAllOptions(profile);
  let count = 0;
  for (const d of diagnostics) if (d.fixes?.some((f) => isWantedFix(f, options))) count++;
  return count;
}

/**
 * The new text of each file `edits` touch (offsets into the files' current texts, already mapped: see
 * `currentFixEdits`); a file missing from `files` is created from ''.
 */
export function editedTexts(
  files: Readonly<Record<string, string>>,
  edits: readonly FixEdit[],
): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const [file, list] of editsByFile(edits))
    out[file] = applyEdits(ownValue(files, file) ?? '', list);
  return out;
}

/** What a "Fix all safe problems" run came to. */
export type FixAllOutcome =
  /** `files` (paths) were changed or created by `applied` fixes. */
  | { kind: 'applied'; applied: number; files: string[] }
  /** No fix applied. */
  | { kind: 'nothing' }
  /** A file the fixes change was edited (or the workspace replaced) while they were computed: nothing written. */
  | { kind: 'stale' };

/** What `fixAllSafe` needs of the app. */
export interface FixAllHost {
  /** The open workspace (read again when the answer comes). */
  workspace(): Workspace;
  /** Runs the core's `fixAll` off the main thread. */
  fixAll(
    files: Record<string, string>,
    profile: Profile,
    formats: Record<string, FormatId>,
    options: FixAllOptions,
  ): Promise<FixedFiles>;
  /** Writes the new texts (one change of the workspace; the editor shows the open file's as one undo step). */
  write(texts: Record<string, string>): void;
}

/**
 * Applies every safe fix of the workspace (the core's `fixAll`: check, apply, re-check until nothing is left)
 * and writes the result, unless a file it changes was edited meanwhile: the texts are written only when each
 * changed file still holds the text that was fixed.
 */
export async function fixAllSafe(host: FixAllHost): Promise<FixAllOutcome> {
  const ws = host.workspace();
  const sent = plainFiles(ws);
  const formats = Object.fromEntries(Object.entries(ws.formats ?? {}));
  const fixed = await host.fixAll(sent, ws.profile, formats, fixAllOptions(ws.profile));
  const paths = Object.keys(fixed.files);
  if (fixed.applied === 0 || paths.length === 0) return { kind: 'nothing' };
  const now = host.workspace();
  if (now.id !== ws.id) return { kind: 'stale' };
  for (const path of paths)
    if (ownValue(now.files, path) !== ownValue(sent, path)) return { kind: 'stale' };
  host.write(fixed.files);
  return { kind: 'applied', applied: fixed.applied, files: paths };
}
