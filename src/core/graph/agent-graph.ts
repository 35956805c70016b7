/**
 * The graph of a load-set: one node per agent (any format), one edge per reference between agents, and what
 * each agent uses. Computed from a `CheckResult` alone (pure, linear in agents + references), so the command
 * line, the playground's worker and tests all build the same graph.
 */
import type { CheckResult, CompiledAgent } from '../load-set/check-result.ts';
import type { Json } from '../model/agent-data.ts';
import type { CardType } from '../model/agent-types.ts';
import { findCycleEdges } from './cycles.ts';

/** `ok`: the card compiled without errors; `error`: its card has errors; `missing`: referenced, defined nowhere. */
export type GraphNodeStatus = 'ok' | 'error' | 'missing';

/**
 * The reference fields, as the RFC names them: chain `sequence`, parallel `fan_out` / `fan_in`,
 * evaluator_optimizer `generator` / `evaluator`, MAKER `worker`, and `agents` (router, orchestrator,
 * iterative_planner, and an agent's child agents).
 */
export const GRAPH_EDGE_KINDS = [
  'sequence',
  'fan_out',
  'fan_in',
  'agents',
  'generator',
  'evaluator',
  'worker',
] as const;

/** One reference field of `GRAPH_EDGE_KINDS`. */
export type GraphEdgeKind = (typeof GRAPH_EDGE_KINDS)[number];

/** An MCP server an agent uses; `tools` is its tool filter, null when every tool is allowed. */
export interface GraphServer {
  name: string;
  tools: string[] | null;
}

/** A Python reference (function tool or hook): never imported here, so always `unresolved`. */
export interface GraphPythonRef {
  /** The hook point, command name or list index it sits at. */
  slot: string;
  ref: string;
  status: 'unresolved';
}

/** A hook of an agent: `tool_hooks` or `lifecycle_hooks`. */
export interface GraphHook extends GraphPythonRef {
  kind: 'tool_hooks' | 'lifecycle_hooks';
}

/** What an agent uses besides other agents. Empty for a missing agent. */
export interface GraphUses {
  model: string | null;
  servers: GraphServer[];
  function_tools: GraphPythonRef[];
  hooks: GraphHook[];
  /** History files (`messages`), as the load-set paths they resolve to. */
  history: string[];
}

/** An agent. `id` equals `name`; `type`, `file` and `line` are null for a missing agent. */
export interface GraphNode {
  id: string;
  name: string;
  /** Spelled as in the RFC (`agent`, `chain`, …, `MAKER`), or fast-agent's `a2a`. */
  type: CardType | null;
  file: string | null;
  /** 1-based line of the card's start. */
  line: number | null;
  status: GraphNodeStatus;
  uses: GraphUses;
}

/** A reference from one agent (`from`) to another (`to`). */
export interface GraphEdge {
  from: string;
  to: string;
  kind: GraphEdgeKind;
  /** The 0-based position in a chain's `sequence`; null for every other kind. */
  order: number | null;
  /** True when the edge lies on a cycle (a self-reference included). */
  cycle: boolean;
}

/** The graph of a load-set: what `agentcard graph --format json` prints. */
export interface AgentGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** Where each edge kind is read in compiled data (`router_agents` and `child_agents` are both `agents`). */
const REFERENCE_FIELDS: ReadonlyArray<readonly [string, GraphEdgeKind]> = [
  ['sequence', 'sequence'],
  ['fan_out', 'fan_out'],
  ['fan_in', 'fan_in'],
  ['router_agents', 'agents'],
  ['child_agents', 'agents'],
  ['generator', 'generator'],
  ['evaluator', 'evaluator'],
  ['worker', 'worker'],
];

/**
 * The graph of `result`: a node per named card (the first card of a duplicated name stands for it; its
 * status is `error` when any card of that name has errors), a `missing` node per name referenced but
 * defined nowhere (after the defined ones, in order of first reference), and an edge per reference in
 * the order written. Never throws.
 */
