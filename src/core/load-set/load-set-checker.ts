/**
 * The load-set checker: one pipeline from files to a `CheckResult`, with the format modules given by the
 * host (`Checker` in `check-load-set.ts` gives them all; the playground's worker loads them lazily).
 *
 *   plan units → analyze each unit through its format module (AgentCard included)
 *   → load-set passes over all agents (cards, names, references; per card: history files, Python
 *     references, servers, templates, environment, then compile) → locate the diagnostics
 *
 * Each stage is a module of this folder, each pass one of `passes/`; the checker keeps the caches
 * between checks.
 */
import type { FormatRegistry } from '../formats/format-record.ts';
import { FORMAT_REGISTRY } from '../formats/format-records.ts';
import type { FormatResolver } from '../formats/lazy-formats.ts';
import { fastAgentDate } from '../formats/agentcard/load-instruction.ts';
import type { parseHistory } from '../history/parse-history.ts';
import { UnitCache } from './analyze-units.ts';
import { HistoryCache, LineCache, YamlCache } from './check-caches.ts';
import type { CheckOptions, CheckResult } from './check-result.ts';
import { compileCards, type CheckOutput } from './compile-cards.ts';
import { CompileMemos } from './compile-memo.ts';
import { DiagnosticSink, type HintText } from './locate.ts';
import { cardEntries } from './passes/cards.ts';
import { checkCardNames, unitNameCounts } from './passes/names.ts';
import { addReferenceProblems } from './passes/references.ts';
import { serverConfigLookup } from './passes/servers.ts';
import type { PortabilityFixer } from './portability-fixer.ts';
import { planUnits } from './plan-units.ts';
import { LoadSetReader } from './read-boundary.ts';
import { addUnitAgents } from './unit-agents.ts';

/** Reads a history file: the core's `parseHistory`, or a host's stand-in that loads it. */
export type HistoryParser = typeof parseHistory;

/**
 * Checks load-sets, reusing work between calls: a unit whose text did not change is not re-analysed, and
 * in a changed card file every card and frontmatter whose text did not change is not re-read. The
 * playground keeps one and calls `check` on every edit; the command line makes one per run.
 */
export class LoadSetChecker {
  /** Work counters since construction: units analysed, YAML slices parsed and cards compiled (cache misses). */
  readonly stats = { filesAnalyzed: 0, yamlParsed: 0, cardsCompiled: 0 };
  private units: UnitCache;
  private yaml = new YamlCache(() => this.stats.yamlParsed++);
  private lines = new LineCache();
  private histories: HistoryCache;
  private compiles = new CompileMemos(() => this.stats.cardsCompiled++);

  /**
   * `resolve` gives the module of each format a check reads, `parseHistory` reads history files,
   * `fixer` adds the portability fixes and `hintText` gives the hints' texts (`Checker` passes every
   * format's module, the core's `parseHistory`, the fixes and `yamlHintText`). A host that loads them
   * lazily may throw from `resolve`, `parseHistory` or `hintText` when something is not loaded yet, load
   * it, and check again: a check that throws leaves the checker's caches consistent. The fixes are never cached: a check with a fixer that adds none (`LazyPortabilityFixer`
   * before it has loaded), then one with the fixes, gives the fixes. `formats` detects the files'
   * formats: every format's records unless a test gives another registry (with its modules in `resolve`).
   */
  constructor(
    resolve: FormatResolver,
    parseHistory: HistoryParser,
    private readonly fixer: PortabilityFixer,
    private readonly hintText: HintText,
    private readonly formats: FormatRegistry<string> = FORMAT_REGISTRY,
  ) {
    this.units = new UnitCache(() => this.stats.filesAnalyzed++, resolve);
    this.histories = new HistoryCache(parseHistory);
  }

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
    this.yaml.startCheck();
    const parseYaml = this.yaml.parse;
    const lineIndex = this.lines.index;

    const plan = planUnits(files, options, read, this.formats);
    const units = this.units.analyze(plan, { files, lookup, profile, parseYaml });

    // Units with drafts (AgentCard's) are finished by the passes; the others' agents are compiled.
    const fixer = this.fixer;
    const cards = cardEntries(units, { options, profile, report, read, fixer });
    const others = units.filter((u) => u.analysis.drafts === undefined);
    const names = checkCardNames(cards, others, read);
    // One namespace: an agent of another format (AFM, …) is an agent of the load-set, so a card may name
    // it in `sequence`, `agents`, … without `unknown-agent-ref` (the graph draws it as a solid node).
    addReferenceProblems(cards, new Set([...names, ...unitNameCounts(others).keys()]));
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
      fixer,
      memos: this.compiles,
    };
    compileCards(cards, compiling, out);
    addUnitAgents(others, names, { read, report, lineIndex }, out);

    const diagnostics = sink.located((file) => lineIndex(file, read(file) ?? ''), this.hintText);
    return { profile, ...out, diagnostics };
  }
}
