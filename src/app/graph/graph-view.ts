/**
 * What the Graph view draws, as plain functions: node colours and shapes per type, edge paths, the
 * problem badges, and where the arrow keys go. Kept apart from the component so they are unit-tested.
 */
import {
  pictureLabel,
  type AgentGraph,
  type CardType,
  type Diagnostic,
  type GraphNode,
} from '../../core/index.ts';
import { MAX_LABEL_CHARS, type GraphLayout, type Point } from './graph-layout.ts';

/** A node's fill and stroke. Pastel fills with dark text read the same in both themes. */
export interface NodeColours {
  fill: string;
  stroke: string;
}

/** Colours per type (errors and cycles keep red to themselves). */
export const TYPE_COLOURS: Record<CardType, NodeColours> = {
  agent: { fill: '#ddf4ff', stroke: '#0969da' },
  chain: { fill: '#dafbe1', stroke: '#1a7f37' },
  parallel: { fill: '#fff8c5', stroke: '#9a6700' },
  evaluator_optimizer: { fill: '#fbefff', stroke: '#8250df' },
  router: { fill: '#fff1e5', stroke: '#bc4c00' },
  orchestrator: { fill: '#ffeff7', stroke: '#bf3989' },
  iterative_planner: { fill: '#e6f6f7', stroke: '#1b7c83' },
  MAKER: { fill: '#eaeef2', stroke: '#424a53' },
  a2a: { fill: '#eef1ff', stroke: '#4e5bcc' },
};

/** A node without a known type, and a missing one (drawn dashed, without fill). */
export const UNKNOWN_COLOURS: NodeColours = { fill: '#f6f8fa', stroke: '#6e7781' };

/** The red of cycles and error badges; the amber of warning badges. */
export const CYCLE_RED = '#d1242f';
export const WARNING_AMBER = '#bf8700';

/** The colours of a node. */
export function nodeColours(node: GraphNode): NodeColours {
  if (node.status === 'missing') return { fill: 'none', stroke: UNKNOWN_COLOURS.stroke };
  return node.type ? TYPE_COLOURS[node.type] : UNKNOWN_COLOURS;
}

/**
 * The outline of a node of `type` as an SVG path, centred on `at` (default (0, 0)): a rectangle
 * (agent), a subroutine box (chain), a parallelogram (parallel), a double box (evaluator_optimizer), a
 * hexagon (router), a stadium (orchestrator), a trapezoid (iterative_planner), an octagon (MAKER), a
 * round box (a2a).
 */
export function nodeShape(
  type: CardType | null,
  width: number,
  height: number,
  at: Point = { x: 0, y: 0 },
): string {
  const x = width / 2;
  const y = height / 2;
  const s = 12;
  const p = (px: number, py: number) => `${r(at.x + px)},${r(at.y + py)}`;
  const poly = (points: Array<[number, number]>) =>
    ['M', points.map(([px, py]) => p(px, py)).join('L'), 'Z'].join('');
  const box = (radius: number, inset = 0) =>
    roundedRect(at.x - x + inset, at.y - y + inset, width - 2 * inset, height - 2 * inset, radius);
  const corners = type === null ? undefined : POLYGONS[type];
  if (corners) return poly(corners(x, y, s));
  // Each outline is joined from its parts once (see `edgePath`).
  switch (type) {
    case 'chain':
      return [
        box(3),
        'M',
        p(-x + 8, -y),
        'V',
        r(at.y + y),
        'M',
        p(x - 8, -y),
        'V',
        r(at.y + y),
      ].join('');
    case 'evaluator_optimizer':
      return [box(4), box(2, 4)].join('');
    case 'orchestrator':
      return box(y);
    case 'a2a':
      return box(12);
    default:
      return box(4);
  }
}

/**
 * The corners of the polygon outlines, about (0, 0), for a half-width `x`, a half-height `y` and a slant
 * or corner cut `s`.
 */
const POLYGONS: Partial<
  Record<CardType, (x: number, y: number, s: number) => Array<[number, number]>>
> = {
  parallel: (x, y, s) => [
    [-x + s, -y],
    [x + s / 2, -y],
    [x - s, y],
    [-x - s / 2, y],
  ],
  router: (x, y, s) => [
    [-x, 0],
    [-x + s, -y],
    [x - s, -y],
    [x, 0],
    [x - s, y],
    [-x + s, y],
  ],
  iterative_planner: (x, y, s) => [
    [-x + s, -y],
    [x - s, -y],
    [x, y],
    [-x, y],
  ],
  MAKER: (x, y, s) => [
    [-x + s, -y],
    [x - s, -y],
    [x, -y + s],
    [x, y - s],
    [x - s, y],
    [-x + s, y],
    [-x, y - s],
    [-x, -y + s],
  ],
};

