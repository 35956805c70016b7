/**
 * The shape of an embed's Problems pane, as the Markdown plugins work it out at build time, written in the
 * element's `data-problem-rows` attribute, and the height it takes at a given width. Tokens separated by
 * spaces: `g` a file's heading (the list is grouped by file), `<s><message>.<code>.<hint>` a problem's row with
 * its severity (`e`rror, `w`arning, `i`nfo) and the characters of its message, its code and its hint (0: none).
 */

/** One row of the Problems pane: a file's heading, or a problem. */
export type ProblemRow =
  | { kind: 'file' }
  | { kind: 'problem'; severity: 'e' | 'w' | 'i'; message: number; code: number; hint: number };

/** The most rows a shape holds (the plugins' checker lists at most this many problems in the reserve). */
export const MAX_PROBLEM_ROWS = 100;

const TOKEN = /^(?:(g)|([ewi])(\d{1,5})\.(\d{1,3})\.(\d{1,5}))$/;

/** The attribute's text for `rows` (at most `MAX_PROBLEM_ROWS`). */
export function formatProblemRows(rows: readonly ProblemRow[]): string {
  return rows
    .slice(0, MAX_PROBLEM_ROWS)
    .map((row) =>
      row.kind === 'file'
        ? 'g'
        : `${row.severity}${Math.min(row.message, 99_999)}.${Math.min(row.code, 999)}.${Math.min(row.hint, 99_999)}`,
    )
    .join(' ');
}

/** The rows of an attribute's text; undefined when absent or not a shape (untrusted). */
export function parseProblemRows(text: string | null): ProblemRow[] | undefined {
  if (!text || text.length > 20 * MAX_PROBLEM_ROWS) return undefined;
  const rows: ProblemRow[] = [];
  for (const token of text.trim().split(/\s+/).slice(0, MAX_PROBLEM_ROWS)) {
    const match = TOKEN.exec(token);
    if (!match) return undefined;
    rows.push(
      match[1]
        ? { kind: 'file' }
        : {
            kind: 'problem',
            severity: match[2] as 'e',
            message: Number(match[3]),
            code: Number(match[4]),
            hint: Number(match[5]),
          },
    );
  }
  return rows.length > 0 ? rows : undefined;
}

// Measured in the built embed (Chromium, its 14 px interface font).
/** The line of the "Fix all safe problems" button above the list. */
const COUNTS = 20.2;
/** A file's heading with its margins (the top one collapsing with the button line's). */
const FILE_HEADING = 7 + 13 + 3.5;
/** A row's padding, a line of its message or code, a line of its hint, and the gap between them. */
const ROW_PADDING = 7;
const LINE = 16;
const HINT_LINE = 14;
const ROW_GAP = 7;
/**
 * A message character's width with what breaking at words loses (fitted to rows of 40 to 200 characters in
 * message columns 76 to 170 px wide; a line too many rather than one too few), and a hint's.
 */
const MESSAGE_CHAR = 8.6;
const HINT_CHAR = 7.3;
/** A code character (monospace, 0.85em). */
const CODE_CHAR = 7.17;
/** The row's side padding, the icon and line:column columns and the gaps after them. */
const ROW_LEAD = 14 + 16.8 + 28 + 2 * 7;
/** Below this width (24rem) the code goes under the message. */
const NARROW = 336;

function lines(chars: number, width: number, charWidth: number): number {
  return Math.max(1, Math.ceil(chars / Math.max(4, Math.floor(width / charWidth))));
}

/**
 * The height in CSS pixels of the Problems panel listing `count` problems (`rows` when known, else rows of a
 * short message) whose content box is `width` pixels wide.
 */
export function problemsPanelHeight(
  count: number,
  rows: readonly ProblemRow[] | undefined,
  width: number,
): number {
  const list: readonly ProblemRow[] = rows ?? [
    { kind: 'file' },
    ...Array.from({ length: count }, () => ({
      kind: 'problem' as const,
      severity: 'e' as const,
      message: 45,
      code: 13,
      hint: 0,
    })),
  ];
  const narrow = width < NARROW;
  let height = COUNTS;
  for (const row of list) {
    if (row.kind === 'file') {
      height += FILE_HEADING;
      continue;
    }
    const message = width - ROW_LEAD - (narrow ? 0 : ROW_GAP + row.code * CODE_CHAR);
    height += ROW_PADDING + lines(row.message, message, MESSAGE_CHAR) * LINE;
    if (narrow) height += ROW_GAP + LINE;
    if (row.hint > 0) height += ROW_GAP + lines(row.hint, width - ROW_LEAD, HINT_CHAR) * HINT_LINE;
  }
  return height;
}

/** The characters of the header's counts for `rows` ("1 error 0 warnings", and notes when there are some). */
export function countsChars(rows: readonly ProblemRow[] | undefined, problems: number): number {
  const count = (severity: 'e' | 'w' | 'i'): number =>
    rows?.filter((row) => row.kind === 'problem' && row.severity === severity).length ??
    (severity === 'e' ? problems : 0);
  const part = (n: number, one: string, many: string): number =>
    `${n} ${n === 1 ? one : many}`.length;
  const info = count('i');
  return (
    part(count('e'), 'error', 'errors') +
    1 +
    part(count('w'), 'warning', 'warnings') +
    (info > 0 ? 1 + part(info, 'note', 'notes') : 0)
  );
}
