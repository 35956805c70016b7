/**
 * A sample Engagement for a spec, to start from: every field the spec defines, one `recent` and one
 * `history` entry per capability (and guardrail tool), and in their `inputs`/`outputs` every key the
 * spec's expressions read (`recent["web"].inputs.url` gives `"url": ""`).
 */
import type { ASTNode } from '@marcbachmann/cel-js';
import type { Json } from '../../agentcard/compile-card.ts';
import { parseCel } from './cel-environment.ts';
import { readSpecView } from './spec-view.ts';

type Keys = Map<string, { inputs: Set<string>; outputs: Set<string> }>;

/** The Engagement skeleton for the spec whose compiled extras are `extras`, as indented JSON text. */
export function engagementSkeleton(extras: unknown): string {
  const view = readSpecView(extras);
  const keys: Keys = new Map();
  for (const name of view.names) keys.set(name, { inputs: new Set(), outputs: new Set() });
  for (const expression of view.expressions) {
    const parsed = parseCel(expression.source);
    if (!parsed.ok) continue;
    const guardrail =
      expression.role === 'guardrail_input' || expression.role === 'guardrail_output';
    // A guardrail assertion's variables are the fields of its tool's output.
    const outputsOf =
      guardrail && expression.subject !== undefined ? expression.subject : undefined;
    try {
      collectKeys(parsed.ast, new Map(), keys, outputsOf);
    } catch {
      // An AST shape this walk does not know: the skeleton just lacks those keys.
    }
  }
  const invocation = (name: string): Json => {
    const entry = keys.get(name);
    const fill = (set: Set<string> | undefined) =>
      Object.fromEntries([...(set ?? [])].map((k) => [k, ''])) as { [key: string]: Json };
    return { inputs: fill(entry?.inputs), outputs: fill(entry?.outputs) };
  };
  const recent: { [key: string]: Json } = { _name: view.names[0] ?? '' };
  const history: { [key: string]: Json } = { _list: [...view.names], _total: view.names.length };
  for (const name of keys.keys()) {
    setOwn(recent, name, invocation(name));
    setOwn(history, name, [invocation(name)]);
  }
  const engagement: Json = {
    started_at: '2025-01-01T09:00:00Z',
    user: { id: 'user-1', email: 'user@example.com' },
    recent,
    history,
  };
  return JSON.stringify(engagement, null, 2);
}

/** What an access chain reads: a tool name and side, once known. */
type Reach = {
  name?: string;
  side?: 'inputs' | 'outputs';
  root?: 'recent' | 'history';
  element?: boolean;
};

/** Walks `node`, recording `<name>.(inputs|outputs).<key>` reads; returns what the node reaches. */
function collectKeys(
  node: ASTNode,
  scope: ReadonlyMap<string, Reach>,
  keys: Keys,
  outputsOf: string | undefined,
): Reach {
  const walk = (child: ASTNode, inner: ReadonlyMap<string, Reach> = scope) =>
    collectKeys(child, inner, keys, outputsOf);
  const field = (reach: Reach, name: string): Reach => {
    if (reach.side && reach.name) {
      ensure(keys, reach.name)[reach.side].add(name);
      return {};
    }
    if (reach.name && (name === 'inputs' || name === 'outputs'))
      return reach.root === 'history' && !reach.element ? {} : { name: reach.name, side: name };
    if (reach.root && !reach.name && !name.startsWith('_')) return { root: reach.root, name };
    return {};
  };
  switch (node.op) {
    case 'id': {
      const bound = scope.get(node.args);
      if (bound) return bound;
      if (outputsOf !== undefined) {
        if (node.args !== 'cel') ensure(keys, outputsOf).outputs.add(node.args);
        return {};
      }
      return node.args === 'recent' || node.args === 'history' ? { root: node.args } : {};
    }
    case '.':
    case '.?':
      return field(walk(node.args[0]), node.args[1]);
    case '[]':
    case '[?]': {
      const reach = walk(node.args[0]);
      const index = node.args[1];
      if (index.op === 'value' && typeof index.args === 'string') return field(reach, index.args);
      walk(index);
      return reach.root === 'history' && reach.name && !reach.element
        ? { ...reach, element: true }
        : {};
    }
    case 'rcall': {
      const [, receiver, args] = node.args;
      const reach = walk(receiver);
      const first = args[0];
      let inner = scope;
      if (first?.op === 'id' && args.length >= 2 && reach.root === 'history' && reach.name)
        inner = new Map(scope).set(first.args, { ...reach, element: true });
      for (const arg of args) walk(arg, inner);
      return {};
    }
    case 'call':
      for (const arg of node.args[1]) walk(arg);
      return {};
    case 'map':
      for (const [k, v] of node.args) {
        walk(k);
        walk(v);
      }
      return {};
    case '!_':
    case '-_':
      walk(node.args);
      return {};
    case 'value':
      return {};
    default:
      for (const arg of node.args as readonly ASTNode[]) walk(arg);
      return {};
  }
}

function ensure(keys: Keys, name: string) {
  let entry = keys.get(name);
  if (!entry) keys.set(name, (entry = { inputs: new Set(), outputs: new Set() }));
  return entry;
}

function setOwn(target: { [key: string]: Json }, key: string, value: Json): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
