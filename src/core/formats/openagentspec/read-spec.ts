/**
 * Reads the model of an OpenAgentSpec agent from its YAML tree once `specSchema` has judged it: the values
 * of the right kind (others read as not set, with the spec's defaults), and every CEL expression with its
 * string node for `check-cel.ts`. Reports nothing; never throws.
 */
import { isMap, isScalar, type Node, type Pair, type Scalar } from 'yaml';
import { readKind } from './spec-kind.ts';
import { readReference, type Reference } from './names.ts';
import { nodeRange } from '../../text/parse-yaml.ts';
import { pairAt } from '../valibot-issues.ts';

/** Where a CEL expression sits, which decides what it is evaluated against. */
export type ExpressionRole =
  'input_restriction' | 'output_restriction' | 'guardrail_input' | 'guardrail_output' | 'exposes';

/** One CEL expression of the spec and its YAML string node. */
export interface ExpressionSite {
  /** Dotted location, e.g. `capabilities.web.input_restriction.assertion`, `exposes.ticket_id`. */
  path: string;
  role: ExpressionRole;
  source: string;
  node: Scalar;
  /** The tool or agent name the expression belongs to (capability, or guardrail `tool_name`). */
  subject?: string;
  /** The `exposes` key. */
  key?: string;
}

/** A restriction (`input_restriction` / `output_restriction`). */
export type Restriction = {
  require_review: string | null;
  assertion: string | null;
};

/** One capability: the key as written, how it reads as a reference, and its settings with defaults. */
export type Capability = {
  key: string;
  reference: Reference;
  collect_results: boolean;
  user_identity: boolean;
  static_identity: string | null;
  input_restriction: Restriction | null;
  output_restriction: Restriction | null;
};

/** A guardrail: the tool to invoke and the assertion on its output. */
export type Guardrail = {
  tool_name: string;
  assertion: string;
};

/** The spec's values of the right kind (absent or null where they are not). */
export interface SpecModel {
  kind: string | null;
  name: string | null;
  description: string | null;
  intent: string | null;
  owner: string | null;
  capabilities: Capability[];
  guardrails: { input: Guardrail | null; output: Guardrail | null } | null;
  exposes: Record<string, string> | null;
  lifespan: { retain_memory: boolean; short_circuit: number | null } | null;
  expressions: ExpressionSite[];
}

/** The model of a file with nothing in it. */
export function emptySpecModel(): SpecModel {
  return {
    kind: null,
    name: null,
    description: null,
    intent: null,
    owner: null,
    capabilities: [],
    guardrails: null,
    exposes: null,
    lifespan: null,
    expressions: [],
  };
}

/** The tool or agent name a reference names (what `recent`/`history` are keyed by), if any. */
export function referencedName(reference: Reference): string | undefined {
  return reference.kind === 'invalid' ? undefined : reference.name;
}

/** True when `kind` names an OpenAgentSpec tool definition, whose other fields are not read. */
export function isToolKind(kind: string): boolean {
  return readKind(kind).kind !== 'agent' && /:v?1\/tool$/i.test(kind);
}

const valueOf = (node: unknown) => (isScalar(node) ? node.value : undefined);
const isNull = (node: unknown) => node === null || (isScalar(node) && node.value === null);
const present = (node: unknown) => node !== undefined && !isNull(node);
const text = (node: unknown, blank: boolean): string | null => {
  const value = valueOf(node);
  return typeof value === 'string' && (blank || value.trim() !== '') ? value : null;
};
const flag = (node: unknown): boolean => {
  const value = valueOf(node);
  return typeof value === 'boolean' ? value : true;
};
const stringPairs = (node: unknown): Pair[] =>
  isMap(node) ? node.items.filter((p) => isScalar(p.key) && typeof p.key.value === 'string') : [];

/**
 * The model of the mapping `root` (null for an empty document); `short_circuit` literals come from
 * `text`, the file the node ranges index.
 */
