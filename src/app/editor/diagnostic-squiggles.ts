import { EditorSelection, type EditorState, type Extension } from '@codemirror/state';
import {
  Direction,
  EditorView,
  hoverTooltip,
  layer,
  RectangleMarker,
  type Command,
  type LayerMarker,
} from '@codemirror/view';
import type { Diagnostic } from '../../core/index.ts';
import { renderFixActions } from './quick-fixes.ts';
import { shownDiagnostics, type ShownDiagnostic } from './shown-diagnostics.ts';

/**
 * The ranges to underline for one diagnostic: one per document line it covers (line breaks are not
 * underlined). An empty range, or one that covers only a line break, becomes the character after it
 * (or before it at the end of a line); on an empty line it stays empty (a short mark is drawn).
 */
export function squiggleRanges(
  state: EditorState,
  from: number,
  to: number,
): { from: number; to: number }[] {
  const doc = state.doc;
  const ranges: { from: number; to: number }[] = [];
  for (let pos = from; ;) {
    const line = doc.lineAt(pos);
    const end = Math.min(to, line.to);
    if (end > pos) ranges.push({ from: pos, to: end });
    if (to <= line.to || line.number === doc.lines) break;
    pos = line.to + 1;
  }
  if (ranges.length > 0) return ranges;
  const line = doc.lineAt(from);
  if (from < line.to) return [{ from, to: from + 1 }];
  if (from > line.from) return [{ from: from - 1, to: from }];
  return [{ from, to: from }];
}

/**
 * Rectangles under the text of `from`–`to` (which lies on one document line): one per visual line, so
 * that a wrapped line is underlined on each of its rows. `base` is the client position of the scrolled
 * content's origin, which the layer's markers are placed from.
 */
function lineMarkers(
  view: EditorView,
  base: { left: number; top: number },
  className: string,
  from: number,
  to: number,
) {
  if (from === to) return RectangleMarker.forRange(view, className, EditorSelection.cursor(from));
  // Most ranges sit on one row: one box from the two ends' coordinates, without the hit-testing
  // `RectangleMarker.forRange` does to find wrapped rows.
  const start = view.coordsAtPos(from, 1);
  const end = view.coordsAtPos(to, -1);
  if (
    view.textDirection === Direction.LTR &&
    start &&
    end &&
    Math.abs(start.top - end.top) < 1 &&
    end.right > start.left
  ) {
    return [
      new RectangleMarker(
        className,
        start.left - base.left,
        start.top - base.top,
        end.right - start.left,
        start.bottom - start.top,
      ),
    ];
  }
  const markers: RectangleMarker[] = [];
  for (let start = from; start < to;) {
    const rowEnd = view.moveToLineBoundary(EditorSelection.cursor(start, 1), true, true).head;
    const end = rowEnd > start ? Math.min(to, rowEnd) : to;
    markers.push(...RectangleMarker.forRange(view, className, EditorSelection.range(start, end)));
    start = end;
  }
  return markers;
}

/**
 * Squiggles under the shown diagnostics, drawn in a layer beside the text instead of as marks inside
 * it: a new list of diagnostics then leaves the text's DOM (and the cursor in it) alone, which spares
 * the browser a forced layout at every result near the cursor.
 */
const squiggleLayer = layer({
  above: true,
  class: 'cm-squiggles',
  // CodeMirror redraws layers itself on any edit or geometry change; these are the other reasons.
  update: (update) =>
    update.viewportChanged ||
    update.startState.field(shownDiagnostics) !== update.state.field(shownDiagnostics),
  markers(view) {
    const { from: top, to: bottom } = view.viewport;
    const markers: LayerMarker[] = [];
    // Marker positions are relative to the scrolled content, as RectangleMarker's own are.
    const scroller = view.scrollDOM.getBoundingClientRect();
    const base = {
      left: scroller.left - view.scrollDOM.scrollLeft * view.scaleX,
      top: scroller.top - view.scrollDOM.scrollTop * view.scaleY,
    };
    for (const d of view.state.field(shownDiagnostics).list) {
      if (d.to < top || d.from > bottom) continue;
      const className = `cm-squiggle cm-squiggle-${d.severity}`;
      for (const r of squiggleRanges(view.state, Math.max(d.from, top), Math.min(d.to, bottom)))
        markers.push(...lineMarkers(view, base, className, r.from, r.to));
    }
    return markers;
  },
});

/**
 * The shown diagnostics under `pos`: those whose range contains it, where `side` (< 0: the character
 * before, > 0: after) breaks ties at a range's ends as for marks; an empty range matches at its
 * position.
 */
export function diagnosticsAt(
  state: EditorState,
  pos: number,
  side: -1 | 1,
): readonly ShownDiagnostic[] {
  return state
    .field(shownDiagnostics)
    .list.filter((d) =>
      d.from === d.to
        ? d.from === pos
        : d.from <= pos && pos <= d.to && (side > 0 ? pos < d.to : pos > d.from),
    );
}

/**
 * `code: message` for a tooltip, with the code in its own element, then the hint and the likely cause's
 * line when the diagnostic has them; text nodes only.
 */
export function renderDiagnosticMessage(doc: Document, d: Diagnostic): HTMLElement {
  const span = doc.createElement('span');
  const code = doc.createElement('code');
  code.className = 'cm-diagnosticCode';
  code.textContent = d.code;
  span.append(code, doc.createTextNode(`: ${d.message}`));
  if (d.hint !== undefined || d.cause !== undefined) {
    const hint = doc.createElement('span');
    hint.className = 'cm-diagnosticHint';
    const cause = d.cause ? `Likely cause: line ${d.cause.line}.` : '';
    hint.textContent = [d.hint ?? '', cause].filter(Boolean).join(' ');
    span.append(hint);
  }
  return span;
}

const diagnosticHover = hoverTooltip((view, pos, side) => {
  const found = diagnosticsAt(view.state, pos, side);
  if (found.length === 0) return null;
  return {
    pos: Math.min(...found.map((d) => d.from)),
    end: Math.max(...found.map((d) => d.to)),
    above: true,
    create() {
      const doc = view.dom.ownerDocument;
      const list = doc.createElement('ul');
      list.className = 'cm-tooltip-lint';
      for (const d of found) {
        const item = doc.createElement('li');
        item.className = `cm-diagnostic cm-diagnostic-${d.severity}`;
        item.append(renderDiagnosticMessage(doc, d.source));
        // The fixes that apply to the text as it is now (mapped when the tooltip opens).
        const actions = renderFixActions(view, d.source);
        if (actions) item.append(actions);
        list.append(item);
      }
      return { dom: list };
    },
  };
});

/**
 * Selects the next shown diagnostic after the cursor (wrapping to the first) and scrolls it into
 * view; false when there is none.
 */
export const nextDiagnostic: Command = (view) => {
  const list = view.state.field(shownDiagnostics).list;
  if (list.length === 0) return false;
  const head = view.state.selection.main.to;
  const next = list.find((d) => d.from > head || (d.from === head && d.to > head)) ?? list[0]!;
  if (next.from === view.state.selection.main.from && next.to === view.state.selection.main.to)
    return false;
  view.dispatch({
    selection: { anchor: next.from, head: next.to },
    effects: EditorView.scrollIntoView(next.from, { y: 'nearest' }),
    userEvent: 'select.diagnostic',
  });
  return true;
};

/** Squiggles and hover tooltips for the shown diagnostics. */
export function diagnosticSquiggles(): Extension {
  return [squiggleLayer, diagnosticHover];
}
