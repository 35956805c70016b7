/**
 * The analysis stage of a check: every planned unit, of every format, is read by its format module's
 * `analyze` (through a stateful `analyzer` when the module has one), and the results are cached by
 * format, entry, profile and the unit's texts.
 */
import type {
  FormatAnalysis,
  FormatContext,
  FormatId,
  FormatModule,
  UnitAnalyzer,
} from '../formats/format-module.ts';
import type { FormatResolver } from '../formats/lazy-formats.ts';
import type { Profile } from '../model/agent-types.ts';
import type { ParsedYaml, YamlVersion } from '../text/parse-yaml.ts';
import type { PlannedUnit } from './plan-units.ts';
import { isRefusal, type ReadFileHook } from '../model/read-hook.ts';

/** A planned unit and what its format module read in it. */
export interface AnalyzedUnit {
  unit: PlannedUnit;
  analysis: FormatAnalysis;
}

/** What analysing the units of one check needs from it. */
export interface UnitReading {
  /** The load-set's files (path → text). */
  files: Readonly<Record<string, string>>;
  lookup: ReadFileHook;
  profile: Profile;
  parseYaml: (text: string, offset: number, version: YamlVersion) => ParsedYaml;
}

/**
 * Analyses units, keeping between calls each unit's analysis and each format's stateful analyzer. A unit
 * whose files are the same (by text) as last time, read with the same profile, is not re-read.
 */
export class UnitCache {
  private units = new Map<string, AnalyzedUnit & { profile: Profile }>();
  private analyzers = new Map<FormatId, UnitAnalyzer | FormatModule>();

  /**
   * `onAnalyze` is called on every cache miss (the checker's `filesAnalyzed` counter); `resolve` gives
   * each format's module.
   */
  constructor(
    private readonly onAnalyze: () => void,
    private readonly resolve: FormatResolver,
  ) {}

  /** Analyses `planned` in order; afterwards the cache holds exactly the units of this call. */
  analyze(planned: readonly PlannedUnit[], reading: UnitReading): AnalyzedUnit[] {
    const live = new Set<string>();
    const context = formatContext(reading);
    const results = planned.map((unit) => {
      const key = `${unit.format}:${unit.entry}`;
      live.add(key);
      const cached = this.units.get(key);
      if (cached && cached.profile === reading.profile && sameUnit(cached.unit, unit))
        return { unit, analysis: cached.analysis };
      this.onAnalyze();
      const analysis = this.analyzer(unit.format).analyze(
        { entry: unit.entry, files: unit.files },
        context,
      );
      this.units.set(key, { unit, analysis, profile: reading.profile });
      return { unit, analysis };
    });
    for (const key of this.units.keys()) if (!live.has(key)) this.units.delete(key);
    return results;
  }

  private analyzer(format: FormatId): UnitAnalyzer | FormatModule {
    let analyzer = this.analyzers.get(format);
    if (!analyzer) {
      const module = this.resolve(format);
      analyzer = module.analyzer?.() ?? module;
      this.analyzers.set(format, analyzer);
    }
    return analyzer;
  }
}

/** The `FormatContext` of one check: reads through the check's boundary, refusals as `refused`. */
function formatContext(reading: UnitReading): FormatContext {
  const { lookup, profile, parseYaml } = reading;
  return {
    read: (path) => {
      const text = lookup(path);
      return typeof text === 'string' ? text : undefined;
    },
    refused: (path) => isRefusal(lookup(path)),
    paths: Object.keys(reading.files).sort(),
    profile,
    parseYaml,
  };
}

function sameUnit(a: PlannedUnit, b: PlannedUnit): boolean {
  const keys = Object.keys(a.files);
  if (keys.length !== Object.keys(b.files).length) return false;
  return keys.every((k) => Object.hasOwn(b.files, k) && a.files[k] === b.files[k]);
}
