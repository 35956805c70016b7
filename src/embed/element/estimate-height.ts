/**
 * The room an embed is expected to take before its frame has loaded, so the page does not shift when it
 * does. Plain functions, tested without a DOM. The figures were measured on the built embed (Chromium, a
 * card of front matter and instruction lines, 700 and 1,000 px wide): split and editor views grow by one
 * editor line per line of text; the output view is as tall as the compiled card.
 */

/** Height of an embed whose shown file has no known length (content set later by script). */
export const UNKNOWN_HEIGHT = 200;

/** The editor's line height in the embed, in CSS pixels. */
export const LINE_HEIGHT = 21;

/** Below this width the split view stacks the results under the editor. */
export const STACKED_BELOW = 560;

/**
 * The expected height in CSS pixels of an embed in `view` (`split` when unknown) showing `lines` lines of
 * text, `width` pixels wide.
 */
export function estimateHeight(lines: number, view: string | null, width: number): number {
  if (!(lines >= 1)) return UNKNOWN_HEIGHT;
  const text = Math.min(lines, 400) * LINE_HEIGHT;
  switch (view) {
    case 'output':
      return 690 + 4 * Math.min(lines, 400);
    case 'editor':
      return text + 87;
    default:
      // Split (and views to come): editor and results side by side, or stacked when narrow.
      return width > 0 && width < STACKED_BELOW ? text + 56 + 260 : text + 56;
  }
}

/** The lines of a text as the editor counts them (a final line break does not open a line of its own). */
export function lineCount(text: string): number {
  if (text === '') return 1;
  return text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n').length;
}

/** The width of one character of the editor's monospace font, and its gutter, in CSS pixels (measured). */
const CHAR_WIDTH = 7.8;
const GUTTER = 60;

/**
 * The lines a text takes in an embed `width` pixels wide in `view`, long lines wrapping as the editor wraps
 * them: the editor is half the width in the split view (all of it when stacked or in the editor view).
 */
export function visualLines(text: string, view: string | null, width: number): number {
  const editorWidth = view === 'editor' || (width > 0 && width < STACKED_BELOW) ? width : width / 2;
  const columns = Math.max(20, Math.floor((editorWidth - GUTTER) / CHAR_WIDTH));
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  if (!(width > 0)) return lines.length;
  return lines.reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / columns)), 0);
}