function roundedRect(
  left: number,
  top: number,
  width: number,
  height: number,
  radius: number,
): string {
  const k = Math.min(radius, width / 2, height / 2);
  const right = left + width;
  const bottom = top + height;
  const arc = `A${r(k)},${r(k)} 0 0 1 `;
  return [
    `M${r(left + k)},${r(top)}H${r(right - k)}${arc}${r(right)},${r(top + k)}`,
    `V${r(bottom - k)}${arc}${r(right - k)},${r(bottom)}H${r(left + k)}`,
    `${arc}${r(left)},${r(bottom - k)}V${r(top + k)}${arc}${r(left + k)},${r(top)}Z`,
  ].join('');
}

function r(n: number): number {
  return Math.round(n * 10) / 10;
}

/** An edge's path through dagre's points: straight at the ends, smoothed through the middle. */
export function edgePath(points: readonly Point[]): string {
  if (points.length === 0) return '';
  // Parts joined once: the drawing keeps every path string, and one built with `+=` or a template of
  // templates stays in V8 as a tree of pieces even after the DOM has read it. For the bench's 1,000
  // agents the joined outlines, edges and arrowheads keep 0.9 MB less (13.3 against 14.2 MB, the heap
  // after a full collection with the Graph view open).
  const parts = [`M${r(points[0]!.x)},${r(points[0]!.y)}`];
  for (let i = 1; i < points.length - 1; i++) {
    const p = points[i]!;
    const next = points[i + 1]!;
    parts.push(`Q${r(p.x)},${r(p.y)} ${r((p.x + next.x) / 2)},${r((p.y + next.y) / 2)}`);
  }
  const last = points[points.length - 1]!;
  parts.push(`L${r(last.x)},${r(last.y)}`);
  return parts.join('');
}

/**
 * The arrowhead at the end of an edge's points, as a closed SVG path: a triangle `length` long whose
 * tip is the last point, pointing along the last segment. Drawn as a path of its own rather than an
 * SVG `<marker>`: in Chromium a style recalculation of a shared marker re-lays out every edge that uses
 * it, and with it the whole drawing (over 100 ms for 1,000 agents), on keystrokes that change nothing here.
 */
export function arrowHead(points: readonly Point[], length: number): string {
  const tip = points[points.length - 1];
  const from = points[points.length - 2];
  if (!tip || !from) return '';
  const dx = tip.x - from.x;
  const dy = tip.y - from.y;
  const norm = Math.hypot(dx, dy);
  if (norm === 0) return '';
  const ux = dx / norm;
  const uy = dy / norm;
  const half = length * 0.45;
  const bx = tip.x - ux * length;
  const by = tip.y - uy * length;
  return [
    `M${r(tip.x)},${r(tip.y)}`,
    `L${r(bx - uy * half)},${r(by + ux * half)}`,
    `L${r(bx + uy * half)},${r(by - ux * half)}Z`,
  ].join('');
}

