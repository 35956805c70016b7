// @vitest-environment happy-dom
// Mermaid's parser runs only with a DOM (its sanitizer needs a window): happy-dom gives it one.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  agentGraph,
  checkLoadSet,
  edgeLabel,
  graphToMermaid,
  hasControls,
  pictureControls,
} from '../../../src/core/index.ts';
import { CONTROL_FIXTURE, CONTROL_NAMES, GRAPH_FIXTURE } from './graph-fixture.ts';

// The Mermaid output is compared with a golden file and read back by Mermaid's own flowchart parser, so
// what GitHub and Mermaid Live render is what the graph says. UPDATE_GOLDEN=1 rewrites the golden file.
// A path, not a URL: happy-dom replaces the global URL.
const golden = join(dirname(fileURLToPath(import.meta.url)), 'workflow.mmd');
const update = process.env['UPDATE_GOLDEN'] === '1';

interface FlowDb {
  getVertices(): Map<string, { text: string; type: string; classes: string[] }>;
  getEdges(): Array<{ start: string; end: string; text: string }>;
}

async function parseFlowchart(text: string): Promise<FlowDb> {
  const { default: mermaid } = await import('mermaid');
  await mermaid.parse(text);
  const diagram = await mermaid.mermaidAPI.getDiagramFromText(text);
  return diagram.db as unknown as FlowDb;
}

/** A label as Mermaid draws it: it keeps entity codes as placeholders until then; decoded as it will. */
const shown = (text: string) =>
  text.replace(/ﬂ°°(\d+)¶ß/g, (_, code: string) => String.fromCodePoint(Number(code)));

describe('graphToMermaid', () => {
  const graph = agentGraph(checkLoadSet(GRAPH_FIXTURE));
  const text = graphToMermaid(graph);

  it('matches the golden file', () => {
    if (update) writeFileSync(golden, text);
    expect(existsSync(golden), 'workflow.mmd exists (run with UPDATE_GOLDEN=1)').toBe(true);
    expect(text).toBe(readFileSync(golden, 'utf8'));
  });

  it('is read back by Mermaid’s parser with every node, label, shape and numbered edge', async () => {
    const db = await parseFlowchart(text);
    const vertices = [...db.getVertices().values()];
    expect(vertices).toHaveLength(graph.nodes.length);
    expect(vertices.map((v) => shown(v.text))).toEqual(
      graph.nodes.map((n) => `${n.name} (${n.status === 'missing' ? 'missing' : n.type})`),
    );
    const byType = (i: number) => vertices[i]!.type;
    const index = (name: string) => graph.nodes.findIndex((n) => n.name === name);
    expect(byType(index('post_writer'))).toBe('subroutine');
    expect(byType(index('front_desk'))).toBe('diamond');
    expect(vertices[index('say_"hi"_<b>#1</b>')]!.classes).toEqual(['error']);
    const edges = db.getEdges();
    expect(edges).toHaveLength(graph.edges.length);
    expect(edges.map((e) => e.text)).toEqual(graph.edges.map(edgeLabel));
    expect(edges.map((e) => e.text)).toContain('2');
  });

  it('marks a missing agent dashed and parses an empty graph', async () => {
    expect(text).toMatch(/class n\d+,n\d+ missing/);
    expect((await parseFlowchart(graphToMermaid({ nodes: [], edges: [] }))).getEdges()).toEqual([]);
  });
});

describe('graphToMermaid with a NUL, an ESC, a BEL and a bidi override in names', () => {
  const graph = agentGraph(checkLoadSet(CONTROL_FIXTURE));
  const text = graphToMermaid(graph);
  const names = [...CONTROL_NAMES, 'gone\u001b[2J'];

  it('writes no control character, not even as an entity code', () => {
    expect(hasControls(text.replaceAll('\n', ''))).toBe(false);
    // Entity codes of C0 controls (#0; to #31;), DEL, C1 and bidi controls would draw the character.
    const codes = [...text.matchAll(/#(\d+);/g)].map((m) => Number(m[1]));
    expect(codes.filter((c) => hasControls(String.fromCodePoint(c)))).toEqual([]);
  });

  it('is read back by Mermaid’s parser with each name as the Problems panel shows it', async () => {
    const db = await parseFlowchart(text);
    const labels = [...db.getVertices().values()].map((v) => shown(v.text));
    expect(labels).toEqual(
      graph.nodes.map(
        (n) => `${pictureControls(n.name)} (${n.status === 'missing' ? 'missing' : n.type})`,
      ),
    );
    for (const name of names) expect(labels.join('\n')).toContain(pictureControls(name));
    expect(labels).toContain('esc␛[31mred␇ (agent)');
    expect(labels).toContain('rlo\\u202eabc (agent)');
    expect(labels.some((label) => hasControls(label))).toBe(false);
  });
});
