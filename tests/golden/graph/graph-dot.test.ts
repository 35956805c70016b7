import { Graphviz } from '@hpcc-js/wasm-graphviz';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  agentGraph,
  checkLoadSet,
  graphToDot,
  hasControls,
  pictureControls,
} from '../../../src/core/index.ts';
import { CONTROL_FIXTURE, CONTROL_NAMES, GRAPH_FIXTURE, isXmlText } from './graph-fixture.ts';

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

/** The text of every `<text>` element of Graphviz's SVG, its entities decoded. */
function svgTexts(svg: string): string[] {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) =>
    m[1]!.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, code: string) =>
      code.startsWith('#x') || code.startsWith('#X')
        ? String.fromCodePoint(parseInt(code.slice(2), 16))
        : code.startsWith('#')
          ? String.fromCodePoint(Number(code.slice(1)))
          : (entities[code] ?? whole),
    ),
  );
}

describe('graphToDot with a NUL, an ESC, a BEL and a bidi override in names', () => {
  const graph = agentGraph(checkLoadSet(CONTROL_FIXTURE));
  const dot = graphToDot(graph);
  const names = [...CONTROL_NAMES, 'gone\u001b[2J'];

  it('writes no control character: each name as the Problems panel shows it', () => {
    expect(graph.nodes.map((n) => n.name).sort()).toEqual([...names, 'pipeline'].sort());
    expect(hasControls(dot.replaceAll('\n', ''))).toBe(false);
    expect(dot).toContain('label="nul␀name\\nagent"');
    expect(dot).toContain('label="rlo\\\\u202eabc\\nagent"');
  });

  it('renders with Graphviz to SVG that XML can hold, every name drawn in pictures', async () => {
    const svg = (await Graphviz.load()).dot(dot, 'svg');
    expect(svg.match(/class="node"/g)).toHaveLength(graph.nodes.length);
    expect(isXmlText(svg)).toBe(true);
    const texts = svgTexts(svg);
    for (const name of names) expect(texts).toContain(pictureControls(name));
    expect(texts).toContain('esc␛[31mred␇');
  });
});
