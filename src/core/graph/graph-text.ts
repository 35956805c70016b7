/**
 * The graph as text: a Mermaid `flowchart` (renders in GitHub's Markdown and Mermaid Live as is) and a
 * Graphviz DOT `digraph`. Node ids are generated (`n0`, `n1`, …); agent names only ever appear inside
 * quoted labels, escaped, so no name can break out of its label or inject markup. A name's control
 * characters are shown as pictures (`pictureLabel`: `␀`, `␛`, `\u202e`), so neither output holds a NUL
 * (which Graphviz refuses), an ESC (invalid in the SVG Mermaid draws) or a bidi override.
 */
import type { CardType } from '../model/agent-types.ts';
import { pictureLabel } from '../visible-controls.ts';
import type { AgentGraph, GraphEdge, GraphNode } from './agent-graph.ts';

/** Mermaid's node shape per type: the text before and after the quoted label. */
const MERMAID_SHAPES: Record<CardType, readonly [string, string]> = {
  agent: ['[', ']'],
  chain: ['[[', ']]'],
  parallel: ['[/', '/]'],
  evaluator_optimizer: ['{{', '}}'],
  router: ['{', '}'],
  orchestrator: ['([', '])'],
  iterative_planner: ['[/', '\\]'],
  MAKER: ['>', ']'],
  a2a: ['(', ')'],
};

/** Graphviz's node shape per type (the same idea as Mermaid's, in Graphviz's vocabulary). */
const DOT_SHAPES: Record<CardType, string> = {
  agent: 'box',
  chain: 'box3d',
  parallel: 'parallelogram',
  evaluator_optimizer: 'hexagon',
  router: 'diamond',
  orchestrator: 'ellipse',
  iterative_planner: 'trapezium',
  MAKER: 'octagon',
  a2a: 'component',
};

/** The colour of errors and cycles in both outputs. */
const RED = '#d1242f';

/** The label an edge shows: a chain step's 1-based number, otherwise its field (blank for `agents`). */
export function edgeLabel(edge: GraphEdge): string {
  if (edge.order !== null) return String(edge.order + 1);
  return edge.kind === 'agents' ? '' : edge.kind;
}

/** A node's second label line: its type, or why it has none. */
function subtitle(node: GraphNode): string {
  if (node.status === 'missing') return 'missing';
  return node.type ?? 'unknown type';
}

/** The graph as a Mermaid flowchart, left to right. */
export function graphToMermaid(graph: AgentGraph): string {
  const ids = new Map(graph.nodes.map((node, i) => [node.id, `n${i}`]));
  const lines = ['flowchart LR'];
  if (graph.nodes.length === 0) lines.push('  %% no agents');
  for (const node of graph.nodes) {
    const [open, close] = node.type ? MERMAID_SHAPES[node.type] : MERMAID_SHAPES.agent;
    // One line, no HTML: `post_writer (chain)` renders the same everywhere Mermaid does.
    const label = mermaidText(`${pictureLabel(node.name)} (${subtitle(node)})`);
    lines.push(`  ${ids.get(node.id)}${open}"${label}"${close}`);
  }
  const cycles: number[] = [];
  graph.edges.forEach((edge, i) => {
    const label = edgeLabel(edge);
    const arrow = label === '' ? '-->' : `-->|"${mermaidText(label)}"|`;
    lines.push(`  ${ids.get(edge.from)} ${arrow} ${ids.get(edge.to)}`);
    if (edge.cycle) cycles.push(i);
  });
  const missing = graph.nodes.filter((n) => n.status === 'missing').map((n) => ids.get(n.id));
  const errors = graph.nodes.filter((n) => n.status === 'error').map((n) => ids.get(n.id));
  if (missing.length > 0) {
    lines.push('  classDef missing stroke-dasharray:5 5,fill:none');
    lines.push(`  class ${missing.join(',')} missing`);
  }
  if (errors.length > 0) {
    lines.push(`  classDef error stroke:${RED},stroke-width:2px`);
    lines.push(`  class ${errors.join(',')} error`);
  }
  if (cycles.length > 0)
    lines.push(`  linkStyle ${cycles.join(',')} stroke:${RED},stroke-width:2px`);
  return lines.join('\n') + '\n';
}

/**
 * Text for inside a quoted Mermaid label: every character but letters, digits, space and `_.-:/()` is
 * written as Mermaid's entity code `#NNN;`, so quotes, `<`, `#`, `|` and line breaks stay text.
 */
function mermaidText(text: string): string {
  let out = '';
  for (const char of text) {
    out += /[A-Za-z0-9 _.\-:/()]/.test(char) ? char : `#${char.codePointAt(0)};`;
  }
  return out;
}

/** The graph as a Graphviz DOT digraph, left to right. */
export function graphToDot(graph: AgentGraph): string {
  const ids = new Map(graph.nodes.map((node, i) => [node.id, `n${i}`]));
  const lines = [
    'digraph agents {',
    '  rankdir=LR;',
    '  node [fontname="Helvetica", fontsize=11];',
    '  edge [fontname="Helvetica", fontsize=10];',
  ];
  for (const node of graph.nodes) {
    const attrs = [
      `label=${dotString(`${pictureLabel(node.name)}\n${subtitle(node)}`)}`,
      `shape=${node.type ? DOT_SHAPES[node.type] : 'box'}`,
    ];
    if (node.status === 'missing') attrs.push('style=dashed');
    if (node.status === 'error') attrs.push(`color="${RED}"`, 'penwidth=2');
    lines.push(`  ${ids.get(node.id)} [${attrs.join(', ')}];`);
  }
  for (const edge of graph.edges) {
    const attrs: string[] = [];
    const label = edgeLabel(edge);
    if (label !== '') attrs.push(`label=${dotString(label)}`);
    if (edge.cycle) attrs.push(`color="${RED}"`, `fontcolor="${RED}"`, 'penwidth=2');
    const tail = attrs.length > 0 ? ` [${attrs.join(', ')}]` : '';
    lines.push(`  ${ids.get(edge.from)} -> ${ids.get(edge.to)}${tail};`);
  }
  lines.push('}');
  return lines.join('\n') + '\n';
}

/** A DOT quoted string: backslashes and quotes escaped, line breaks as `\n` (a centred line). */
function dotString(text: string): string {
  return `"${text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\r?\n|\r/g, '\\n')}"`;
}
