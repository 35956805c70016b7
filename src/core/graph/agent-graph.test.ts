import { describe, expect, it } from 'vitest';
import { checkLoadSet } from '../load-set/check-load-set.ts';
import type { Profile } from '../model/agent-types.ts';
import { agentGraph, type AgentGraph } from './agent-graph.ts';

const card = (front: string, body = 'Do the job.') => `---\n${front}\n---\n${body}\n`;

function graphOf(files: Record<string, string>, profile: Profile = 'rfc'): AgentGraph {
  return agentGraph(checkLoadSet(files, { profile }));
}

/** Edges as `from -kind[order]-> to` (a `!` marks a cycle): short to read, exact to compare. */
function edgesOf(graph: AgentGraph): string[] {
  return graph.edges.map(
    (e) =>
      `${e.from} -${e.kind}${e.order === null ? '' : `[${e.order}]`}-> ${e.to}${e.cycle ? ' !' : ''}`,
  );
}

const statuses = (graph: AgentGraph) =>
  Object.fromEntries(graph.nodes.map((n) => [n.name, `${n.type ?? '-'}/${n.status}`]));

const leaves = (...names: string[]) =>
  names.map((name) => card(`name: ${name}\ntype: agent`)).join('');

describe('agentGraph: nodes and edges per type and reference field', () => {
  it('reads the RFC chain bundle: three nodes, two ordered sequence edges', () => {
    const graph = graphOf({
      'bundle.md':
        leaves('url_fetcher', 'social_media') +
        card('type: chain\nname: post_writer\nsequence:\n  - url_fetcher\n  - social_media'),
    });
    expect(graph.nodes.map((n) => [n.id, n.name, n.type, n.file, n.line, n.status])).toEqual([
      ['url_fetcher', 'url_fetcher', 'agent', 'bundle.md', 1, 'ok'],
      ['social_media', 'social_media', 'agent', 'bundle.md', 6, 'ok'],
      ['post_writer', 'post_writer', 'chain', 'bundle.md', 11, 'ok'],
    ]);
    expect(edgesOf(graph)).toEqual([
      'post_writer -sequence[0]-> url_fetcher',
      'post_writer -sequence[1]-> social_media',
    ]);
  });

  it('reads parallel fan_out and fan_in', () => {
    const graph = graphOf({
      'p.md':
        leaves('a', 'b', 'join') + card('type: parallel\nname: p\nfan_out: [a, b]\nfan_in: join'),
    });
    expect(edgesOf(graph)).toEqual(['p -fan_out-> a', 'p -fan_out-> b', 'p -fan_in-> join']);
    expect(statuses(graph)['p']).toBe('parallel/ok');
  });

  it('reads evaluator_optimizer generator and evaluator, and MAKER worker', () => {
    const graph = graphOf({
      'e.md':
        leaves('gen', 'judge', 'solver') +
        card('type: evaluator_optimizer\nname: loop\ngenerator: gen\nevaluator: judge') +
        card('type: MAKER\nname: voter\nworker: solver'),
    });
    expect(edgesOf(graph)).toEqual([
      'loop -generator-> gen',
      'loop -evaluator-> judge',
      'voter -worker-> solver',
    ]);
    expect(statuses(graph)).toMatchObject({
      loop: 'evaluator_optimizer/ok',
      voter: 'MAKER/ok',
    });
  });

  it('reads agents of router, orchestrator, iterative_planner and an agent’s child agents', () => {
    const graph = graphOf({
      'r.md':
        leaves('x', 'y') +
        card('type: router\nname: r\nagents: [x, y]') +
        card('type: orchestrator\nname: o\nagents: [x]') +
        card('type: iterative_planner\nname: ip\nagents: [y]') +
        card('type: agent\nname: boss\nagents: [x]'),
    });
    expect(edgesOf(graph)).toEqual([
      'r -agents-> x',
      'r -agents-> y',
      'o -agents-> x',
      'ip -agents-> y',
      'boss -agents-> x',
    ]);
    expect(statuses(graph)).toMatchObject({
      r: 'router/ok',
      o: 'orchestrator/ok',
      ip: 'iterative_planner/ok',
      boss: 'agent/ok',
    });
  });

  it('keeps a name listed twice in a sequence as two edges with their own positions', () => {
    const graph = graphOf({ 'c.md': leaves('a') + card('type: chain\nname: c\nsequence: [a, a]') });
    expect(edgesOf(graph)).toEqual(['c -sequence[0]-> a', 'c -sequence[1]-> a']);
  });
});

