import { Graphviz } from '@hpcc-js/wasm-graphviz';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { agentGraph, checkLoadSet, graphToDot } from '../../../src/core/index.ts';
import { GRAPH_FIXTURE } from './graph-fixture.ts';

// The DOT output is compared with a golden file and laid out by Graphviz itself (compiled to WebAssembly):
// what renders there renders with `dot -Tsvg`. UPDATE_GOLDEN=1 rewrites the golden file.
const golden = new URL('./workflow.dot', import.meta.url);
const update = process.env['UPDATE_GOLDEN'] === '1';

describe('graphToDot', () => {
  const graph = agentGraph(checkLoadSet(GRAPH_FIXTURE));
  const dot = graphToDot(graph);

  it('matches the golden file', () => {
    if (update) writeFileSync(golden, dot);
    expect(existsSync(golden), 'workflow.dot exists (run with UPDATE_GOLDEN=1)').toBe(true);
    expect(dot).toBe(readFileSync(golden, 'utf8'));
  });

  it('renders with Graphviz: every node and edge, names as text, cycle edges red', async () => {
    const graphviz = await Graphviz.load();
    const svg = graphviz.dot(dot, 'svg');
    expect(svg.match(/class="node"/g)).toHaveLength(graph.nodes.length);
    expect(svg.match(/class="edge"/g)).toHaveLength(graph.edges.length);
    // The escaped name comes back as the same text (entity-encoded by Graphviz, never markup).
    expect(svg).toContain('say &quot;hi&quot; &lt;b&gt;#1&lt;/b&gt;');
    const red = graph.edges.filter((e) => e.cycle).length;
    expect(red).toBeGreaterThan(0);
    expect(svg.match(/<path fill="none" stroke="#d1242f"/g)).toHaveLength(red);
  });

  it('renders an empty graph', async () => {
    const graphviz = await Graphviz.load();
    expect(graphviz.dot(graphToDot({ nodes: [], edges: [] }), 'svg')).toContain('<svg');
  });
});
