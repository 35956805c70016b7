/**
 * Lays out the agent graph left to right with dagre (a layered, Sugiyama-style layout). Runs in the
 * layout worker (`graph-layout.worker.ts`), so dagre is loaded only when the Graph view opens and a
 * layout never runs on the typing path. Pure: the same input gives the same layout.
 */
import { graphlib, layout } from '@dagrejs/dagre';
import type { AgentGraph } from '../../core/index.ts';

/** What the layout needs of the graph: node ids and labels, and edges as node ids. */
export interface LayoutInput {
  nodes: ReadonlyArray<{ id: string; label: string; sublabel: string }>;
  edges: ReadonlyArray<{ from: string; to: string; label: string }>;
}

/** A point of the drawing. */
export interface Point {
  x: number;
  y: number;
}

/** A node's box: its centre and size. */
export interface NodeBox extends Point {
  width: number;
  height: number;
}

/** The drawing: a box per node id and a polyline per edge (in the order of the input's edges). */
export interface GraphLayout {
  width: number;
  height: number;
  nodes: Record<string, NodeBox>;
  edges: Point[][];
}

/** Height of every node box. */
export const NODE_HEIGHT = 46;
/** The longest label drawn in full; longer ones are cut with an ellipsis. */
export const MAX_LABEL_CHARS = 28;

/** The width of a node box for its two label lines (a monospace-free estimate: 7.2 px per character). */
export function nodeWidth(label: string, sublabel: string): number {
  const chars = Math.min(MAX_LABEL_CHARS, Math.max(label.length, sublabel.length));
  return Math.round(Math.max(96, chars * 7.2 + 36));
}

/** The layout input of a graph (labels as the view draws them). */
export function layoutInput(graph: AgentGraph): LayoutInput {
  return {
    nodes: graph.nodes.map((n) => ({
      id: n.id,
      label: n.name,
      sublabel: n.status === 'missing' ? 'missing' : (n.type ?? 'unknown type'),
    })),
    edges: graph.edges.map((e) => ({
      from: e.from,
      to: e.to,
      label: e.order === null ? '' : String(e.order + 1),
    })),
  };
}

/** A key that is equal for two inputs exactly when their layouts are equal. */
export function layoutKey(input: LayoutInput): string {
  const nodes = input.nodes.map((n) => `${n.id}\u0001${nodeWidth(n.label, n.sublabel)}`);
  const edges = input.edges.map((e) => `${e.from}\u0001${e.to}\u0001${e.label}`);
  return `${nodes.join('\u0000')}\u0002${edges.join('\u0000')}`;
}

/**
 * Groups of more agents than this are ordered by `sweepOrder` instead of dagre's own ordering, and
 * without label boxes on their edges: dagre's ordering keeps sweeping while it finds fewer crossings,
 * and on the bench's group of ~190 agents it takes most of a ~400 ms layout.
 */
export const LARGE_GROUP = 100;

/** Space between stacked components and between grid cells. */
const GAP = 24;
const MARGIN = 16;

/**
 * Lays out `input` left to right. Each connected group of agents is laid out by dagre on its own and the
 * groups are stacked top to bottom in the order of their first agent; agents without any reference sit
 * in a grid below them. (One dagre run over a load-set of many unrelated agents spends seconds ordering
 * a single huge rank; per group it is a fraction of that.) Edges to unknown nodes are skipped.
 */
export function layoutGraph(input: LayoutInput): GraphLayout {
  const { groups, single } = connectedGroups(input);
  const nodes: Record<string, NodeBox> = {};
  const edges: Point[][] = input.edges.map(() => []);
  let y = MARGIN;
  let width = 0;
  for (const group of groups) {
    const laid = layoutGroup(input, group);
    for (const [id, box] of Object.entries(laid.nodes))
      nodes[id] = { ...box, x: box.x + MARGIN, y: box.y + y };
    for (const [i, points] of laid.edges)
      edges[i] = points.map((p) => ({ x: p.x + MARGIN, y: p.y + y }));
    y += laid.height + GAP;
    width = Math.max(width, laid.width);
  }
  if (single.length > 0) {
    const boxes = single.map((i) => {
      const node = input.nodes[i]!;
      return { id: node.id, width: nodeWidth(node.label, node.sublabel) };
    });
    const cell = Math.max(...boxes.map((b) => b.width)) + GAP;
    const columns = Math.max(
      1,
      Math.min(
        boxes.length,
        Math.floor(Math.max(width, Math.sqrt(boxes.length) * cell * 1.5) / cell),
      ),
    );
    boxes.forEach((box, i) => {
      const column = i % columns;
      const row = Math.floor(i / columns);
      nodes[box.id] = {
        x: MARGIN + column * cell + box.width / 2,
        y: y + row * (NODE_HEIGHT + GAP) + NODE_HEIGHT / 2,
        width: box.width,
        height: NODE_HEIGHT,
      };
    });
    const rows = Math.ceil(boxes.length / columns);
    y += rows * (NODE_HEIGHT + GAP);
    width = Math.max(width, columns * cell - GAP);
  }
  return { width: width + 2 * MARGIN, height: y - GAP + MARGIN, nodes, edges };
}

/**
 * The connected groups of nodes (as node indexes, each group in node order, groups in the order of their
 * first node) that have at least one edge, and the nodes without any edge.
 */
