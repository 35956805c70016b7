/**
 * A sample Engagement for a spec, to start from: every field the spec defines, one `recent` and one
 * `history` entry per capability (and guardrail tool), and in their `inputs`/`outputs` every key the
 * spec's expressions read (`recent["web"].inputs.url` gives `"url": ""`), with a value of the type the
 * expressions use it as, so the skeleton evaluates without type errors: compared with or combined with a
 * number literal, a number (`score < 0.5` gives `"score": 0`); with a boolean literal or as a condition
 * (`&&`, `||`, `!`, `?:`), `false`; otherwise a string.
 */
import type { ASTNode } from '@marcbachmann/cel-js';
import type { Json } from '../../model/agent-data.ts';
import { parseCel } from './cel-environment.ts';
import { readSpecView } from './spec-view.ts';

/** Per tool name: the keys read from its inputs and outputs, each with its sample value. */
type Keys = Map<string, { inputs: Map<string, Json>; outputs: Map<string, Json> }>;
/** One key of one tool's inputs or outputs. */
type KeyRef = { name: string; side: 'inputs' | 'outputs'; key: string };

/** The Engagement skeleton for the spec whose compiled extras are `extras`, as indented JSON text. */
export function engagementSkeleton(extras: unknown): string {
  const view = readSpecView(extras);
  const keys: Keys = new Map();
  for (const name of view.names) keys.set(name, { inputs: new Map(), outputs: new Map() });
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
    const fill = (values: Map<string, Json> | undefined) => Object.fromEntries<Json>(values ?? []);
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
  /** The key this expression reads, when it is one tool key (`recent.x.outputs.score`, or `score`). */
  key?: KeyRef;
};

/** Binary operators whose operands share a type: comparisons and arithmetic. */
const SAME_TYPE_OPERATORS = new Set(['==', '!=', '<', '<=', '>', '>=', '+', '-', '*', '/', '%']);
/** Operators whose operands are conditions. */
const CONDITION_OPERATORS = new Set(['&&', '||']);

/** Walks a child node, optionally in an inner scope; returns what it reaches. */
type Walk = (child: ASTNode, inner?: ReadonlyMap<string, Reach>) => Reach;

/** Walks `node`, recording `<name>.(inputs|outputs).<key>` reads; returns what the node reaches. */
function collectKeys(
  node: ASTNode,
  scope: ReadonlyMap<string, Reach>,
  keys: Keys,
  outputsOf: string | undefined,
): Reach {
  const walk: Walk = (child, inner = scope) => collectKeys(child, inner, keys, outputsOf);
  switch (node.op) {
    case 'id':
      return identifierReach(node.args, scope, keys, outputsOf);
    case '.':
    case '.?':
      return fieldReach(keys, walk(node.args[0]), node.args[1]);
    case '[]':
    case '[?]': {
      const reach = walk(node.args[0]);
      const index = node.args[1];
      if (index.op === 'value' && typeof index.args === 'string')
        return fieldReach(keys, reach, index.args);
      walk(index);
      return reach.root === 'history' && reach.name && !reach.element
        ? { ...reach, element: true }
        : {};
    }
    case 'rcall': {
      const [, receiver, args] = node.args;
      walkMethodCall(walk(receiver), args, scope, walk);
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
      typeKey(keys, walk(node.args).key, false);
      return {};
    case '-_':
      typeKey(keys, walk(node.args).key, 0);
      return {};
    case 'value':
      return {};
    case '?:': {
      const [condition, ...branches] = node.args as readonly ASTNode[];
      if (condition) typeKey(keys, walk(condition).key, false);
      for (const branch of branches) walk(branch);
      return {};
    }
    default:
      walkOperator(node.op, node.args, keys, walk);
      return {};
  }
}

/**
 * What a bare name reaches: a macro's bound variable, else (in an output expression of `outputsOf`)
 * that tool's output key, else the `recent` or `history` root.
 */
function identifierReach(
  name: string,
  scope: ReadonlyMap<string, Reach>,
  keys: Keys,
  outputsOf: string | undefined,
): Reach {
  const bound = scope.get(name);
  if (bound) return bound;
  if (outputsOf !== undefined) {
    if (name === 'cel') return {};
    return { key: record(keys, { name: outputsOf, side: 'outputs', key: name }) };
  }
  return name === 'recent' || name === 'history' ? { root: name } : {};
}

/** What selecting field `name` of `reach` reaches, recording the key when it is a tool's input or output. */
function fieldReach(keys: Keys, reach: Reach, name: string): Reach {
  if (reach.side && reach.name)
    return { key: record(keys, { name: reach.name, side: reach.side, key: name }) };
  if (reach.name && (name === 'inputs' || name === 'outputs'))
    return reach.root === 'history' && !reach.element ? {} : { name: reach.name, side: name };
  if (reach.root && !reach.name && !name.startsWith('_')) return { root: reach.root, name };
  return {};
}

/**
 * Walks a method call's arguments; a macro over a tool's history (`history.x.exists(e, ...)`) binds its
 * variable to one element of that history.
 */
function walkMethodCall(
  reach: Reach,
  args: readonly ASTNode[],
  scope: ReadonlyMap<string, Reach>,
  walk: Walk,
): void {
  const first = args[0];
  let inner = scope;
  if (first?.op === 'id' && args.length >= 2 && reach.root === 'history' && reach.name)
    inner = new Map(scope).set(first.args, { ...reach, element: true });
  for (const arg of args) walk(arg, inner);
}

/**
 * Walks an operator's operands, typing the keys they read: conditions of `&&`/`||` as booleans, and a
 * key compared with (or combined with) a literal as that literal's type.
 */
function walkOperator(op: string, args: readonly ASTNode[], keys: Keys, walk: Walk): void {
  const reaches = args.map((arg) => walk(arg));
  if (CONDITION_OPERATORS.has(op)) for (const reach of reaches) typeKey(keys, reach.key, false);
  if (SAME_TYPE_OPERATORS.has(op) && args.length === 2) {
    const arithmetic = !/[=<>]/.test(op);
    for (const [i, reach] of reaches.entries()) {
      const other = args[1 - i]!;
      if (other.op === 'value') typeKey(keys, reach.key, sampleLike(other.args, arithmetic));
    }
  }
}

/**
 * A sample of the literal's type: 0 for numbers (a JSON whole number, a CEL `int`, which compares with
 * `double`s too), 0.5 for a `double` literal in arithmetic (which needs both sides `double`), false for booleans,
 * '' for anything else.
 */
function sampleLike(literal: unknown, arithmetic: boolean): Json {
  if (typeof literal === 'bigint') return 0;
  if (typeof literal === 'number') return arithmetic ? 0.5 : 0;
  if (typeof literal === 'boolean') return false;
  return '';
}

/** Records `ref` (as a string until some use says otherwise) and returns it. */
function record(keys: Keys, ref: KeyRef): KeyRef {
  const values = ensure(keys, ref.name)[ref.side];
  if (!values.has(ref.key)) values.set(ref.key, '');
  return ref;
}

/** Gives the key `ref` the sample `value`, unless an earlier use already typed it. */
function typeKey(keys: Keys, ref: KeyRef | undefined, value: Json): void {
  if (!ref) return;
  const values = ensure(keys, ref.name)[ref.side];
  if (values.get(ref.key) === '') values.set(ref.key, value);
}

function ensure(keys: Keys, name: string) {
  let entry = keys.get(name);
  if (!entry) keys.set(name, (entry = { inputs: new Map(), outputs: new Map() }));
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