describe('agentGraph: missing agents, errors, self-references and cycles', () => {
  it('adds a missing node, after the defined ones, for a name defined nowhere; the referrer is in error', () => {
    const graph = graphOf({
      'c.md': leaves('a') + card('type: chain\nname: c\nsequence: [a, ghost]'),
    });
    expect(statuses(graph)).toEqual({ a: 'agent/ok', c: 'chain/error', ghost: '-/missing' });
    expect(graph.nodes[2]).toEqual({
      id: 'ghost',
      name: 'ghost',
      type: null,
      file: null,
      line: null,
      status: 'missing',
      uses: { model: null, servers: [], function_tools: [], hooks: [], history: [] },
    });
  });

  it('marks a card with errors as error and still draws its references', () => {
    const graph = graphOf({
      'c.md': leaves('a') + card('type: chain\nname: c\nsequence: [a]\nbogus_field: 1'),
    });
    expect(statuses(graph)['c']).toBe('chain/error');
    expect(edgesOf(graph)).toEqual(['c -sequence[0]-> a']);
  });

  it('marks a self-reference as a cycle', () => {
    const graph = graphOf({ 'r.md': card('type: router\nname: r\nagents: [r]') });
    expect(edgesOf(graph)).toEqual(['r -agents-> r !']);
  });

  it('marks every edge of a cycle across files, and no edge off it', () => {
    const graph = graphOf({
      'a.md': card('type: chain\nname: a\nsequence: [b, leaf]'),
      'b.md': card('type: router\nname: b\nagents: [c]'),
      'c.md': card('type: MAKER\nname: c\nworker: a'),
      'leaf.md': card('name: leaf'),
    });
    expect(edgesOf(graph)).toEqual([
      'a -sequence[0]-> b !',
      'a -sequence[1]-> leaf',
      'b -agents-> c !',
      'c -worker-> a !',
    ]);
    expect(graph.nodes.map((n) => n.file)).toEqual(['a.md', 'b.md', 'c.md', 'leaf.md']);
  });

  it('has one node for a duplicated name, in error', () => {
    const graph = graphOf({ 'a.md': card('name: twin'), 'b.md': card('name: twin') });
    expect(graph.nodes.map((n) => [n.name, n.file, n.status])).toEqual([['twin', 'a.md', 'error']]);
  });

  it('is empty for an empty load-set, and skips a card without a name', () => {
    expect(graphOf({})).toEqual({ nodes: [], edges: [] });
    expect(graphOf({ 'x.md': '---\ntype: agent\nname: [1]\n---\n' }).edges).toEqual([]);
  });
});

describe('agentGraph: across formats and profiles', () => {
  it('links a chain to an AFM agent of another file', () => {
    const afm =
      '---\nspec_version: "0.3.0"\nname: Helper\ninterfaces:\n  - type: consolechat\n---\n# Role\nHelps.\n\n# Instructions\nBe brief.\n';
    const result = checkLoadSet({ 'helper.afm.md': afm });
    const name = result.compiled[0]!.name;
    const files = {
      'helper.afm.md': afm,
      'chain.md': card(`type: chain\nname: c\nsequence: [${JSON.stringify(name)}, ghost]`),
    };
    const checked = checkLoadSet(files);
    const graph = agentGraph(checked);
    // One namespace for the load-set: the AFM agent is a defined name, so the checker does not call the
    // reference unknown and the graph draws a solid node; only the name defined nowhere is both an
    // `unknown-agent-ref` and a missing (ghost) node.
    expect(
      checked.diagnostics
        .filter((d) => d.file === 'chain.md' && d.severity !== 'info')
        .map((d) => [d.code, d.message]),
    ).toEqual([
      ['unknown-agent-ref', "'ghost' is not an agent of the load-set (referenced in 'sequence')"],
    ]);
    expect(statuses(graph)).toEqual({ [name]: 'agent/ok', c: 'chain/error', ghost: '-/missing' });
    expect(graph.nodes.find((n) => n.name === name)!.file).toBe('helper.afm.md');
    expect(edgesOf(graph)).toEqual([`c -sequence[0]-> ${name}`, 'c -sequence[1]-> ghost']);
  });

  it('reads the fast-agent profile’s case-folded types, spelled as the RFC spells them', () => {
    const graph = graphOf(
      { 'w.md': leaves('w'), 'm.md': card('type: maker\nname: m\nworker: w') },
      'fast-agent',
    );
    expect(statuses(graph)['m']).toBe('MAKER/ok');
    expect(edgesOf(graph)).toEqual(['m -worker-> w']);
  });
});

describe('agentGraph: what each agent uses', () => {
  it('lists servers with tool filters, function tools and hooks (unresolved), history files and model', () => {
    const graph = graphOf({
      'a.md': card(
        [
          'name: worker',
          'model: sonnet',
          'servers:',
          '  - time:',
          '      tools: [get_time]',
          '  - fetch',
          'function_tools:',
          '  - tools.py:summarize',
          'tool_hooks:',
          '  - tools.py:audit',
          'messages: history.md',
        ].join('\n'),
      ),
      'tools.py': 'def summarize():\n  pass\ndef audit():\n  pass\n',
      'history.md': '---USER\nhi\n',
    });
    expect(graph.nodes[0]!.uses).toEqual({
      model: 'sonnet',
      servers: [
        { name: 'time', tools: ['get_time'] },
        { name: 'fetch', tools: null },
      ],
      function_tools: [{ slot: '0', ref: 'tools.py:summarize', status: 'unresolved' }],
      hooks: [
        {
          kind: 'tool_hooks',
          slot: '0',
          ref: 'tools.py:audit',
          status: 'unresolved',
        },
      ],
      history: ['history.md'],
    });
  });
});

describe('agentGraph: scale', () => {
  it('builds a 10,000-agent chain without recursion, every edge off any cycle', () => {
    const names = Array.from({ length: 10_000 }, (_, i) => `a${i}`);
    const cards = names.map((name, i) => ({
      file: 'big.md',
      index: i,
      name,
      type: 'chain' as const,
      from: 0,
      to: 0,
      headerTo: 0,
      line: i + 1,
      endLine: i + 1,
      ok: true,
      format: 'agentcard' as const,
    }));
    const compiled = names.map((name, i) => ({
      ok: true,
      name,
      type: 'chain' as const,
      file: 'big.md',
      line: i + 1,
      data: { config: {}, sequence: i + 1 < names.length ? [names[i + 1]!] : [] },
      history: [],
      pythonRefs: [],
      format: 'agentcard' as const,
    }));
    const graph = agentGraph({ cards, compiled });
    expect(graph.edges).toHaveLength(9_999);
    expect(graph.edges.some((e) => e.cycle)).toBe(false);
    compiled.at(-1)!.data.sequence = ['a0'];
    expect(agentGraph({ cards, compiled }).edges.every((e) => e.cycle)).toBe(true);
  });
});
