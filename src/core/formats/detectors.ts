/**
 * Every format's detector, in detection order: the first that claims a file wins, so the specific formats
 * come before AgentCard, which takes any remaining card file. Light (no readers): the playground's worker
 * plans a check with these and loads each format's reader on first use (`lazy-formats.ts`).
 */
import { a2aDetector } from './a2a/detector.ts';
import { afmDetector } from './afm/detector.ts';
import { agentCardDetector } from './agentcard/detector.ts';
import type { FormatDetector, FormatId } from './format-module.ts';
import { openAgentSpecDetector } from './openagentspec/detector.ts';
import { tsAgentDetector } from './tsagent/detector.ts';

/** Every format's detector, in detection order (AgentCard last: it is the fallback for card files). */
export const FORMAT_DETECTORS: readonly FormatDetector[] = [
  afmDetector,
  openAgentSpecDetector,
  tsAgentDetector,
  a2aDetector,
  agentCardDetector,
];

/** The detector of a format id. Throws an Error only for an id not in `FORMAT_IDS` (a programming error). */
export function formatDetector(id: FormatId): FormatDetector {
  const found = FORMAT_DETECTORS.find((f) => f.id === id);
  if (!found) throw new Error(`Unknown format id: ${id}`);
  return found;
}

/**
 * How many leading characters of a file at `path` format detection reads (Infinity: all of them):
 * `detectFormat(path, text)` equals `detectFormat(path, text.slice(0, detectionReach(path)))`.
 */
export function detectionReach(path: string): number {
  let reach = 0;
  for (const format of FORMAT_DETECTORS) reach = Math.max(reach, format.reach?.(path) ?? Infinity);
  return reach;
}

/**
 * The format that claims `path` with `text` (the first detector that says yes), or undefined when none
 * does (not an agent definition). Pure and cheap; never throws.
 */
export function detectFormat(path: string, text: string): FormatId | undefined {
  for (const format of FORMAT_DETECTORS) if (format.detect(path, text)) return format.id;
  return undefined;
}
