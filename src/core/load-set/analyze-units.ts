/**
 * The format stage of a check: each planned unit of a format module (AFM, OpenAgentSpec, TsAgent, A2A)
 * is read by its module's `analyze`, through a cache keyed by format and entry.
 */
import type { FormatAnalysis } from '../formats/format-module.ts';
import { formatModule } from '../formats/registry.ts';
import type { PlannedUnit } from './plan-units.ts';
import { isRefusal, type ReadFileHook } from './read-hook.ts';

/** A planned unit and what its format module read in it. */
export interface AnalyzedUnit {
  unit: PlannedUnit;
  analysis: FormatAnalysis;
}

/**
 * Analyzes `planned` in order. A unit whose files are the same as in `cache` (by text) is not re-read;
 * afterwards `cache` holds exactly the units of this call.
 */
export function analyzeUnits(
  planned: readonly PlannedUnit[],
  files: Readonly<Record<string, string>>,
  lookup: ReadFileHook,
  cache: Map<string, AnalyzedUnit>,
): AnalyzedUnit[] {
  const live = new Set<string>();
  const paths = Object.keys(files).sort();
  const results: AnalyzedUnit[] = [];
  const read = (path: string): string | undefined => {
    const text = lookup(path);
    return typeof text === 'string' ? text : undefined;
  };
  const refused = (path: string): boolean => isRefusal(lookup(path));
  for (const unit of planned) {
    const key = `${unit.format}:${unit.entry}`;
    live.add(key);
    const cached = cache.get(key);
    let analysis: FormatAnalysis;
    if (cached && sameUnit(cached.unit, unit)) analysis = cached.analysis;
    else {
      const module = formatModule(unit.format);
      analysis = module.analyze
        ? module.analyze({ entry: unit.entry, files: unit.files }, { read, paths, refused })
        : { agents: [], diagnostics: [] };
      cache.set(key, { unit, analysis });
    }
    results.push({ unit, analysis });
  }
  for (const key of cache.keys()) if (!live.has(key)) cache.delete(key);
  return results;
}

function sameUnit(a: PlannedUnit, b: PlannedUnit): boolean {
  const keys = Object.keys(a.files);
  if (keys.length !== Object.keys(b.files).length) return false;
  return keys.every((k) => Object.hasOwn(b.files, k) && a.files[k] === b.files[k]);
}