/** Where an edge's number sits: the middle of its points. */
export function edgeMiddle(points: readonly Point[]): Point | null {
  if (points.length === 0) return null;
  if (points.length % 2 === 1) return points[(points.length - 1) / 2]!;
  const a = points[points.length / 2 - 1]!;
  const b = points[points.length / 2]!;
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/**
 * Errors and warnings per node id, from the diagnostics of each agent's own card. Runs on every result
 * while the Graph view is open: no string is made per node, and a load-set without problems in cards
 * reads no node at all.
 */
export function problemBadges(
  graph: AgentGraph,
  diagnostics: readonly Diagnostic[],
): Map<string, { errors: number; warnings: number }> {
  // file -> card name -> counts
  const byFile = new Map<string, Map<string, { errors: number; warnings: number }>>();
  for (const d of diagnostics) {
    if (d.card === undefined || (d.severity !== 'error' && d.severity !== 'warning')) continue;
    let byCard = byFile.get(d.file);
    if (!byCard)
      byFile.set(d.file, (byCard = new Map<string, { errors: number; warnings: number }>()));
    let counts = byCard.get(d.card);
    if (!counts) byCard.set(d.card, (counts = { errors: 0, warnings: 0 }));
    if (d.severity === 'error') counts.errors++;
    else counts.warnings++;
  }
  const badges = new Map<string, { errors: number; warnings: number }>();
  if (byFile.size === 0) return badges;
  for (const node of graph.nodes) {
    const counts = node.file === null ? undefined : byFile.get(node.file)?.get(node.name);
    if (counts) badges.set(node.id, counts);
  }
  return badges;
}

/** The view's zoom limits when fitting: never larger than 150%, never smaller than 10%. */
export const FIT_ZOOM = { max: 1.5, min: 0.1 };

/**
 * The pan and zoom that show a drawing of `size` in a view of `box`: the largest zoom (within
 * `FIT_ZOOM`) at which it fits, centred. A drawing too large to fit at the least zoom is shown around
 * `focus` (a point of the drawing: the agent the reader is on), as near the middle of the view as the
 * drawing's edges allow, or without one from its top-left corner: centred, the view could show only
 * the empty middle of a wide, sparse graph. Null when either has no area.
 */
export function fitView(
  size: { width: number; height: number },
  box: { width: number; height: number },
  focus?: { x: number; y: number },
): { k: number; x: number; y: number } | null {
  const { width, height } = size;
  if (width <= 0 || height <= 0 || box.width <= 0 || box.height <= 0) return null;
  const k = Math.min(
    FIT_ZOOM.max,
    Math.max(FIT_ZOOM.min, Math.min(box.width / width, box.height / height)),
  );
  // Along each axis: centred when the drawing fits, else around the focus within the drawing's edges.
  const place = (view: number, extent: number, at: number | undefined) =>
    view >= extent * k
      ? (view - extent * k) / 2
      : at === undefined
        ? 0
        : Math.min(0, Math.max(view - extent * k, view / 2 - at * k));
  return { k, x: place(box.width, width, focus?.x), y: place(box.height, height, focus?.y) };
}

/**
 * The point a zoom button zooms about, in view pixels: the centre of `focus` (the selected agent's box,
 * drawn at pan and zoom `view`) while it is in a view of `box`, else the middle of the view (which in a
 * large, sparse graph is often empty: zooming there would lose the agent the reader is on).
 */
export function zoomAnchor(
  view: { x: number; y: number; k: number },
  box: { width: number; height: number },
  focus: { x: number; y: number } | null | undefined,
): { x: number; y: number } {
  if (focus) {
    const x = view.x + focus.x * view.k;
    const y = view.y + focus.y * view.k;
    if (x >= 0 && x <= box.width && y >= 0 && y <= box.height) return { x, y };
  }
  return { x: box.width / 2, y: box.height / 2 };
}

/** A rectangle of the drawing's own coordinates. */
export interface SceneRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The part of the drawing a view of `size` shows at pan and zoom `view`, in the drawing's coordinates,
 * with `margin` (a fraction of the view's size) on every side, so a short pan finds its labels drawn.
 */
export function sceneRect(
  view: { x: number; y: number; k: number },
  size: { width: number; height: number },
  margin = 0.5,
): SceneRect {
  const left = -view.x / view.k;
  const top = -view.y / view.k;
  const width = size.width / view.k;
  const height = size.height / view.k;
  return {
    left: left - width * margin,
    top: top - height * margin,
    right: left + width * (1 + margin),
    bottom: top + height * (1 + margin),
  };
}

/** True when a node's box (centre and size), or a point, lies at least partly in `rect`. */
export function inRect(
  item: { x: number; y: number; width?: number; height?: number },
  rect: SceneRect,
): boolean {
  const halfWidth = (item.width ?? 0) / 2;
  const halfHeight = (item.height ?? 0) / 2;
  return (
    item.x + halfWidth >= rect.left &&
    item.x - halfWidth <= rect.right &&
    item.y + halfHeight >= rect.top &&
    item.y - halfHeight <= rect.bottom
  );
}

/** Arrow keys between nodes: Right follows an outgoing edge, Left an incoming one, Up/Down a rank. */
export type GraphKey = 'ArrowRight' | 'ArrowLeft' | 'ArrowUp' | 'ArrowDown';

/**
 * The node the arrow key moves to from `current`: Right goes to the first agent it references (in the
 * order written), Left to the first agent that references it, Up and Down to the node above or below
 * in the same column. Stays put (returns `current`) where there is nowhere to go.
 */
export function moveFocus(
  graph: AgentGraph,
  layout: GraphLayout,
  current: string,
  key: GraphKey,
): string {
  if (key === 'ArrowRight')
    return graph.edges.find((e) => e.from === current && e.to !== current)?.to ?? current;
  if (key === 'ArrowLeft')
    return graph.edges.find((e) => e.to === current && e.from !== current)?.from ?? current;
  const here = layout.nodes[current];
  if (!here) return current;
  const column = graph.nodes
    .map((n) => ({ id: n.id, box: layout.nodes[n.id] }))
    .filter((n) => n.box !== undefined && Math.abs(n.box.x - here.x) < 1)
    .sort((a, b) => a.box!.y - b.box!.y);
  const at = column.findIndex((n) => n.id === current);
  const next = column[key === 'ArrowDown' ? at + 1 : at - 1];
  return next?.id ?? current;
}

/**
 * A key equal for two graphs exactly when the view draws them alike: each node's id, name, type,
 * status and file (not its line, nor what it uses), each edge as drawn. Typing prose into a card
 * leaves it unchanged, so the Graph view keeps the graph it drew and redraws nothing.
 */
export function drawnGraphKey(graph: AgentGraph): string {
  const nodes = graph.nodes.map(
    (n) =>
      `${n.id}\u0001${n.name}\u0001${n.type ?? ''}\u0001${n.status}\u0001${n.file ?? '\u0003'}`,
  );
  const edges = graph.edges.map(
    (e) => `${e.from}\u0001${e.to}\u0001${e.kind}\u0001${e.order ?? ''}\u0001${e.cycle ? 1 : 0}`,
  );
  return `${nodes.join('\u0000')}\u0002${edges.join('\u0000')}`;
}

/** Graphs of up to this many agents ease their nodes into new places; larger ones just redraw. */
export const ANIMATED_NODES = 200;

/** Problems of one agent's card, as its badge counts them. */
export interface ProblemCounts {
  errors: number;
  warnings: number;
}

/**
 * One node as the view draws it: every attribute worked out once per layout (or change of badges), so
 * the drawing of 1,000 agents reads plain values and keeps no derived value or closure per node.
 */
export interface DrawnNode {
  id: string;
  name: string;
  status: GraphNode['status'];
  /** The node's move into place, for graphs that ease their nodes (see `ANIMATED_NODES`). */
  transform: string | undefined;
  /** Where the drawing's centre is: (0, 0) when `transform` moves it, its place otherwise. */
  x: number;
  y: number;
  width: number;
  height: number;
  outline: string;
  fill: string;
  stroke: string;
  /** The name, its control characters as pictures (`pictureLabel`), cut to `MAX_LABEL_CHARS`. */
  label: string;
  /** The type, or "missing". */
  subtitle: string;
  /** The accessible name and tooltip: name (as in `label`), type, and problems. */
  description: string;
  counts: ProblemCounts | undefined;
}

/** One edge as the view draws it. */
export interface DrawnEdge {
  kind: string;
  cycle: boolean;
  line: string;
  head: string;
  /** The chain position shown on the edge (1-based), and where. */
  number: { x: number; y: number; text: string } | null;
}

/** The nodes of `graph` that `layout` places, with what the view draws for each. */
export function drawnNodes(
  graph: AgentGraph,
  layout: GraphLayout,
  badges: ReadonlyMap<string, ProblemCounts>,
): DrawnNode[] {
  const animated = graph.nodes.length <= ANIMATED_NODES;
  const drawn: DrawnNode[] = [];
  for (const node of graph.nodes) {
    const box = layout.nodes[node.id];
    if (!box) continue;
    const at = animated ? { x: 0, y: 0 } : { x: box.x, y: box.y };
    const colours = nodeColours(node);
    const counts = badges.get(node.id);
    drawn.push({
      id: node.id,
      name: node.name,
      status: node.status,
      transform: animated ? `translate(${box.x},${box.y})` : undefined,
      x: at.x,
      y: at.y,
      width: box.width,
      height: box.height,
      outline: nodeShape(node.type, box.width, box.height, at),
      fill: colours.fill,
      stroke: colours.stroke,
      label: shortLabel(pictureLabel(node.name)),
      subtitle: node.status === 'missing' ? 'missing' : (node.type ?? 'unknown type'),
      description: describeNode(node, counts),
      counts: counts && (counts.errors > 0 || counts.warnings > 0) ? counts : undefined,
    });
  }
  return drawn;
}

/** The edges of `graph` as the view draws them along `layout`'s points. */
export function drawnEdges(graph: AgentGraph, layout: GraphLayout): DrawnEdge[] {
  return graph.edges.map((edge, i) => {
    const points = layout.edges[i] ?? [];
    const middle = edge.order === null ? null : edgeMiddle(points);
    return {
      kind: edge.kind,
      cycle: edge.cycle,
      line: edgePath(points),
      head: arrowHead(points, edge.cycle ? 11 : 9),
      number: middle && { x: middle.x, y: middle.y, text: String(edge.order! + 1) },
    };
  });
}

/** `text` cut to `MAX_LABEL_CHARS`, with an ellipsis where it was cut. */
export function shortLabel(text: string): string {
  return text.length > MAX_LABEL_CHARS ? `${text.slice(0, MAX_LABEL_CHARS - 1)}…` : text;
}

/** A node in words: "post_writer, chain, has errors, 2 errors, 0 warnings". */
export function describeNode(node: GraphNode, counts: ProblemCounts | undefined): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const problems = counts
    ? `, ${plural(counts.errors, 'error')}, ${plural(counts.warnings, 'warning')}`
    : '';
  const type = node.status === 'missing' ? 'missing agent' : (node.type ?? 'unknown type');
  return `${pictureLabel(node.name)}, ${type}${node.status === 'error' ? ', has errors' : ''}${problems}`;
}