export function agentGraph(result: Pick<CheckResult, 'cards' | 'compiled'>): AgentGraph {
  const compiledAt = new Map<string, CompiledAgent>();
  for (const agent of result.compiled) compiledAt.set(`${agent.line}\u0000${agent.file}`, agent);
  const nodes = new Map<string, GraphNode>();
  const sources: CompiledAgent[] = [];
  const define = (name: string, node: GraphNode, agent: CompiledAgent | undefined) => {
    const existing = nodes.get(name);
    if (existing) {
      if (node.status === 'error') existing.status = 'error';
      return;
    }
    nodes.set(name, node);
    if (agent) sources.push(agent);
  };
  for (const card of result.cards) {
    if (card.name === null) continue;
    const agent = compiledAt.get(`${card.line}\u0000${card.file}`);
    compiledAt.delete(`${card.line}\u0000${card.file}`);
    const type = card.type ?? agent?.type ?? null;
    define(card.name, nodeOf(card.name, type, card.file, card.line, card.ok, agent), agent);
  }
  // Compiled agents without a card entry (none today): still nodes.
  for (const agent of compiledAt.values())
    define(
      agent.name,
      nodeOf(agent.name, agent.type, agent.file, agent.line, agent.ok, agent),
      agent,
    );

  const edges: GraphEdge[] = [];
  for (const agent of sources) {
    for (const [field, kind] of REFERENCE_FIELDS) {
      namesIn(agent.data[field]).forEach((to, i) => {
        edges.push({
          from: agent.name,
          to,
          kind,
          order: kind === 'sequence' ? i : null,
          cycle: false,
        });
      });
    }
  }
  for (const edge of edges) if (!nodes.has(edge.to)) nodes.set(edge.to, missingNode(edge.to));
  const onCycle = findCycleEdges([...nodes.keys()], edges);
  edges.forEach((edge, i) => (edge.cycle = onCycle[i]!));
  return { nodes: [...nodes.values()], edges };
}

function nodeOf(
  name: string,
  type: CardType | null,
  file: string,
  line: number,
  ok: boolean,
  agent: CompiledAgent | undefined,
): GraphNode {
  return {
    id: name,
    name,
    type,
    file,
    line,
    status: ok ? 'ok' : 'error',
    uses: agent ? usesOf(agent) : emptyUses(),
  };
}

function missingNode(name: string): GraphNode {
  return {
    id: name,
    name,
    type: null,
    file: null,
    line: null,
    status: 'missing',
    uses: emptyUses(),
  };
}

function emptyUses(): GraphUses {
  return { model: null, servers: [], function_tools: [], hooks: [], history: [] };
}

/** A reference value's agent names: a string or the strings of a list, trimmed, blanks skipped. */
function namesIn(value: Json | undefined): string[] {
  const items = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  const names: string[] = [];
  for (const item of items)
    if (typeof item === 'string' && item.trim() !== '') names.push(item.trim());
  return names;
}

function usesOf(agent: CompiledAgent): GraphUses {
  const config = asObject(agent.data['config']);
  const tools = asObject(config['tools']);
  const servers: GraphServer[] = [];
  for (const name of Array.isArray(config['servers']) ? config['servers'] : []) {
    if (typeof name !== 'string') continue;
    const filter = Object.hasOwn(tools, name) ? tools[name] : undefined;
    servers.push({
      name,
      tools: Array.isArray(filter) ? filter.filter((t) => typeof t === 'string') : null,
    });
  }
  const functionTools: GraphPythonRef[] = [];
  const hooks: GraphHook[] = [];
  for (const ref of agent.pythonRefs) {
    const entry = { slot: ref.slot, ref: ref.ref, status: 'unresolved' as const };
    if (ref.kind === 'function_tools') functionTools.push(entry);
    else if (ref.kind === 'tool_hooks' || ref.kind === 'lifecycle_hooks')
      hooks.push({ kind: ref.kind, ...entry });
  }
  // Other formats have no Python references; their function tools are still listed, unresolved.
  if (agent.pythonRefs.length === 0)
    namesIn(config['function_tools']).forEach((ref, i) =>
      functionTools.push({ slot: String(i), ref, status: 'unresolved' }),
    );
  const model = config['model'];
  return {
    model: typeof model === 'string' ? model : null,
    servers,
    function_tools: functionTools,
    hooks,
    history: namesIn(agent.data['message_files']),
  };
}

function asObject(value: Json | undefined): { [key: string]: Json } {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
}
