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

/** Lays out `input` left to right. Edges to unknown nodes are skipped (none come from `layoutInput`). */
export function layoutGraph(input: LayoutInput): GraphLayout {
  const g = new graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: 24, ranksep: 64, edgesep: 12, marginx: 16, marginy: 16 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of input.nodes)
    g.setNode(node.id, { width: nodeWidth(node.label, node.sublabel), height: NODE_HEIGHT });
  input.edges.forEach((edge, i) => {
    if (!g.hasNode(edge.from) || !g.hasNode(edge.to)) return;
    // A label box for numbered edges keeps their numbers clear of other edges.
    const label = edge.label === '' ? {} : { width: 18, height: 18, labelpos: 'c' };
    g.setEdge(edge.from, edge.to, label, String(i));
  });
  layout(g);
  const nodes: Record<string, NodeBox> = {};
  for (const node of input.nodes) {
    const box = g.node(node.id);
    nodes[node.id] = { x: box.x, y: box.y, width: box.width, height: box.height };
  }
  const edges = input.edges.map((edge, i) => {
    const laid = g.edge({ v: edge.from, w: edge.to, name: String(i) }) as
      { points?: Point[] } | undefined;
    return (laid?.points ?? []).map((p) => ({ x: p.x, y: p.y }));
  });
  const size = g.graph();
  return { width: size.width ?? 0, height: size.height ?? 0, nodes, edges };
}
