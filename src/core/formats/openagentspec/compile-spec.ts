/**
 * Compiles a validated spec to the canonical `AgentData` shape (the same as an AgentCard agent's), with
 * the OpenAgentSpec-only parts (capabilities, guardrails, exposes, lifespan, CEL expressions) as extras.
 */
import {
  compileCard,
  type AgentData,
  type AgentSource,
  type Json,
} from '../../model/agent-data.ts';
import type { Capability, SpecModel } from './read-spec.ts';

/** One CEL expression of a spec, as the output panel and `evaluateEngagement` read it. */
export interface CelExtra {
  [key: string]: Json;
  path: string;
  role: string;
  source: string;
  /** False when the expression does not parse. */
  parses: boolean;
}

/**
 * The canonical data of a spec: `config.instruction` is the `intent` (the text given to the model),
 * `config.description` the `description`; local agent references (`oagent://name`) become child agents,
 * as an AgentCard's `agents`. Pure; never throws.
 */
export function compileSpec(model: SpecModel, name: string): AgentData {
  const fields: Record<string, unknown> = {};
  if (model.description !== null) fields['description'] = model.description;
  const children = model.capabilities
    .filter((c) => c.reference.kind === 'agent')
    .map((c) => (c.reference.kind === 'agent' ? c.reference.name : ''));
  if (children.length > 0) fields['agents'] = children;
  const draft: AgentSource = { type: 'agent', fields, instruction: model.intent };
  return compileCard(draft, name, { names: [], inlineTools: {}, configs: {} }, []);
}

/** The OpenAgentSpec view of a spec: everything the canonical data has no field for. Plain JSON. */
export function specExtras(model: SpecModel, parses: ReadonlySet<string>): { [key: string]: Json } {
  const cel: CelExtra[] = model.expressions.map((e) => {
    const entry: CelExtra = {
      path: e.path,
      role: e.role,
      source: e.source,
      parses: parses.has(e.path),
    };
    if (e.subject !== undefined) entry['subject'] = e.subject;
    if (e.key !== undefined) entry['key'] = e.key;
    return entry;
  });
  return {
    openagentspec: {
      kind: model.kind,
      owner: model.owner,
      intent: model.intent,
      capabilities: model.capabilities.map(capabilityJson),
      guardrails: model.guardrails,
      exposes: model.exposes,
      lifespan: model.lifespan,
    },
    cel,
  };
}

function capabilityJson(capability: Capability): Json {
  const { reference, ...settings } = capability;
  return { ...settings, reference: { ...reference } };
}
