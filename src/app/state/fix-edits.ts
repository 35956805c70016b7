/**
 * Bringing a fix up to date. The core's fix edits are offsets into the files as they were analysed; by the
 * time the user applies one, the text may have moved on (typing while the check ran, or since). These
 * functions map the edits onto the current texts, or say the fix is stale: an offset is never applied to a
 * text it was not computed for.
 */
import type { Fix, FixEdit } from '../../core/index.ts';
import { textChange } from './text-change.ts';

/** Where the texts of a fix's files come from. `undefined`: the file does not exist (there, or then). */
export interface FixTexts {
  /** The text of `file` as it was analysed (the text the fix's offsets are into). */
  analysed(file: string): string | undefined;
  /** The text of `file` now. */
  current(file: string): string | undefined;
}

/**
 * `edits` (offsets into `before`) moved onto `after`, or null when one of them is stale. The change from
 * `before` to `after` is taken as one replaced range (their common prefix and suffix kept): an edit wholly
 * before it keeps its offsets, one wholly after it shifts by the length difference, and one that overlaps or
 * touches it is stale (a letter typed right after `modle` makes a new word, which the fix did not see). An edit that does not fit `before`
 * (negative, reversed or past its end) is stale too. Linear in the texts' length: run it when a fix is
 * applied or shown, never per keystroke.
 */
export function mapEdits(
  edits: readonly FixEdit[],
  before: string,
  after: string,
): FixEdit[] | null {
  for (const e of edits) if (!fits(e, before.length)) return null;
  // The same string (usually the very same object): nothing to map.
  if (before === after) return edits.map((e) => ({ ...e }));
  const change = textChange(before, after)!;
  const delta = change.insert.length - (change.to - change.from);
  const mapped: FixEdit[] = [];
  for (const e of edits) {
    if (e.to < change.from) mapped.push({ ...e });
    else if (e.from > change.to) mapped.push({ ...e, from: e.from + delta, to: e.to + delta });
    else return null;
  }
  return mapped;
}

function fits(e: FixEdit, length: number): boolean {
  return (
    Number.isInteger(e.from) &&
    Number.isInteger(e.to) &&
    e.from >= 0 &&
    e.from <= e.to &&
    e.to <= length &&
    typeof e.insert === 'string'
  );
}

/**
 * The edits of `fix` moved onto the current texts (see `mapEdits`), or null when the fix is stale: an edit
 * touches text changed since the analysis, its file was removed, or a file it creates has been created since.
 * An edit to a file that did not exist when analysed and still does not creates it (from offset 0).
 */
export function currentFixEdits(fix: Fix, texts: FixTexts): FixEdit[] | null {
  const out: FixEdit[] = [];
  for (const [file, edits] of editsByFile(fix.edits)) {
    const before = texts.analysed(file);
    const now = texts.current(file);
    if (before === undefined) {
      if (now !== undefined) return null;
      const mapped = mapEdits(edits, '', '');
      if (!mapped) return null;
      out.push(...mapped);
      continue;
    }
    if (now === undefined) return null;
    const mapped = mapEdits(edits, before, now);
    if (!mapped) return null;
    out.push(...mapped);
  }
  return out;
}

/** The edits grouped by file, each group in the order given. */
export function editsByFile(edits: readonly FixEdit[]): Map<string, FixEdit[]> {
  const byFile = new Map<string, FixEdit[]>();
  for (const e of edits) byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
  return byFile;
}
