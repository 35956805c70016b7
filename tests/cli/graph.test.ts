import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.ts';
import { agentGraph, checkLoadSet, graphToDot, graphToMermaid } from '../../src/core/index.ts';

function runCli(args: string[], cwd: string) {
  let out = '';
  let err = '';
  const code = run(args, { cwd, out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

const CHAIN = `---
type: agent
name: url_fetcher
servers:
  - fetch
---
Summarise the URL.

---
type: agent
name: social_media
---
Write a post.

---
type: chain
name: post_writer
sequence:
  - url_fetcher
  - social_media
---
`;

describe('agentcard graph', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agentcard-graph-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'chain.md'), CHAIN);
  writeFileSync(join(dir, 'broken.md'), '---\ntype: router\nname: desk\nagents: [nobody]\n---\n');

  it('prints exactly {nodes, edges} as JSON by default, and exits 0 without errors', () => {
    const { code, out, err } = runCli(['graph', 'chain.md'], dir);
    expect({ code, err }).toEqual({ code: 0, err: '' });
    const json = JSON.parse(out) as { nodes: unknown[]; edges: unknown[] };
    expect(Object.keys(json)).toEqual(['nodes', 'edges']);
    expect(json.nodes[0]).toEqual({
      id: 'url_fetcher',
      name: 'url_fetcher',
      type: 'agent',
      file: 'chain.md',
      line: 1,
      status: 'ok',
      uses: {
        model: null,
        servers: [{ name: 'fetch', tools: null }],
        function_tools: [],
        hooks: [],
        history: [],
      },
    });
    expect(json.edges).toEqual([
      { from: 'post_writer', to: 'url_fetcher', kind: 'sequence', order: 0, cycle: false },
      { from: 'post_writer', to: 'social_media', kind: 'sequence', order: 1, cycle: false },
    ]);
    expect(runCli(['graph', '--format', 'json', 'chain.md'], dir).out).toBe(out);
  });

  it('prints Mermaid and DOT as the core writes them', () => {
    const graph = agentGraph(checkLoadSet({ 'chain.md': CHAIN }));
    const mermaid = runCli(['graph', '--format', 'mermaid', 'chain.md'], dir);
    expect(mermaid).toEqual({ code: 0, out: graphToMermaid(graph), err: '' });
    expect(mermaid.out).toMatch(/^flowchart LR\n/);
    expect(mermaid.out).toContain(' -->|"1"| ');
    const dot = runCli(['graph', '--format=dot', 'chain.md'], dir);
    expect(dot).toEqual({ code: 0, out: graphToDot(graph), err: '' });
  });

  it('still prints the graph when cards have errors, with a missing node, and exits 1 as check does', () => {
    const { code, out, err } = runCli(['graph', '.'], dir);
    expect(code).toBe(1);
    expect(runCli(['check', '.'], dir).code).toBe(1);
    const json = JSON.parse(out) as { nodes: Array<{ name: string; status: string }> };
    expect(json.nodes.map((n) => `${n.name}:${n.status}`)).toEqual([
      'desk:error',
      'url_fetcher:ok',
      'social_media:ok',
      'post_writer:ok',
      'nobody:missing',
    ]);
    expect(err).toBe("agentcard graph: 1 error in the cards; run 'agentcard check' to see them\n");
  });

  it('follows --profile', () => {
    writeFileSync(join(dir, 'maker.md'), '---\ntype: maker\nname: m\nworker: url_fetcher\n---\n');
    const rfc = runCli(['graph', 'maker.md', 'chain.md'], dir);
    const fast = runCli(['graph', '--profile', 'fast-agent', 'maker.md', 'chain.md'], dir);
    const nodeM = (out: string) => {
      const nodes = (
        JSON.parse(out) as { nodes: Array<{ name: string; type: string; status: string }> }
      ).nodes;
      const m = nodes.find((n) => n.name === 'm')!;
      return `${m.type}/${m.status}`;
    };
    // The RFC spells types exactly (`maker` is read as MAKER, with an error); fast-agent folds case.
    expect([nodeM(rfc.out), rfc.code]).toEqual(['MAKER/error', 1]);
    expect([nodeM(fast.out), fast.code]).toEqual(['MAKER/ok', 0]);
  });

  it('exits 2 with a usage line for a bad format, no PATH or a missing path', () => {
    const bad = runCli(['graph', '--format', 'svg', 'chain.md'], dir);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^agentcard graph: .*svg.*Run 'agentcard graph --help' for usage\.\n$/);
    expect(runCli(['graph'], dir)).toEqual({
      code: 2,
      out: '',
      err: "agentcard graph: no PATH given. Run 'agentcard graph --help' for usage.\n",
    });
    expect(runCli(['graph', 'nope.md'], dir).code).toBe(2);
  });
});
