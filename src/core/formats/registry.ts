/**
 * Every format's module, loaded at once: what the command line and library users check with (the
 * playground's worker loads them one by one instead, through the records' `load`: `lazy-formats.ts`).
 */
import { a2aFormat } from './a2a/index.ts';
import { afmFormat } from './afm/index.ts';
import { agentCardFormat } from './agentcard/index.ts';
import type { FormatModule } from './format-module.ts';
import { FORMAT_REGISTRY, type FormatId } from './format-records.ts';
import { openAgentSpecFormat } from './openagentspec/index.ts';
import { tsAgentFormat } from './tsagent/index.ts';

/** Each format's module by id: the compiler asks for the entry of a format added to `FORMAT_RECORDS`. */
const MODULES = {
  agentcard: agentCardFormat,
  afm: afmFormat,
  openagentspec: openAgentSpecFormat,
  tsagent: tsAgentFormat,
  a2a: a2aFormat,
} satisfies { [Id in FormatId]: FormatModule };

/**
 * The codes the formats' own tables add to the core's (a union of string literals): part of
 * `DiagnosticCode`.
 */
export type FormatCode = {
  [Id in FormatId]: keyof (typeof MODULES)[Id]['codes'] & string;
}[FormatId];

/**
 * Every format, in detection order (AgentCard last: it is the fallback for card files). Each is read
 * through its `analyze`; see `format-module.ts` for the contract.
 */
export const FORMATS: readonly FormatModule[] = FORMAT_REGISTRY.detectors.map((r) => MODULES[r.id]);

/** The module of a format id. Throws an Error only for an id not in `FORMAT_IDS` (a programming error). */
export function formatModule(id: FormatId): FormatModule {
  if (!Object.hasOwn(MODULES, id)) throw new Error(`Unknown format id: ${id}`);
  return MODULES[id];
}

export { detectFormat } from './format-records.ts';
