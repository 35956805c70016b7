/**
 * Reads the OpenAgentSpec extras of a compiled agent back (they travel as plain JSON, e.g. from the Web
 * Worker): its CEL expressions and the tool/agent names of its capabilities. Untrusted input: anything
 * malformed is skipped, never thrown on.
 */
import type { Json } from '../../model/agent-data.ts';

/** One expression as `evaluateEngagement` needs it. */
export interface SpecExpression {
  path: string;
  role: string;
  source: string;
  /** The capability's or guardrail's tool or agent name, when there is one. */
  subject?: string;
  /** The `exposes` key. */
  key?: string;
}

/** The parts of a spec's extras that evaluation and the skeleton use. */
export interface SpecView {
  expressions: SpecExpression[];
  /** Tool and agent names of the capabilities and guardrails, in order, without repeats. */
  names: string[];
}

type JsonObject = { [key: string]: Json };

const isObject = (x: unknown): x is JsonObject =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** Reads `extras` (a compiled OpenAgentSpec agent's extras, or anything). */
export function readSpecView(extras: unknown): SpecView {
  const view: SpecView = { expressions: [], names: [] };
  if (!isObject(extras)) return view;
  const names = new Set<string>();
  const spec = extras['openagentspec'];
  const capabilities = isObject(spec) ? spec['capabilities'] : undefined;
  if (Array.isArray(capabilities))
    for (const capability of capabilities) {
      const reference = isObject(capability) ? capability['reference'] : undefined;
      const name = isObject(reference) ? reference['name'] : undefined;
      if (typeof name === 'string') names.add(name);
    }
  const cel = extras['cel'];
  if (Array.isArray(cel))
    for (const entry of cel) {
      if (!isObject(entry)) continue;
      const { path, role, source, subject, key } = entry;
      if (typeof path !== 'string' || typeof role !== 'string' || typeof source !== 'string')
        continue;
      const expression: SpecExpression = { path, role, source };
      if (typeof subject === 'string') {
        expression.subject = subject;
        names.add(subject);
      }
      if (typeof key === 'string') expression.key = key;
      view.expressions.push(expression);
    }
  view.names = [...names];
  return view;
}
