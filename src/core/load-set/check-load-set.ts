/**
 * The load-set checker: one pipeline from files to a `CheckResult`.
 *
 *   plan units → analyze each unit through its format module (AgentCard included)
 *   → load-set passes over all agents (cards, names, references; per card: history files, Python
 *     references, servers, templates, environment, then compile) → locate the diagnostics
 *
 * Each stage is a module of this folder, each pass one of `passes/`; `Checker` keeps the caches between
 * checks.
 */
import { fastAgentDate } from '../formats/agentcard/load-instruction.ts';
import { UnitCache } from './analyze-units.ts';
import { HistoryCache, LineCache, YamlCache } from './check-caches.ts';
import type { CheckOptions, CheckResult } from './check-result.ts';
import { compileCards, type CheckOutput } from './compile-cards.ts';
import { DiagnosticSink } from './locate.ts';
import { cardEntries } from './passes/cards.ts';
import { checkCardNames } from './passes/names.ts';
import { addReferenceProblems } from './passes/references.ts';
import { serverConfigLookup } from './passes/servers.ts';
import { planUnits } from './plan-units.ts';
import { LoadSetReader } from './read-boundary.ts';
import { addUnitAgents } from './unit-agents.ts';

export type { CheckOptions, CheckResult, CardInfo, CompiledAgent } from './check-result.ts';
export { MAX_FILE_CHARS } from './read-boundary.ts';
export type { Json } from '../model/agent-data.ts';

/** Files with a card extension that are fast-agent configuration, not cards. */
export const CONFIG_FILE_NAMES: ReadonlySet<string> = new Set([
  'fastagent.config.yaml',
  'fastagent.secrets.yaml',
]);

/**
 * Checks load-sets, reusing work between calls: a unit whose text did not change is not re-analysed, and
 * in a changed card file every card and frontmatter whose text did not change is not re-read. The
 * playground keeps one `Checker` and calls `check` on every edit; the command line makes one per run.
 */
export class Checker {
  /** Work counters since construction: units analysed and YAML slices parsed (cache misses). */
  readonly stats = { filesAnalyzed: 0, yamlParsed: 0 };
  private units = new UnitCache(() => this.stats.filesAnalyzed++);
  private yaml = new YamlCache(() => this.stats.yamlParsed++);
  private lines = new LineCache();
  private histories = new HistoryCache();

  /**
   * Checks `files` (path → text; paths `/`-separated, relative to the load-set root). Never throws on
   * text (only a malformed `options.today` throws a RangeError).
   */
  check(files: Readonly<Record<string, string>>, options: CheckOptions = {}): CheckResult {
    const profile = options.profile ?? 'rfc';
    const date = options.today === undefined ? undefined : fastAgentDate(options.today);
    const sink = new DiagnosticSink();
    const { report } = sink;
    const { lookup, read } = new LoadSetReader(files, options.readFile, report);
    const parseYaml = this.yaml.parse;
    const lineIndex = this.lines.index;

    const plan = planUnits(files, options, read);
    const units = this.units.analyze(plan, { files, lookup, profile, parseYaml });

    // Units with drafts (AgentCard's) are finished by the passes; the others' agents are compiled.
    const cards = cardEntries(units, { options, profile, report, read });
    const others = units.filter((u) => u.analysis.drafts === undefined);
    const names = checkCardNames(cards, others);
    addReferenceProblems(cards, names);
    const out: CheckOutput = { cards: [], agents: [], compiled: [] };
    const configFor = serverConfigLookup({ read, parse: parseYaml, report });
    const parseHistory = this.histories.parse;
    const compiling = {
      options,
      profile,
      date,
      lookup,
      read,
      report,
      configFor,
      parseHistory,
      lineIndex,
    };
    compileCards(cards, compiling, out);
    addUnitAgents(others, names, { read, report, lineIndex }, out);

    const diagnostics = sink.located((file) => lineIndex(file, read(file) ?? ''));
    return { profile, ...out, diagnostics };
  }
}

/** Checks a load-set once (a fresh `Checker`); see `Checker.check`. */
export function checkLoadSet(
  files: Readonly<Record<string, string>>,
  options: CheckOptions = {},
): CheckResult {
  return new Checker().check(files, options);
}