function connectedGroups(input: LayoutInput): { groups: number[][]; single: number[] } {
  const index = new Map(input.nodes.map((n, i) => [n.id, i]));
  const parent = input.nodes.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const linked = new Set<number>();
  for (const edge of input.edges) {
    const a = index.get(edge.from);
    const b = index.get(edge.to);
    if (a === undefined || b === undefined) continue;
    linked.add(a).add(b);
    parent[root(a)] = root(b);
  }
  const byRoot = new Map<number, number[]>();
  const single: number[] = [];
  input.nodes.forEach((_, i) => {
    if (!linked.has(i)) return void single.push(i);
    const r = root(i);
    const group = byRoot.get(r);
    if (group) group.push(i);
    else byRoot.set(r, [i]);
  });
  return { groups: [...byRoot.values()], single };
}

/** Dagre's layout of one connected group, at (0, 0): its boxes, its edges (by input index) and size. */
function layoutGroup(
  input: LayoutInput,
  group: number[],
): {
  nodes: Record<string, NodeBox>;
  edges: Array<[number, Point[]]>;
  width: number;
  height: number;
} {
  const large = group.length > LARGE_GROUP;
  const g = new graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: 24, ranksep: 64, edgesep: 12, marginx: 0, marginy: 0 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const i of group) {
    const node = input.nodes[i]!;
    g.setNode(node.id, { width: nodeWidth(node.label, node.sublabel), height: NODE_HEIGHT });
  }
  const mine: number[] = [];
  input.edges.forEach((edge, i) => {
    if (!g.hasNode(edge.from) || !g.hasNode(edge.to)) return;
    // A label box for numbered edges keeps their numbers clear of other edges.
    // (Not in a large group: label boxes double its ranks, and dagre's time with them.)
    const label = edge.label === '' || large ? {} : { width: 18, height: 18, labelpos: 'c' };
    g.setEdge(edge.from, edge.to, label, String(i));
    mine.push(i);
  });
  layout(g, large ? { customOrder: sweepOrder } : undefined);
  const nodes: Record<string, NodeBox> = {};
  for (const i of group) {
    const id = input.nodes[i]!.id;
    const box = g.node(id) as NodeBox;
    nodes[id] = { x: box.x, y: box.y, width: box.width, height: box.height };
  }
  const edges = mine.map((i): [number, Point[]] => {
    const edge = input.edges[i]!;
    const laid = g.edge({ v: edge.from, w: edge.to, name: String(i) }) as
      { points?: Point[] } | undefined;
    return [i, (laid?.points ?? []).map((p) => ({ x: p.x, y: p.y }))];
  });
  const size = g.graph() as { width?: number; height?: number };
  return { nodes, edges, width: size.width ?? 0, height: size.height ?? 0 };
}

/** How many barycenter sweeps `sweepOrder` makes (alternately left to right and back). */
const SWEEPS = 12;

/**
 * The order of the nodes within each rank for a large group, as dagre's `customOrder`: dagre's initial
 * order, then `SWEEPS` barycenter sweeps (each node goes to the mean position of its neighbours in the
 * rank before), keeping the order with the fewest crossings. At that stage every edge of the layered
 * graph joins adjacent ranks. A fixed amount of work, where dagre's own ordering runs until it stops
 * improving; the drawing has more crossings than dagre's, but stays readable.
 */
function sweepOrder(
  g: graphlib.Graph,
  order: (graph: graphlib.Graph, options: { disableOptimalOrderHeuristic: boolean }) => void,
): void {
  order(g, { disableOptimalOrderHeuristic: true });
  const rankOf = (v: string) => (g.node(v) as { rank: number }).rank;
  const pos = new Map<string, number>();
  const byRank = new Map<number, string[]>();
  for (const v of g.nodes()) {
    const rank = rankOf(v);
    const layer = byRank.get(rank);
    if (layer) layer.push(v);
    else byRank.set(rank, [v]);
    pos.set(v, (g.node(v) as { order: number }).order);
  }
  const layers = [...byRank.keys()].sort((a, b) => a - b).map((rank) => byRank.get(rank)!);
  for (const layer of layers) layer.sort((a, b) => pos.get(a)! - pos.get(b)!);
  let best = { crossings: countCrossings(g, layers, pos), order: new Map(pos) };
  for (let sweep = 0; sweep < SWEEPS && best.crossings > 0; sweep++) {
    const down = sweep % 2 === 0;
    const sequence = down ? layers.slice(1) : layers.slice(0, -1).reverse();
    for (const layer of sequence) {
      const centre = new Map<string, number>();
      for (const v of layer) {
        const next = (down ? g.predecessors(v) : g.successors(v)) ?? [];
        centre.set(
          v,
          next.length === 0
            ? pos.get(v)!
            : next.reduce((sum, u) => sum + pos.get(u)!, 0) / next.length,
        );
      }
      layer.sort((a, b) => centre.get(a)! - centre.get(b)! || pos.get(a)! - pos.get(b)!);
      layer.forEach((v, i) => pos.set(v, i));
    }
    const crossings = countCrossings(g, layers, pos);
    if (crossings < best.crossings) best = { crossings, order: new Map(pos) };
  }
  for (const [v, i] of best.order) (g.node(v) as { order: number }).order = i;
}

/** The crossings between the edges of each pair of adjacent ranks (every pair of edges compared). */
function countCrossings(
  g: graphlib.Graph,
  layers: readonly string[][],
  pos: ReadonlyMap<string, number>,
): number {
  let crossings = 0;
  for (const layer of layers.slice(0, -1)) {
    const ends: Array<[number, number]> = [];
    for (const v of layer)
      for (const w of g.successors(v) ?? []) ends.push([pos.get(v)!, pos.get(w)!]);
    for (let i = 0; i < ends.length; i++)
      for (let j = i + 1; j < ends.length; j++)
        if ((ends[i]![0] - ends[j]![0]) * (ends[i]![1] - ends[j]![1]) < 0) crossings++;
  }
  return crossings;
}
