/**
 * The other formats' side of the output: each unit's problems are reported, and each of its agents is
 * listed as a card and a compiled agent (with `duplicate-name` when its name is taken).
 */
import type { RawDiagnostic } from '../diagnostics.ts';
import type { LineIndex } from '../text/line-index.ts';
import type { AnalyzedUnit } from './analyze-units.ts';
import type { CardInfo, CompiledAgent } from './check-result.ts';
import type { CheckOutput } from './compile-cards.ts';
import { unitDuplicateName, unitNameCounts } from './passes/names.ts';

/** What listing the units' agents needs from the check. */
export interface UnitListing {
  read(path: string): string | undefined;
  report(file: string, d: RawDiagnostic): void;
  lineIndex(file: string, text: string): LineIndex;
}

/**
 * Adds the agents and problems of `units` to `out`. An agent is ok when its unit has no error and its
 * name is neither a card's (`cardNames`) nor another unit agent's.
 */
export function addUnitAgents(
  units: readonly AnalyzedUnit[],
  cardNames: ReadonlySet<string>,
  l: UnitListing,
  out: CheckOutput,
): void {
  const count = unitNameCounts(units);
  for (const { unit, analysis } of units) {
    const failed = analysis.diagnostics.some((d) => (d.severity ?? 'error') === 'error');
    for (const { file, ...rest } of analysis.diagnostics) l.report(file, rest);
    analysis.agents.forEach((agent, i) => {
      const text = l.read(agent.file) ?? '';
      const duplicate = cardNames.has(agent.name) || (count.get(agent.name) ?? 0) > 1;
      if (duplicate) l.report(agent.file, unitDuplicateName(agent, text));
      const ok = !failed && !duplicate;
      const index = l.lineIndex(agent.file, text);
      const line = index.position(agent.from).line;
      const info: CardInfo = {
        file: agent.file,
        index: i,
        name: agent.name,
        type: 'agent',
        from: agent.from,
        to: agent.to,
        headerTo: agent.headerTo,
        line,
        endLine: index.position(Math.max(agent.from, agent.to - 1)).line,
        ok,
        format: unit.format,
      };
      if (analysis.shape !== undefined) info.shape = analysis.shape;
      out.cards.push(info);
      const compiled: CompiledAgent = {
        ok,
        name: agent.name,
        type: 'agent',
        file: agent.file,
        line,
        data: agent.data,
        history: [],
        pythonRefs: [],
        format: unit.format,
      };
      if (agent.extras) compiled.extras = agent.extras;
      out.compiled.push(compiled);
      if (ok) out.agents.push(compiled);
    });
  }
}
