/**
 * Lays out the agent graph left to right with dagre (a layered, Sugiyama-style layout). Runs in the
 * layout worker (`graph-layout.worker.ts`), so dagre is loaded only when the Graph view opens and a
 * layout never runs on the typing path. Pure: the same input gives the same layout.
 */
import { graphlib, layout } from '@dagrejs/dagre';
import type { AgentGraph } from '../../core/index.ts';
import { layeredLayout } from './layered-layout.ts';

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
  /** The connected groups, for the next layout (see `layoutGraph`). */
  groups: GroupPlace[];
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
 * Dagre lays out a group of at most this many agents, while the load-set has at most `DAGRE_AGENTS`
 * agents in groups; every other group is laid out by `layeredLayout` (a cheap layered layout of our
 * own, without dummy nodes or label boxes). Dagre routes edges and places edge numbers better, but a
 * run costs it a few milliseconds even for five agents and its time grows steeply with a group's size
 * (the bench's 1,000 agents took it 300–400 ms); `layeredLayout` does all of them in about ten.
 */
export const LARGE_GROUP = 40;
/** See `LARGE_GROUP`. */
export const DAGRE_AGENTS = 150;

/** Space between stacked components and between grid cells. */
const GAP = 24;
const MARGIN = 16;
const SPACING = { nodeHeight: NODE_HEIGHT, nodeSep: 24, rankSep: 64 };

/**
 * Where a connected group of agents sits, kept in the layout so that the next layout can leave it
 * there: `key` says what its own layout depends on, `ids` are its agents, `edges` the input indexes of
 * its edges (in input order), `width` its own width, and `y`/`height` its slot in the stack: its own
 * height plus some headroom (see `headroom`); a group that shrank keeps its slot, so nothing moves.
 */
export interface GroupPlace {
  key: string;
  ids: string[];
  edges: number[];
  y: number;
  height: number;
  width: number;
}

/**
 * Lays out `input` left to right. Each connected group of agents is laid out on its own and the groups
 * are stacked top to bottom in the order of their first agent; agents without any reference sit in a
 * grid below them. (One layout over a load-set of many unrelated agents spends seconds ordering a
 * single huge rank; per group it is a fraction of that.) Edges to unknown nodes are skipped.
 *
 * Incremental: given the `previous` layout, a group whose own key is unchanged keeps its boxes and
 * edges exactly, and only changed groups are laid out again (in the old order of their agents where
 * they can). A changed group goes back into the slot of the old group it shares most agents with if it
 * fits there (slots have some headroom), else into a free slot that fits, else below the stack: the
 * other groups never move. Without `previous`, the groups are stacked in order.
 */
export function layoutGraph(input: LayoutInput, previous?: GraphLayout | null): GraphLayout {
  const { groups, single } = connectedGroups(input);
  const nodes: Record<string, NodeBox> = {};
  const edges: Point[][] = input.edges.map(() => []);
  const described = groups.map((members) => describeGroup(input, members));
  const useDagre = described.reduce((sum, g) => sum + g.ids.length, 0) <= DAGRE_AGENTS;
  const slots = (previous?.groups ?? []).map((place) => ({ place, free: true }));
  const byKey = new Map(slots.map((slot) => [slot.place.key, slot]));
  let bottom = Math.max(MARGIN, ...slots.map(({ place }) => place.y + place.height + GAP));
  const places: Array<GroupPlace | null> = described.map((group) => {
    const slot = byKey.get(group.key);
    if (!slot?.free || !previous) return null;
    slot.free = false;
    for (const id of group.ids) nodes[id] = previous.nodes[id]!;
    group.edges.forEach((i, k) => (edges[i] = previous.edges[slot.place.edges[k]!] ?? []));
    return { ...slot.place, edges: group.edges };
  });
  described.forEach((group, g) => {
    if (places[g]) return;
    const hint = previous ? group.ids.map((id) => previous.nodes[id]?.y ?? NaN) : undefined;
    const laid = layoutGroup(input, group.members, useDagre, hint);
    const ids = new Set(group.ids);
    const shared = (place: GroupPlace) => place.ids.filter((id) => ids.has(id)).length;
    const fits = slots.filter((slot) => slot.free && slot.place.height >= laid.height);
    const slot =
      fits
        .filter((s) => shared(s.place) > 0)
        .sort((a, b) => shared(b.place) - shared(a.place))[0] ??
      fits.sort((a, b) => a.place.y - b.place.y)[0];
    if (slot) slot.free = false;
    const y = slot ? slot.place.y : bottom;
    const height = slot ? slot.place.height : laid.height + headroom(laid.height);
    if (!slot) bottom += height + GAP;
    for (const [id, box] of Object.entries(laid.nodes))
      nodes[id] = { ...box, x: box.x + MARGIN, y: box.y + y };
    for (const [i, points] of laid.edges)
      edges[i] = points.map((p) => ({ x: p.x + MARGIN, y: p.y + y }));
    places[g] = { ...group, y, height, width: laid.width };
  });
  const stacked = places.filter((p): p is GroupPlace => p !== null);
  const width = Math.max(0, ...stacked.map((p) => p.width));
  const top = Math.max(MARGIN, ...stacked.map((p) => p.y + p.height + GAP));
  const grid = placeSingles(input, single, top, width, nodes);
  return {
    width: grid.width + 2 * MARGIN,
    height: grid.bottom - GAP + MARGIN,
    nodes,
    edges,
    groups: stacked.map(({ key, ids, edges: mine, y, height, width: w }) => ({
      key,
      ids,
      edges: mine,
      y,
      height,
      width: w,
    })),
  };
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

/**
 * The room left free below a group in its slot, so that it can grow a little (an agent more in a
 * chain's sequence) without leaving its place: one row of boxes, or a quarter of its height.
 */
function headroom(height: number): number {
  return Math.max(NODE_HEIGHT + SPACING.nodeSep, Math.round(height / 4));
}

/** A group's agents (indexes and ids), its edges (input indexes) and the key of its own layout. */
function describeGroup(
  input: LayoutInput,
  members: number[],
): { members: number[]; ids: string[]; edges: number[]; key: string } {
  const ids = members.map((i) => input.nodes[i]!.id);
  const inside = new Set(ids);
  const edges: number[] = [];
  input.edges.forEach((e, i) => {
    if (inside.has(e.from) && inside.has(e.to)) edges.push(i);
  });
  const key = layoutKey({
    nodes: members.map((i) => input.nodes[i]!),
    edges: edges.map((i) => input.edges[i]!),
  });
  return { members, ids, edges, key };
}

/**
 * The agents without any reference, in a grid from `top` (in node order, as wide as the stack or a
 * squarish block); returns the grid's width and the y below it.
 */
function placeSingles(
  input: LayoutInput,
  single: readonly number[],
  top: number,
  stackWidth: number,
  nodes: Record<string, NodeBox>,
): { width: number; bottom: number } {
  if (single.length === 0) return { width: stackWidth, bottom: top };
  const boxes = single.map((i) => {
    const node = input.nodes[i]!;
    return { id: node.id, width: nodeWidth(node.label, node.sublabel) };
  });
  const cell = Math.max(...boxes.map((b) => b.width)) + GAP;
  const columns = Math.max(
    1,
    Math.min(
      boxes.length,
      Math.floor(Math.max(stackWidth, Math.sqrt(boxes.length) * cell * 1.5) / cell),
    ),
  );
  boxes.forEach((box, i) => {
    nodes[box.id] = {
      x: MARGIN + (i % columns) * cell + box.width / 2,
      y: top + Math.floor(i / columns) * (NODE_HEIGHT + GAP) + NODE_HEIGHT / 2,
      width: box.width,
      height: NODE_HEIGHT,
    };
  });
  const rows = Math.ceil(boxes.length / columns);
  return {
    width: Math.max(stackWidth, columns * cell - GAP),
    bottom: top + rows * (NODE_HEIGHT + GAP),
  };
}

/** One connected group laid out at (0, 0): its boxes, its edges (by input index) and its size. */
interface LaidGroup {
  nodes: Record<string, NodeBox>;
  edges: Array<[number, Point[]]>;
  width: number;
  height: number;
}

/**
 * A group's layout: dagre's if `dagre` allows and the group is small (see `LARGE_GROUP`), else
 * `layeredLayout`'s (in the order of `hint`, see there).
 */
function layoutGroup(
  input: LayoutInput,
  group: number[],
  dagre: boolean,
  hint?: readonly number[],
): LaidGroup {
  if (dagre && group.length <= LARGE_GROUP) return dagreGroup(input, group);
  const local = new Map(group.map((i, k) => [input.nodes[i]!.id, k]));
  const mine: number[] = [];
  const pairs: Array<[number, number]> = [];
  input.edges.forEach((edge, i) => {
    const a = local.get(edge.from);
    const b = local.get(edge.to);
    if (a === undefined || b === undefined) return;
    mine.push(i);
    pairs.push([a, b]);
  });
  const widths = group.map((i) => nodeWidth(input.nodes[i]!.label, input.nodes[i]!.sublabel));
  const laid = layeredLayout(widths, pairs, SPACING, hint);
  const nodes: Record<string, NodeBox> = {};
  group.forEach((i, k) => (nodes[input.nodes[i]!.id] = laid.nodes[k]!));
  return {
    nodes,
    edges: mine.map((i, k): [number, Point[]] => [i, laid.edges[k]!]),
    width: laid.width,
    height: laid.height,
  };
}

/** Dagre's layout of one group (with a label box on each numbered edge, to keep numbers clear). */
function dagreGroup(input: LayoutInput, group: number[]): LaidGroup {
  const g = new graphlib.Graph({ multigraph: true });
  g.setGraph({
    rankdir: 'LR',
    nodesep: SPACING.nodeSep,
    ranksep: SPACING.rankSep,
    edgesep: 12,
    marginx: 0,
    marginy: 0,
  });
  g.setDefaultEdgeLabel(() => ({}));
  for (const i of group) {
    const node = input.nodes[i]!;
    g.setNode(node.id, { width: nodeWidth(node.label, node.sublabel), height: NODE_HEIGHT });
  }
  const mine: number[] = [];
  input.edges.forEach((edge, i) => {
    if (!g.hasNode(edge.from) || !g.hasNode(edge.to)) return;
    const label = edge.label === '' ? {} : { width: 18, height: 18, labelpos: 'c' };
    g.setEdge(edge.from, edge.to, label, String(i));
    mine.push(i);
  });
  layout(g);
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
