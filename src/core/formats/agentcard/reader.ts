/**
 * AgentCard's reader (detection and analysis, no writer): see `index.ts` for the whole format.
 */
import type {
  FormatAnalysis,
  FormatContext,
  FormatModule,
  FormatUnit,
  UnitAnalyzer,
} from '../format-module.ts';
import {
  analyzeCardFile,
  CardDrafts,
  type AnalysisCaches,
  type CardFileAnalysis,
} from './analyze-card-file.ts';
import { parseYaml } from '../../text/parse-yaml.ts';
import { detectorOf } from '../format-record.ts';
import { agentCardRecord } from './format.ts';

/**
 * Reads one AgentCard file (a unit is always one file): splits it into cards and validates each on its
 * own. The cards come back as `drafts`, which the load-set passes finish (names, references, history
 * files, servers, templates, Python references) and compile; `agents` is always empty. `caches` (the
 * stateful analyzer's) lets a re-read re-use the drafts of unchanged cards. Never throws.
 */
function analyzeCardUnit(
  unit: FormatUnit,
  context: FormatContext,
  drafts?: AnalysisCaches['cards'],
): FormatAnalysis {
  const path = unit.entry;
  const text = unit.files[path] ?? '';
  const caches = { parse: context.parseYaml ?? parseYaml, cards: drafts };
  return asFormatAnalysis(path, analyzeCardFile(path, text, context.profile ?? 'rfc', caches));
}

function asFormatAnalysis(path: string, analysis: CardFileAnalysis): FormatAnalysis {
  return {
    agents: [],
    diagnostics: analysis.diagnostics.map((d) => ({ ...d, file: path })),
    drafts: analysis.cards,
    fatal: analysis.fatal,
  };
}

/** An AgentCard analyzer that keeps each card's draft by its text (and context) between calls. */
class CardAnalyzer implements UnitAnalyzer {
  private readonly drafts = new CardDrafts();

  analyze(unit: FormatUnit, context: FormatContext): FormatAnalysis {
    return analyzeCardUnit(unit, context, this.drafts);
  }
}

/**
 * AgentCard's reader without its writer: what the playground's worker bundles up front (conversion, and
 * with it the writer, loads on first use).
 */
export const agentCardReader: FormatModule<Record<never, never>> = {
  ...detectorOf(agentCardRecord),
  // AgentCard's codes are still the core's table (`CORE_SEVERITIES`), which every format may raise.
  codes: {},
  analyze: (unit, context) => analyzeCardUnit(unit, context),
  analyzer: () => new CardAnalyzer(),
};