export function readSpec(root: Node | null, source: string): SpecModel {
  const model = emptySpecModel();
  if (root !== null && !isMap(root)) return model;
  const at = (...keys: string[]) => pairAt(root, keys).node;
  model.kind = text(at('kind'), false);
  if (model.kind !== null && isToolKind(model.kind)) return model;
  model.name = text(at('name'), false);
  model.description = text(at('description'), false);
  model.intent = text(at('intent'), false);
  model.owner = text(at('owner'), false);
  const add = (site: ExpressionSite) => model.expressions.push(site);
  for (const pair of stringPairs(at('capabilities')))
    model.capabilities.push(readCapability(pair, add));
  if (present(at('guardrails'))) model.guardrails = readGuardrails(at('guardrails'), add);
  if (present(at('exposes')) && isMap(at('exposes'))) {
    const exposes: Record<string, string> = {};
    for (const pair of stringPairs(at('exposes'))) {
      const key = String((pair.key as Scalar).value);
      const value = expression(
        pair.value,
        false,
        { path: `exposes.${key}`, role: 'exposes', key },
        add,
      );
      if (value !== null) exposes[key] = value;
    }
    model.exposes = exposes;
  }
  const lifespan = at('lifespan');
  if (present(lifespan) && isMap(lifespan)) {
    const circuit = pairAt(lifespan, ['short_circuit']).node;
    const value = valueOf(circuit);
    const range = nodeRange(circuit);
    const literal = range ? source.slice(range[0], range[1]) : '';
    model.lifespan = {
      retain_memory: flag(pairAt(lifespan, ['retain_memory']).node),
      short_circuit:
        typeof value === 'number' &&
        Number.isSafeInteger(value) &&
        value >= 1 &&
        !/[.eE]/.test(literal)
          ? value
          : null,
    };
  }
  return model;
}

/** Records a CEL expression (a string; blank only where `blank`) and returns it, or null. */
function expression(
  node: unknown,
  blank: boolean,
  site: Omit<ExpressionSite, 'source' | 'node'>,
  add: (site: ExpressionSite) => void,
): string | null {
  const value = text(node, blank);
  if (value === null) return null;
  add({ ...site, source: value, node: node as Scalar });
  return value;
}

function readCapability(pair: Pair, add: (site: ExpressionSite) => void): Capability {
  const key = String((pair.key as Scalar).value);
  const reference = readReference(key);
  const subject = referencedName(reference);
  const at = (...keys: string[]) => (isMap(pair.value) ? pairAt(pair.value, keys).node : undefined);
  const restriction = (side: 'input' | 'output'): Restriction | null => {
    const field = `${side}_restriction` as const;
    const node = at(field);
    if (!present(node)) return null;
    const inner = (name: string) => (isMap(node) ? pairAt(node, [name]).node : undefined);
    const site: Omit<ExpressionSite, 'source' | 'node'> = {
      path: `capabilities.${key}.${field}.assertion`,
      role: field,
    };
    if (subject !== undefined) site.subject = subject;
    return {
      require_review: text(inner('require_review'), true),
      assertion: expression(inner('assertion'), true, site, add),
    };
  };
  return {
    key,
    reference,
    collect_results: flag(at('collect_results')),
    user_identity: flag(at('user_identity')),
    static_identity: text(at('static_identity'), true),
    input_restriction: restriction('input'),
    output_restriction: restriction('output'),
  };
}

function readGuardrails(
  node: unknown,
  add: (site: ExpressionSite) => void,
): { input: Guardrail | null; output: Guardrail | null } {
  const guardrails: { input: Guardrail | null; output: Guardrail | null } = {
    input: null,
    output: null,
  };
  if (!isMap(node)) return guardrails;
  for (const side of ['input', 'output'] as const) {
    const sideNode = pairAt(node, [side]).node;
    if (!isMap(sideNode)) continue;
    const tool = text(pairAt(sideNode, ['tool_name']).node, false);
    const site: Omit<ExpressionSite, 'source' | 'node'> = {
      path: `guardrails.${side}.assertion`,
      role: side === 'input' ? 'guardrail_input' : 'guardrail_output',
    };
    if (tool !== null) site.subject = tool;
    const assertion = expression(pairAt(sideNode, ['assertion']).node, false, site, add);
    if (tool !== null && assertion !== null) guardrails[side] = { tool_name: tool, assertion };
  }
  return guardrails;
}
