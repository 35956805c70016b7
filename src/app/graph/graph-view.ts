/**
 * What the Graph view draws, as plain functions: node colours and shapes per type, edge paths, the
 * problem badges, and where the arrow keys go. Kept apart from the component so they are unit-tested.
 */
import type { AgentGraph, CardType, Diagnostic, GraphNode } from '../../core/index.ts';
import type { GraphLayout, Point } from './graph-layout.ts';

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
    `M${points.map(([px, py]) => p(px, py)).join('L')}Z`;
  const box = (radius: number, inset = 0) =>
    roundedRect(at.x - x + inset, at.y - y + inset, width - 2 * inset, height - 2 * inset, radius);
  switch (type) {
    case 'chain':
      return `${box(3)}M${p(-x + 8, -y)}V${r(at.y + y)}M${p(x - 8, -y)}V${r(at.y + y)}`;
    case 'parallel':
      return poly([
        [-x + s, -y],
        [x + s / 2, -y],
        [x - s, y],
        [-x - s / 2, y],
      ]);
    case 'evaluator_optimizer':
      return `${box(4)}${box(2, 4)}`;
    case 'router':
      return poly([
        [-x, 0],
        [-x + s, -y],
        [x - s, -y],
        [x, 0],
        [x - s, y],
        [-x + s, y],
      ]);
    case 'orchestrator':
      return box(y);
    case 'iterative_planner':
      return poly([
        [-x + s, -y],
        [x - s, -y],
        [x, y],
        [-x, y],
      ]);
    case 'MAKER':
      return poly([
        [-x + s, -y],
        [x - s, -y],
        [x, -y + s],
        [x, y - s],
        [x - s, y],
        [-x + s, y],
        [-x, y - s],
        [-x, -y + s],
      ]);
    case 'a2a':
      return box(12);
    default:
      return box(4);
  }
}

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
  return (
    `M${r(left + k)},${r(top)}H${r(right - k)}A${r(k)},${r(k)} 0 0 1 ${r(right)},${r(top + k)}` +
    `V${r(bottom - k)}A${r(k)},${r(k)} 0 0 1 ${r(right - k)},${r(bottom)}H${r(left + k)}` +
    `A${r(k)},${r(k)} 0 0 1 ${r(left)},${r(bottom - k)}V${r(top + k)}A${r(k)},${r(k)} 0 0 1 ${r(left + k)},${r(top)}Z`
  );
}

function r(n: number): number {
  return Math.round(n * 10) / 10;
}

/** An edge's path through dagre's points: straight at the ends, smoothed through the middle. */
export function edgePath(points: readonly Point[]): string {
  if (points.length === 0) return '';
  let d = `M${r(points[0]!.x)},${r(points[0]!.y)}`;
  for (let i = 1; i < points.length - 1; i++) {
    const p = points[i]!;
    const next = points[i + 1]!;
    d += `Q${r(p.x)},${r(p.y)} ${r((p.x + next.x) / 2)},${r((p.y + next.y) / 2)}`;
  }
  const last = points[points.length - 1]!;
  return `${d}L${r(last.x)},${r(last.y)}`;
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
  return (
    `M${r(tip.x)},${r(tip.y)}L${r(bx - uy * half)},${r(by + ux * half)}` +
    `L${r(bx + uy * half)},${r(by - ux * half)}Z`
  );
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
