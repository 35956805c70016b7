/** Conversion between formats, always through the canonical compiled form. */
import type { CompiledAgent } from '../load-set/check-load-set.ts';
import type { Conversion, EmitOptions, FormatId } from './format-module.ts';
import { FORMATS, formatModule } from './registry.ts';

/** The formats an agent can be converted to (those whose module can emit). */
export function conversionTargets(): FormatId[] {
  return FORMATS.filter((f) => f.emit !== undefined).map((f) => f.id);
}

/**
 * Writes `agent` in the format `to`. The result lists everything the target cannot express. Throws only on
 * a programmer error (a target that cannot be emitted; ask `conversionTargets()` first).
 */
export function convertAgent(
  agent: CompiledAgent,
  to: FormatId,
  options: EmitOptions = {},
): Conversion {
  const module = formatModule(to);
  if (!module.emit) throw new Error(`Format ${to} cannot be written`);
  const source = { name: agent.name, format: agent.format, data: agent.data };
  return module.emit(agent.extras ? { ...source, extras: agent.extras } : source, options);
}
