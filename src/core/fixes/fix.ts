/**
 * Quick fixes as data. A diagnostic may carry `fixes`: each is a titled set of text edits that the
 * playground, the CLI (`check --fix`) and library users apply the same way. Edits are offsets into
 * the files as they were analysed; an edit to a file that does not exist creates it.
 */

/** One replacement: the UTF-16 range `from`..`to` (exclusive) of `file` becomes `insert`. */
export interface FixEdit {
  /**
   * The file the edit applies to, as named in the check (a new name creates the file). In a
   * `RawDiagnostic`, `''` means the diagnostic's own file; the check fills in the name (`locate`).
   */
  file: string;
  from: number;
  to: number;
  insert: string;
  /**
   * Where `from` and `to` are, 1-based as a diagnostic's `line`/`column`: set by the check for display
   * and JSON output, ignored when applying.
   */
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
}

/**
 * A proposed fix. `safe` is true only when applying it cannot change what the user meant (a
 * `--fix` run applies only safe fixes unless asked otherwise). `portability` marks fixes that
 * rewrite an RFC construct into what fast-agent accepts (applied by `--fix --profile fast-agent`).
 */
export interface Fix {
  title: string;
  safe: boolean;
  edits: FixEdit[];
  portability?: boolean;
}

/** The outcome of applying fixes to a set of files. */
export interface AppliedFixes {
  /** Every file's text after the edits (files untouched by any applied fix keep their text). */
  files: Map<string, string>;
  /** The fixes applied, in the order given. */
  applied: Fix[];
  /** Fixes left out because an edit overlapped an earlier applied fix (apply again after a re-check). */
  skipped: Fix[];
}

function overlaps(a: FixEdit, b: FixEdit): boolean {
  if (a.file !== b.file) return false;
  // Two insertions at the same point conflict too: their order would be a guess.
  if (a.from === a.to && b.from === b.to) return a.from === b.from;
  return a.from < b.to && b.from < a.to;
}

/**
 * Applies `fixes` to `files` (name → text). A fix is applied whole or not at all: one whose edits
 * overlap an already chosen fix is skipped, so callers re-check and apply again until nothing is
 * left (as ESLint's `--fix` does). Edits to a name missing from `files` create that file from "".
 */
export function applyFixes(
  files: ReadonlyMap<string, string>,
  fixes: readonly Fix[],
): AppliedFixes {
  const chosen: FixEdit[] = [];
  const applied: Fix[] = [];
  const skipped: Fix[] = [];
  for (const fix of fixes) {
    if (
      fix.edits.some(
        (e) =>
          chosen.some((c) => overlaps(e, c)) || fix.edits.some((o) => o !== e && overlaps(e, o)),
      )
    ) {
      skipped.push(fix);
      continue;
    }
    appendEdits(chosen, fix.edits);
    applied.push(fix);
  }
  const out = new Map(files);
  const byFile = new Map<string, FixEdit[]>();
  for (const e of chosen) byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
  for (const [file, edits] of byFile) out.set(file, applyEdits(out.get(file) ?? '', edits));
  return { files: out, applied, skipped };
}

function appendEdits(list: FixEdit[], edits: readonly FixEdit[]): void {
  for (const e of edits) list.push(e);
}

/**
 * Applies non-overlapping `edits` to `text` (offsets into the original text, in any order);
 * offsets are clamped to the text.
 */
export function applyEdits(text: string, edits: readonly FixEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.from - a.from || b.to - a.to);
  let out = text;
  for (const e of sorted) {
    const from = Math.max(0, Math.min(e.from, out.length));
    const to = Math.max(from, Math.min(e.to, out.length));
    out = out.slice(0, from) + e.insert + out.slice(to);
  }
  return out;
}

/** The file name that stands for "the diagnostic's own file" in a raw diagnostic's fix edits. */
export const SAME_FILE = '';

/** A fix of one edit in the diagnostic's own file: `from`..`to` becomes `insert`. */
export function replaceFix(
  title: string,
  safe: boolean,
  from: number,
  to: number,
  insert: string,
): Fix {
  return { title, safe, edits: [{ file: SAME_FILE, from, to, insert }] };
}

/**
 * `fixes` with the edits in the diagnostic's own file moved by `delta` characters (a cached analysis
 * re-based after the text before it changed length); edits naming other files stay as they are.
 */
export function shiftFixes(fixes: readonly Fix[], delta: number): Fix[] {
  return fixes.map((fix) => ({
    ...fix,
    edits: fix.edits.map((e) =>
      e.file === SAME_FILE ? { ...e, from: e.from + delta, to: e.to + delta } : e,
    ),
  }));
}

/** `fixes` with the edits in the diagnostic's own file named `file` (the last step of a check). */
export function resolveFixFiles(fixes: readonly Fix[], file: string): Fix[] {
  return fixes.map((fix) => ({
    ...fix,
    edits: fix.edits.map((e) => (e.file === SAME_FILE ? { ...e, file } : e)),
  }));
}

/** `text` as a YAML scalar: plain when that reads back as the same string, else double-quoted. */
export function yamlScalar(text: string): string {
  return /^[A-Za-z_][A-Za-z0-9_./-]*$/.test(text) &&
    !/^(true|false|yes|no|on|off|null|y|n)$/i.test(text)
    ? text
    : JSON.stringify(text);
}
