/**
 * The room an embed is expected to take before its frame has loaded, so the page does not shift when it
 * does. Plain functions, tested without a DOM. The figures were measured on the built embed (Chromium; cards
 * of front matter and instruction lines, with none, one and three problems; 320 to 1,000 px wide): the editor
 * grows by one line per line of text; the split view puts the results beside the editor (two fifths of the
 * width) or under it below 560 px, each problem a row whose height grows as the results narrow; the output
 * view is as tall as the compiled card; the graph view puts the graph above the editor.
 */

/** Height of an embed whose shown file has no known length (content set later by script). */
export const UNKNOWN_HEIGHT = 200;

/** The editor's line height in the embed, in CSS pixels. */
export const LINE_HEIGHT = 21;

/** Below this width the split view stacks the results under the editor. */
export const STACKED_BELOW = 560;

/** The editor's share of a split view's width (its columns are 3fr and 2fr). */
const SPLIT_EDITOR_SHARE = 0.6;

/** The header (file, counts, link) and the editor's padding in the split and graph views. */
const SPLIT_CHROME = 56;
/** The graph and its tabs, above the editor in the graph view. */
const GRAPH = 352;
/** The results under a stacked split view: the tabs and "no problems", or the tabs and the list's frame. */
const STACKED_CLEAN = 69;
const RESULTS_FRAME = 90;
/** The header above the results beside the editor. */
const HEADER = 33;
/** The output view of a short card (its compiled JSON fits), and the height of a line of that JSON. */
const OUTPUT_BASE = 355;
const OUTPUT_BASE_NARROW = 369;
const OUTPUT_LINE = 20;
const NARROW_HEADER_LINE = 15;

/** Height of one problem's row by the width of the results pane (measured; linear in between). */
const PROBLEM_ROW: ReadonlyArray<readonly [width: number, height: number]> = [
  [253, 106],
  [280, 70],
  [304, 54],
  [336, 49],
  [360, 45],
  [420, 31],
];

/** What the element knows of the embed before it loads. */
export interface EmbedShape {
  /** Lines the shown file takes in the editor, long ones wrapped (`visualLines`). */
  lines: number;
  /** The `view` attribute (`split` when null or unknown). */
  view: string | null;
  /** The element's width in CSS pixels (0 when unknown: taken as wide). */
  width: number;
  /** Problems the embed will list (the plugins' `data-problems`); 0 when unknown. */
  problems?: number;
  /** Characters of the shown file's instruction (after its front matter), which the output view shows. */
  instructionChars?: number;
}

/**
 * The expected height in CSS pixels of an embed of `shape`. Never 0: an unknown length gives
 * `UNKNOWN_HEIGHT`.
 */
export function estimateHeight(shape: EmbedShape): number {
  const { view, width } = shape;
  if (!(shape.lines >= 1)) return UNKNOWN_HEIGHT;
  const text = Math.min(shape.lines, 400) * LINE_HEIGHT;
  const problems = Math.min(Math.max(0, Math.floor(shape.problems ?? 0)), 50);
  const stacked = width > 0 && width < STACKED_BELOW;
  switch (view) {
    case 'output': {
      const columns = Math.max(20, ((width > 0 ? width : 1000) - 60) / 8);
      const wrapped = Math.ceil((shape.instructionChars ?? 0) / columns);
      // In a narrow column the header's problem counts wrap.
      const header = stacked ? Math.min(problems, 2) * NARROW_HEADER_LINE : 0;
      return (
        (stacked ? OUTPUT_BASE_NARROW : OUTPUT_BASE) +
        header +
        Math.max(0, wrapped - 3) * OUTPUT_LINE
      );
    }
    case 'editor':
      return text + 87;
    case 'graph':
      return text + SPLIT_CHROME + GRAPH;
    default: {
      // Split (and views to come): the results under the editor, or beside it as tall as their list.
      const editor = text + SPLIT_CHROME;
      if (stacked)
        return (
          editor + (problems === 0 ? STACKED_CLEAN : RESULTS_FRAME + problems * problemRow(width))
        );
      if (problems === 0) return editor;
      const results = width > 0 ? width * (1 - SPLIT_EDITOR_SHARE) : 400;
      return Math.max(editor, HEADER + RESULTS_FRAME + problems * problemRow(results));
    }
  }
}

/** The height of one problem's row in a results pane `width` pixels wide. */
function problemRow(width: number): number {
  const [first] = PROBLEM_ROW;
  const last = PROBLEM_ROW[PROBLEM_ROW.length - 1]!;
  if (width <= first![0]) return Math.round(first![1] + (first![0] - width) * 1.3);
  if (width >= last[0]) return last[1];
  const upper = PROBLEM_ROW.findIndex(([w]) => w >= width);
  const [w0, h0] = PROBLEM_ROW[upper - 1]!;
  const [w1, h1] = PROBLEM_ROW[upper]!;
  return Math.round(h0 + ((h1 - h0) * (width - w0)) / (w1 - w0));
}

/** The lines of a text as the editor counts them (a final line break does not open a line of its own). */
export function lineCount(text: string): number {
  if (text === '') return 1;
  return text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n').length;
}

/** The characters of a card's instruction: its text after the front matter (all of it when it has none). */
export function instructionChars(text: string): number {
  const match = /^---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  return text.length - (match ? match[0].length : 0);
}

/** The width of one character of the editor's monospace font, and its gutter, in CSS pixels (measured). */
const CHAR_WIDTH = 7.8;
// Wider than the line numbers alone: the editor wraps at word boundaries, so a line breaks before it is full.
const GUTTER = 76;

/**
 * The lines a text takes in an embed `width` pixels wide in `view`, long lines wrapping as the editor wraps
 * them: the editor is three fifths of the width in the split view (all of it when stacked, and in the editor
 * and graph views).
 */
export function visualLines(text: string, view: string | null, width: number): number {
  const whole = view === 'editor' || view === 'graph' || (width > 0 && width < STACKED_BELOW);
  const editorWidth = whole ? width : width * SPLIT_EDITOR_SHARE;
  const columns = Math.max(20, Math.floor((editorWidth - GUTTER) / CHAR_WIDTH));
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  if (!(width > 0)) return lines.length;
  return lines.reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / columns)), 0);
}
