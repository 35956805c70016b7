/**
 * The one list of formats: each format's registry record (`formats/<id>/format.ts`, see `format-record.ts`),
 * and every list and lookup derived from it. Adding a format is its folder and its line here (plus its
 * module's line in `registry.ts` and its schemas' in `schemas/generate-schemas.ts`, which the compiler asks
 * for). Light: no reader is imported, so the playground's worker and page import this up front.
 */
import { a2aRecord } from './a2a/format.ts';
import { afmRecord } from './afm/format.ts';
import { agentCardRecord } from './agentcard/format.ts';
import { formatRegistry, type FormatRecord, type FormatRegistry } from './format-record.ts';
import { openAgentSpecRecord } from './openagentspec/format.ts';
import { tsAgentRecord } from './tsagent/format.ts';

/**
 * Every format's record, in the order the UI and the command line list them. Detection asks them in this
 * order too, except AgentCard (`fallback`), which is asked last as it takes any remaining card file.
 */
export const FORMAT_RECORDS = [
  agentCardRecord,
  afmRecord,
  openAgentSpecRecord,
  tsAgentRecord,
  a2aRecord,
] as const;

/** A format's stable id (also the `--format`/`--to` values of the command line). */
export type FormatId = (typeof FORMAT_RECORDS)[number]['id'];

/** Every list and lookup of the formats, derived from `FORMAT_RECORDS`. */
export const FORMAT_REGISTRY: FormatRegistry<FormatId> = formatRegistry<FormatId>(FORMAT_RECORDS);

/** The formats the core reads, by stable id. */
export const FORMAT_IDS: readonly FormatId[] = FORMAT_REGISTRY.ids;

/** Each format's name as users know it (kept in the records, apart from the modules, so the UI needs no parser). */
export const FORMAT_LABELS: Readonly<Record<FormatId, string>> = FORMAT_REGISTRY.labels;

/** The formats a conversion can write (their modules have `emit`); a registry test keeps this true. */
export const CONVERSION_TARGETS: readonly FormatId[] = FORMAT_REGISTRY.conversionTargets;

/** Every format's detector, in detection order (AgentCard last: it is the fallback for card files). */
export const FORMAT_DETECTORS: readonly FormatRecord<FormatId>[] = FORMAT_REGISTRY.detectors;

/** The detector of a format id. Throws an Error only for an id not in `FORMAT_IDS` (a programming error). */
export const formatDetector = (id: FormatId): FormatRecord<FormatId> =>
  FORMAT_REGISTRY.detector(id);

/**
 * How many leading characters of a file at `path` format detection reads (Infinity: all of them):
 * `detectFormat(path, text)` equals `detectFormat(path, text.slice(0, detectionReach(path)))`.
 */
export const detectionReach = (path: string): number => FORMAT_REGISTRY.reach(path);

/**
 * The format that claims `path` with `text` (the first detector that says yes), or undefined when none
 * does (not an agent definition). Pure and cheap; never throws.
 */
export const detectFormat = (path: string, text: string): FormatId | undefined =>
  FORMAT_REGISTRY.detect(path, text);
