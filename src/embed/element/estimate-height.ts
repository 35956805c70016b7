/**
 * The room an embed is expected to take before its frame has loaded, so the page does not shift when it
 * does. Plain functions, tested without a DOM. The figures were measured on the built embed (Chromium, 358 to
 * 688 px wide; tests/e2e/embed-heights.spec.ts compares the estimate with the embed): the frame is its header
 * bar and its body; the editor grows by one line per line of text; the split view puts the results beside the
 * editor (two fifths of the width) or under it below 560 px, showing Output for a card without problems and
 * Problems for one with some; the output view is the Output pane alone; the graph view puts the graph above
 * the editor. The panes' own heights come from `output-shape.ts` and `problem-rows-shape.ts`.
 */
import { outputPanelHeight, type OutputBlock } from './output-shape.ts';
import { countsChars, problemsPanelHeight, type ProblemRow } from './problem-rows-shape.ts';

/** Height of an embed whose shown file has no known length (content set later by script). */
export const UNKNOWN_HEIGHT = 200;

/** The editor's line height in the embed, in CSS pixels. */
export const LINE_HEIGHT = 21;

/** Below this width the split view stacks the results under the editor. */
export const STACKED_BELOW = 560;

/** The editor's share of a split view's width (its columns are 3fr and 2fr). */
const SPLIT_EDITOR_SHARE = 0.6;

// Measured in the built embed (Chromium): the frame's border, its header bar (one line, or two when its items
// wrap; taller with a tab per file), the editor's padding, the results' tabs and their pane's padding.
const BORDER = 2;
const BAR = 24.4;
const BAR_TABS = 30.6;
const BAR_SECOND_LINE = 19.2;
const EDITOR_PADDING = 29;
const TABS = 31.6;
const PANE_PADDING = 11.2;
/** The pane's horizontal padding, and the results' left border beside the editor. */
const PANE_SIDES = 14;
/** The graph view's graph (22rem and its pane's padding) and its border. */
const GRAPH = 319.2 + 1;
/** The header's items besides the file names and counts: "read-only", the link, and the gap before each. */
const BAR_READONLY = 70;
const BAR_LINK = 136;
const BAR_GAP = 11.2;
/** A character of the header's file name and of its counts (0.9em). */
const BAR_CHAR = 7;
const COUNTS_CHAR = 6.8;
/** A file tab's padding and border and the gap after it. */
const BAR_TAB = 22;

/** The Output pane of a short card without problems, for an embed whose plugin gave no shape. */
const DEFAULT_OUTPUT: readonly OutputBlock[] = [
  { kind: 'h', chars: 12 },
  { kind: 'p', chars: 30 },
  { kind: 'v' },
  { kind: 'p', chars: 70 },
  { kind: 'r', depth: 0, chars: 16 },
  { kind: 'r', depth: 1, chars: 11 },
  { kind: 'r', depth: 2, chars: 13 },
  { kind: 'r', depth: 2, chars: 30 },
  { kind: 'r', depth: 2, chars: 26 },
  { kind: 'r', depth: 1, chars: 13 },
];

/** What the element knows of the embed before it loads. */
export interface EmbedShape {
  /** Lines the shown file takes in the editor, long ones wrapped (`visualLines`). */
  lines: number;
  /** The `view` attribute (`split` when null or unknown). */
  view: string | null;
  /** The element's width in CSS pixels (0 when unknown: taken as 1,000). */
  width: number;
  /** Problems the embed will list (the plugins' `data-problems`); 0 when unknown. */
  problems?: number;
  /** The problems' rows (the plugins' `data-problem-rows`), when known. */
  problemRows?: readonly ProblemRow[];
  /** The Output pane's shape (the plugins' `data-output`); a short card's when unknown. */
  output?: readonly OutputBlock[];
  /** The names of the files, the shown one first (one name: no file tabs). */
  files?: readonly string[];
  /** Whether the embed is read-only (no Convert form in its Output, "read-only" in its header). */
  readonly?: boolean;
}

/**
 * The expected height in CSS pixels of an embed of `shape`, rounded up. Never 0: an unknown length gives
 * `UNKNOWN_HEIGHT`.
 */
