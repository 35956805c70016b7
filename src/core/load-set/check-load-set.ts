/**
 * The load-set checker: one pipeline from files to a `CheckResult`.
 *
 *   plan units → read the cards (AgentCard) and analyze the other units (their format modules)
 *   → load-set passes (names, references; per card: history files, Python references, servers,
 *     templates, instruction) and compile → locate the diagnostics
 *
 * Each stage is a module of this folder, each pass one of `passes/`; `Checker` keeps the caches between
 * checks.
 */
import { fastAgentDate } from '../formats/agentcard/load-instruction.ts';
import {
  analyzeCardFile,
  type CardDraft,
  type CardFileAnalysis,
} from '../formats/agentcard/analyze-card-file.ts';
import { parseHistory } from '../history/parse-history.ts';
import type { Profile } from '../model/agent-types.ts';
import { detachString } from '../text/detach-string.ts';
import { LineIndex } from '../text/line-index.ts';
import { parseYaml, type ParsedYaml, type YamlVersion } from '../text/parse-yaml.ts';
import { analyzeUnits, type AnalyzedUnit } from './analyze-units.ts';
import type { CheckOptions, CheckResult } from './check-result.ts';
import { compileCards, type CheckOutput } from './compile-cards.ts';
import { DiagnosticSink } from './locate.ts';
import { checkCardNames } from './passes/names.ts';
import { checkAgentRefs } from './passes/references.ts';
import { serverConfigLookup } from './passes/servers.ts';
import { planUnits } from './plan-units.ts';
import { cardEntries, readCardFiles } from './read-cards.ts';
import { LoadSetReader } from './read-boundary.ts';
import type { ReadFileHook } from './read-hook.ts';
import { addUnitAgents } from './unit-agents.ts';

export type { CheckOptions, CheckResult, CardInfo, CompiledAgent } from './check-result.ts';
export { MAX_FILE_CHARS } from './read-boundary.ts';
export type { Json } from '../model/agent-data.ts';

/** Files with a card extension that are fast-agent configuration, not cards. */
export const CONFIG_FILE_NAMES: ReadonlySet<string> = new Set([
  'fastagent.config.yaml',
  'fastagent.secrets.yaml',
]);

interface FileEntry {
  text: string;
  profile: Profile;
  analysis: CardFileAnalysis;
}

/**
 * Checks load-sets, reusing work between calls: a file whose text did not change is not re-analysed, and
 * in a changed file every frontmatter whose text did not change is not re-parsed. The playground keeps one
 * `Checker` and calls `check` on every edit; the command line makes one per run.
 */
export class Checker {
  private files = new Map<string, FileEntry>();
  private parses: Record<YamlVersion, Map<string, ParsedYaml>> = {
    '1.1': new Map(),
    '1.2': new Map(),
  };
  private drafts = new Map<string, Map<string, CardDraft>>();
  private histories = new Map<string, { text: string; result: ReturnType<typeof parseHistory> }>();
  private lines = new Map<string, LineIndex>();
  private units = new Map<string, AnalyzedUnit>();
  /** Work counters since construction: files split and validated, YAML slices parsed (cache misses). */
  readonly stats = { filesAnalyzed: 0, yamlParsed: 0 };

  /** Checks `files` (path → text; paths `/`-separated, relative to the load-set root). Never throws on text. */
  check(files: Readonly<Record<string, string>>, options: CheckOptions = {}): CheckResult {
    const profile = options.profile ?? 'rfc';
    const date = options.today === undefined ? undefined : fastAgentDate(options.today);
    const sink = new DiagnosticSink();
    const { report } = sink;
    const { lookup, read } = new LoadSetReader(files, options.readFile, report);
    const lineIndex = (file: string, text: string) => this.lineIndex(file, text);

    const plan = planUnits(files, options, read);
    const reading = {
      options,
      profile,
      read,
      report,
      analyze: (path: string, text: string) => this.analyze(path, text, profile),
    };
    const analyses = readCardFiles(plan.agentCards, reading);
    for (const path of Object.keys(files)) if (!analyses.has(path)) this.files.delete(path);
    const entries = cardEntries(analyses, reading);
    // The other formats' agents are read first, so names are checked across the whole load-set.
    const units = analyzeUnits(plan.units, files, lookup, this.units);

    const cardNames = checkCardNames(entries, units);
    const refProblems = checkAgentRefs(
      entries
        .filter((e) => e.name !== null && e.draft.type !== undefined)
        .map((e) => ({ key: e.key, name: e.name!, refs: e.draft.agentRefs })),
      cardNames,
    );
    const out: CheckOutput = { cards: [], agents: [], compiled: [] };
    const parse = (text: string, offset: number, version: YamlVersion) =>
      this.parse(text, offset, version);
    const configFor = serverConfigLookup({ read, parse, report });
    const parseHistory = (path: string, text: string, hook: ReadFileHook) =>
      this.history(path, text, hook);
    compileCards(
      entries,
      refProblems,
      { options, profile, date, lookup, read, report, configFor, parseHistory, lineIndex },
      out,
    );
    addUnitAgents(units, cardNames, { read, report, lineIndex }, out);

    const diagnostics = sink.located((file) => this.lineIndex(file, read(file) ?? ''));
    const { cards, agents, compiled } = out;
    return { profile, cards, agents, compiled, diagnostics };
  }

  private analyze(path: string, text: string, profile: Profile): CardFileAnalysis {
    const cached = this.files.get(path);
    if (cached && cached.text === text && cached.profile === profile) return cached.analysis;
    this.stats.filesAnalyzed++;
    const analysis = analyzeCardFile(path, text, profile, {
      parse: (t, o, v) => this.parse(t, o, v),
      cards: this.drafts,
    });
    this.files.set(path, { text, profile, analysis });
    return analysis;
  }

  /** Parses a YAML slice through the cache: results are stored at offset 0 and re-based on use. */
  private parse(text: string, offset: number, version: YamlVersion): ParsedYaml {
    const cache = this.parses[version];
    let base = cache.get(text);
    if (!base) {
      base = parseYaml(text, 0, version);
      this.stats.yamlParsed++;
      if (cache.size > 50_000) cache.clear();
      cache.set(detachString(text), base);
    }
    if (offset === 0) return base;
    return {
      ...base,
      offset,
      diagnostics: base.diagnostics.map((d) => ({
        ...d,
        from: d.from + offset,
        to: d.to + offset,
      })),
    };
  }

  private lineIndex(file: string, text: string): LineIndex {
    const cached = this.lines.get(file);
    if (cached && cached.text === text) return cached;
    const index = new LineIndex(text);
    this.lines.set(file, index);
    return index;
  }

  private history(path: string, text: string, read: ReadFileHook) {
    const cached = this.histories.get(path);
    if (cached && cached.text === text) return cached.result;
    const result = parseHistory(text, path, read);
    this.histories.set(path, { text, result });
    return result;
  }
}

/** Checks a load-set once (a fresh `Checker`). */
export function checkLoadSet(
  files: Readonly<Record<string, string>>,
  options: CheckOptions = {},
): CheckResult {
  return new Checker().check(files, options);
}
