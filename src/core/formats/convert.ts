/** Conversion between formats, always through the canonical compiled form. */
import type { CompiledAgent } from '../load-set/check-load-set.ts';
import type { AgentData } from '../model/agent-data.ts';
import type { Conversion, EmitOptions, FormatId } from './format-module.ts';
import { FORMATS, formatModule } from './registry.ts';

/** The formats an agent can be converted to (those whose module can emit). */
export function conversionTargets(): FormatId[] {
  return FORMATS.filter((f) => f.emit !== undefined).map((f) => f.id);
}

/**
 * Writes `agent` in the format `to`, named `options.name` when given (in its compiled `config.name` too,
 * which some targets read). The result lists everything the target cannot express. Throws only on a
 * programmer error (a target that cannot be emitted; ask `conversionTargets()` first).
 */
export function convertAgent(
  agent: CompiledAgent,
  to: FormatId,
  options: EmitOptions = {},
): Conversion {
  const module = formatModule(to);
  if (!module.emit) throw new Error(`Format ${to} cannot be written`);
  const name = options.name ?? agent.name;
  const data = name === agent.name ? agent.data : renamed(agent.data, name);
  const source = { name, format: agent.format, data };
  return module.emit(agent.extras ? { ...source, extras: agent.extras } : source, options);
}

/** `data` with `config.name` set to `name` (a copy; `data` is left as it is). */
function renamed(data: AgentData, name: string): AgentData {
  const config = data['config'];
  return config && typeof config === 'object' && !Array.isArray(config)
    ? { ...data, config: { ...config, name } }
    : data;
}