export function estimateHeight(shape: EmbedShape): number {
  if (!(shape.lines >= 1)) return UNKNOWN_HEIGHT;
  const width = shape.width > 0 ? shape.width : 1000;
  const view = shape.view;
  const readonly = shape.readonly ?? false;
  const problems = Math.min(Math.max(0, Math.floor(shape.problems ?? 0)), 50);
  const stacked = width < STACKED_BELOW;
  const editor = Math.min(shape.lines, 400) * LINE_HEIGHT + EDITOR_PADDING;
  const counts = countsChars(shape.problemRows, problems) * COUNTS_CHAR;
  const top = BORDER + bar(shape.files ?? [], counts, readonly, width);
  const output = (paneWidth: number): number =>
    outputPanelHeight(shape.output ?? DEFAULT_OUTPUT, paneWidth, readonly);
  const problemList = (paneWidth: number): number =>
    problemsPanelHeight(problems, shape.problemRows, paneWidth);
  const whole = width - BORDER - PANE_SIDES;
  let body: number;
  switch (view) {
    case 'output':
      body = TABS + PANE_PADDING + output(whole);
      break;
    case 'editor':
      body = TABS + editor;
      break;
    case 'graph':
      body = TABS + GRAPH + editor;
      break;
    default: {
      // Split (and views to come): the results under the editor, or beside it; Output when the card has no
      // problems, Problems when it has some.
      const paneWidth = stacked
        ? whole
        : (width - BORDER) * (1 - SPLIT_EDITOR_SHARE) - 1 - PANE_SIDES;
      const results =
        TABS + PANE_PADDING + (problems > 0 ? problemList(paneWidth) : output(paneWidth));
      body = stacked ? editor + 1 + results : Math.max(editor, results);
    }
  }
  return Math.ceil(top + body);
}

/** The header bar's height: one line, or two when its items do not fit beside each other. */
function bar(files: readonly string[], counts: number, readonly: boolean, width: number): number {
  const tabs = files.length > 1;
  const names = files.reduce(
    (sum, name) => sum + name.length * BAR_CHAR + (tabs ? BAR_TAB : 0),
    files.length === 0 ? 7 * BAR_CHAR : 0,
  );
  const items = names + counts + (readonly ? BAR_READONLY + BAR_GAP : 0) + BAR_LINK + 2 * BAR_GAP;
  return (tabs ? BAR_TABS : BAR) + (items > width - BORDER - PANE_SIDES ? BAR_SECOND_LINE : 0);
}

/** The lines of a text as the editor counts them (a final line break does not open a line of its own). */
export function lineCount(text: string): number {
  if (text === '') return 1;
  return text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n').length;
}

/** The width of one character of the editor's monospace font (14 px), in CSS pixels (measured). */
const CHAR_WIDTH = 8.43;
/** The line numbers' gutter with two digits and the line's own padding (measured), and a digit's width. */
const GUTTER = 57;
const DIGIT = 8.43;

/**
 * The lines a text takes in an embed `width` pixels wide in `view`, long lines wrapping at spaces as the
 * editor wraps them (a word longer than a line breaks where the line ends): the editor is three fifths of the
 * split view (all of it when stacked, and in the editor and graph views).
 */
export function visualLines(text: string, view: string | null, width: number): number {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  if (!(width > 0)) return lines.length;
  const whole = view === 'editor' || view === 'graph' || width < STACKED_BELOW;
  const editorWidth = whole ? width - BORDER : (width - BORDER) * SPLIT_EDITOR_SHARE;
  const digits = String(lines.length).length;
  const columns = Math.max(
    10,
    Math.floor((editorWidth - GUTTER - Math.max(0, digits - 2) * DIGIT) / CHAR_WIDTH),
  );
  return lines.reduce((sum, line) => sum + wrappedLineCount(line, columns), 0);
}

/**
 * The lines one line of text takes in `columns` columns, wrapped greedily where browsers break it: at a space
 * (which hangs at the end of the line) and after a hyphen; its indentation stays with its first word; a
 * piece longer than a line breaks where the line ends.
 */
function wrappedLineCount(line: string, columns: number): number {
  if (line.length <= columns) return 1;
  const indent = /^ */.exec(line)![0].length;
  let lines = 1;
  let used = 0;
  let first = true;
  for (const word of line.slice(indent).split(/ +/)) {
    const pieces = word.match(/[^-]*-+|[^-]+/g) ?? [''];
    pieces.forEach((piece, i) => {
      const length = piece.length + (first ? indent : 0);
      first = false;
      const space = used > 0 && i === 0 ? 1 : 0;
      if (used + space + length <= columns) {
        used += space + length;
        return;
      }
      if (used > 0) lines++;
      lines += Math.max(0, Math.ceil(length / columns) - 1);
      used = length % columns || columns;
    });
  }
  return lines;
}
