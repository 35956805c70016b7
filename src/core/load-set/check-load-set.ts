import { detachString } from '../detach-string.ts';
import {
  analyzeCardFile,
  type CardDraft,
  type CardFileAnalysis,
} from '../agentcard/analyze-card-file.ts';
import type { CardType, Profile } from '../agentcard/card-types.ts';
import { compileCard, type AgentData, type Json } from '../agentcard/compile-card.ts';
import { compileInstruction, fastAgentDate } from '../agentcard/load-instruction.ts';
import { resolveRefs, type PythonRef } from '../agentcard/python-refs.ts';
import { planServers, readServerConfigs, type ServerConfigs } from '../agentcard/servers.ts';
import {
  appendAll,
  compareDiagnostics,
  problem,
  type Diagnostic,
  type RawDiagnostic,
} from '../diagnostics.ts';
import { parseHistory } from '../history/parse-history.ts';
import type { HistoryMessage, HistoryPart } from '../history/history-message.ts';
import { LineIndex } from '../line-index.ts';
import { parseYaml, type ParsedYaml, type YamlVersion } from '../yaml/parse-yaml.ts';
import type { FormatAnalysis, FormatId } from '../formats/format-module.ts';
import { formatModule } from '../formats/registry.ts';
import { checkAgentRefs } from './cross-refs.ts';
import { planUnits, type PlannedUnit } from './plan-units.ts';
import { dirname, resolvePath } from './paths.ts';
import { isRefusal, outsideRootProblem, type ReadFileHook, type ReadRefusal } from './read-hook.ts';

/** Options of a check. */
export interface CheckOptions {
  /** Which rules to follow; `rfc` by default. */
  profile?: Profile;
  /**
   * Which paths are cards. By default every `.md`/`.markdown`/`.yaml`/`.yml` file except config files
   * and (rfc profile) files that a card names in `messages`.
   */
  cards?: readonly string[];
  /**
   * Reads a file outside the load-set (the command line passes the disk); absent in the browser. This
   * hook is the read boundary for embedders: it gets the load-set path a card names (resolved, possibly
   * `../…` or absolute) and answers the text, undefined (no such file), or a `ReadRefusal`:
   * `OUTSIDE_ROOT` makes the core report `path-outside-root` at the reference and go on without the
   * content; `{ refused: 'too-large', size, limit }` reports `input-too-large` on the file. Answer
   * `OUTSIDE_ROOT` for a refused path whether or not it exists. Must not throw.
   */
  readFile?: ReadFileHook;
  /** Tells whether a folder exists outside the load-set. */
  isDirectory?: (path: string) => boolean;
  /**
   * Card paths that were found by listing a folder rather than named one by one (fast-agent's directory
   * mode): a Markdown file among them without any frontmatter is skipped with a `not-a-card` note. When
   * `cards` is not given, every card is taken as discovered.
   */
  discovered?: readonly string[];
  /**
   * Environment for `${VAR}` / `${VAR:default}` in card values, which fast-agent expands when it loads a
   * card (fast-agent profile only). Unset variables stay as written.
   */
  env?: Readonly<Record<string, string>>;
  /**
   * Today's date (`YYYY-MM-DD`) for `{{currentDate}}` in a card's own instruction, which fast-agent expands
   * when it loads the card (fast-agent profile only). Without it the placeholder stays as written, so a
   * result never depends on the clock; the command line and the playground pass the local date. A value
   * that is not such a date throws a RangeError.
   */
  today?: string;
  /**
   * Reads every file as this format instead of detecting each file's format (the command line's
   * `--format`). Files of a folder format join its unit as usual.
   */
  format?: FormatId;
  /** Per-file format choice (the playground's picker); wins over `format` and detection. */
  formats?: Readonly<Record<string, FormatId>>;
}

/** One card of the split, for the UI: where it is and what it is. Lines are 1-based, inclusive. */
export interface CardInfo {
  file: string;
  index: number;
  name: string | null;
  type: CardType | null;
  from: number;
  to: number;
  headerTo: number;
  line: number;
  endLine: number;
  /** True when the card compiled without errors. */
  ok: boolean;
  /** The format the card was read as. */
  format: FormatId;
  /** Which shape of its format the definition is (e.g. `A2A v1.0 shape`), when the format has several. */
  shape?: string;
}

/** A compiled card; `ok` is false when the card (or its references) has errors. */
export interface CompiledAgent {
  ok: boolean;
  name: string;
  type: CardType;
  file: string;
  line: number;
  data: AgentData;
  history: Array<{ role: 'user' | 'assistant'; content: string }>;
  pythonRefs: PythonRef[];
  /** The format the agent was read from. */
  format: FormatId;
  /** Format-specific views (other formats than AgentCard), e.g. AFM's variables or TsAgent's MCP tools. */
  extras?: { [key: string]: Json };
}

/** The result of checking a load-set: plain, structured-cloneable data. */
export interface CheckResult {
  profile: Profile;
  cards: CardInfo[];
  /** Cards that compiled without errors: what `agentcard check --json` lists. */
  agents: CompiledAgent[];
  /** Every card that could be compiled, including those with errors (for the playground's output panel). */
  compiled: CompiledAgent[];
  diagnostics: Diagnostic[];
}

/** Files with a card extension that are fast-agent configuration, not cards. */
export const CONFIG_FILE_NAMES: ReadonlySet<string> = new Set([
  'fastagent.config.yaml',
  'fastagent.secrets.yaml',
]);
/** Largest file the checker reads (characters); larger ones get `input-too-large`. */
export const MAX_FILE_CHARS = 16 * 1024 * 1024;

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
  private units = new Map<string, { unit: PlannedUnit; analysis: FormatAnalysis }>();
  /** Work counters since construction: files split and validated, YAML slices parsed (cache misses). */
  readonly stats = { filesAnalyzed: 0, yamlParsed: 0 };

  /** Checks `files` (path → text; paths `/`-separated, relative to the load-set root). Never throws on text. */
  check(files: Readonly<Record<string, string>>, options: CheckOptions = {}): CheckResult {
    const profile = options.profile ?? 'rfc';
    const date = options.today === undefined ? undefined : fastAgentDate(options.today);
    const raw = new Map<string, RawDiagnostic[]>();
    const report = (file: string, d: RawDiagnostic) => {
      const list = raw.get(file);
      if (list) list.push(d);
      else raw.set(file, [d]);
    };
    const tooLarge = new Set<string>();
    const reportTooLarge = (path: string, message: string) => {
      if (tooLarge.has(path)) return;
      tooLarge.add(path);
      report(path, problem('input-too-large', message, 0, 0));
    };
    // The text of a path, undefined when absent or too large, or the hook's `outside-root` refusal.
    const lookup = (path: string): string | undefined | ReadRefusal => {
      const text = Object.hasOwn(files, path) ? files[path] : options.readFile?.(path);
      if (isRefusal(text)) {
        if (text.refused === 'outside-root') return text;
        reportTooLarge(
          path,
          `The file has ${text.size} bytes; at most ${text.limit} bytes are read`,
        );
        return undefined;
      }
      if (text === undefined || text.length <= MAX_FILE_CHARS) return text;
      reportTooLarge(
        path,
        `The file has ${text.length} characters; the checker reads at most ${MAX_FILE_CHARS}`,
      );
      return undefined;
    };
    const read = (path: string): string | undefined => {
      const text = lookup(path);
      return typeof text === 'string' ? text : undefined;
    };

    const plan = planUnits(files, options, read);
    const candidates = plan.agentCards;
    const analyses = new Map<string, CardFileAnalysis>();
    const isDiscovered = (path: string) =>
      options.cards === undefined || (options.discovered?.includes(path) ?? false);
    const withoutFrontmatter: string[] = [];
    for (const path of candidates) {
      const text = read(path);
      if (text === undefined) continue;
      const analysis = this.analyze(path, text, profile);
      if (
        isDiscovered(path) &&
        analysis.fatal &&
        analysis.diagnostics.some((d) => d.code === 'frontmatter-missing')
      ) {
        withoutFrontmatter.push(path);
        continue;
      }
      analyses.set(path, analysis);
    }

    // A file a card names in `messages` is a history file: never a card candidate when it was not named
    // as a card one by one (fast-agent loads every card file, so there only the note is dropped).
    const histories = historyTargets(analyses);
    for (const path of withoutFrontmatter)
      if (!histories.has(path))
        report(
          path,
          problem('not-a-card', 'No frontmatter: this Markdown file is not read as a card', 0, 0),
        );
    if (profile === 'rfc')
      for (const target of histories) if (isDiscovered(target)) analyses.delete(target);
    for (const path of Object.keys(files)) if (!analyses.has(path)) this.files.delete(path);

    const configs = new Map<string, ServerConfigs | undefined>();
    const configFor = (dir: string): ServerConfigs | undefined => {
      if (configs.has(dir)) return configs.get(dir);
      const path = dir === '' ? 'fastagent.config.yaml' : `${dir}/fastagent.config.yaml`;
      const text = read(path);
      let result: ServerConfigs | undefined;
      if (text !== undefined) {
        const parsed = this.parse(text, 0, '1.1');
        for (const d of parsed.diagnostics) report(path, d);
        const servers = parsed.ok ? readServerConfigs(parsed.value) : {};
        if (typeof servers === 'string')
          report(path, problem('config-invalid', servers, 0, Math.min(text.length, 1)));
        result = typeof servers === 'string' ? {} : servers;
      } else if (dir !== '') {
        result = configFor(dirname(dir));
      }
      configs.set(dir, result);
      return result;
    };

    interface Entry {
      key: number;
      file: string;
      draft: CardDraft;
      name: string | null;
      problems: RawDiagnostic[];
    }
    const entries: Entry[] = [];
    for (const [path, analysis] of analyses) {
      for (const d of analysis.diagnostics) report(path, d);
      for (const draft of analysis.cards) {
        const name =
          draft.name !== undefined && profile === 'fast-agent' && options.env
            ? String(expandEnv(draft.name, options.env))
            : draft.name;
        entries.push({
          key: entries.length,
          file: path,
          draft,
          name: name ?? null,
          problems: [...draft.diagnostics],
        });
      }
    }

    // The other formats' agents are read first, so names are checked across the whole load-set.
    const unitResults = this.analyzeUnits(plan.units, files, lookup);
    const unitNames = new Map<string, string>();
    for (const { analysis } of unitResults)
      for (const agent of analysis.agents)
        if (!unitNames.has(agent.name)) unitNames.set(agent.name, agent.file);

    const firstByName = new Map<string, Entry>();
    for (const entry of entries) {
      if (entry.name !== null && entry.draft.type !== undefined && unitNames.has(entry.name)) {
        const [from, to] = entry.draft.nameRange;
        entry.problems.push(
          problem(
            'duplicate-name',
            `An agent named '${entry.name}' is in ${unitNames.get(entry.name)}; names must be unique in the load-set, whatever the format`,
            from,
            to,
          ),
        );
        if (!firstByName.has(entry.name)) firstByName.set(entry.name, entry);
        continue;
      }
      if (entry.name === null || entry.draft.type === undefined) continue;
      const first = firstByName.get(entry.name);
      if (!first) {
        firstByName.set(entry.name, entry);
        continue;
      }
      const where = first.file === entry.file ? 'in this file' : `in ${first.file}`;
      const [from, to] = entry.draft.nameRange;
      entry.problems.push(
        problem(
          'duplicate-name',
          `Another card named '${entry.name}' is ${where}; names must be unique in the load-set`,
          from,
          to,
        ),
      );
    }

    const refProblems = checkAgentRefs(
      entries
        .filter((e) => e.name !== null && e.draft.type !== undefined)
        .map((e) => ({ key: e.key, name: e.name!, refs: e.draft.agentRefs })),
      new Set(firstByName.keys()),
    );

    const agents: CompiledAgent[] = [];
    const compiledAll: CompiledAgent[] = [];
    const cards: CardInfo[] = [];
    for (const entry of entries) {
      const { draft, file } = entry;
      appendAll(entry.problems, refProblems.get(entry.key) ?? []);
      let compiled: CompiledAgent | undefined;
      if (draft.type !== undefined && entry.name !== null) {
        const name = entry.name;
        const history = this.loadHistory(draft, file, lookup, entry.problems, report);
        const { refs, diagnostics: refDiagnostics } = resolveRefs(
          draft.refSites,
          file,
          name,
          profile,
          lookup,
        );
        appendAll(entry.problems, refDiagnostics);
        const servers = planServers(
          draft.fields['servers'],
          draft.ranges['servers'],
          configFor(dirname(file)),
        );
        appendAll(entry.problems, servers.diagnostics);
        appendAll(entry.problems, checkTemplateFiles(draft, lookup, profile));
        const fields =
          profile === 'fast-agent' && options.env
            ? (expandEnv(draft.fields, options.env) as Record<string, unknown>)
            : draft.fields;
        const instruction = compileInstruction(draft, profile, date, read(file) ?? '');
        appendAll(entry.problems, instruction.diagnostics);
        const data = compileCard(
          { ...draft, fields, instruction: instruction.instruction },
          name,
          servers.plan,
          history.files,
        );
        compiled = {
          ok: false,
          name,
          type: draft.type,
          file,
          line: 0,
          data,
          history: history.messages,
          pythonRefs: refs,
          format: 'agentcard',
        };
      }
      const ok = compiled !== undefined && !entry.problems.some((d) => d.severity === 'error');
      const index = this.lineIndex(file, read(file) ?? '');
      const info: CardInfo = {
        file,
        index: draft.index,
        name: entry.name,
        type: draft.type ?? null,
        from: draft.from,
        to: draft.to,
        headerTo: draft.headerTo,
        line: index.position(draft.from).line,
        endLine: index.position(Math.max(draft.from, draft.to - 1)).line,
        ok,
        format: 'agentcard',
      };
      cards.push(info);
      for (const d of entry.problems)
        report(file, { ...d, card: d.card ?? entry.name ?? undefined });
      if (compiled) {
        compiled.line = info.line;
        compiled.ok = ok;
        compiledAll.push(compiled);
        if (ok) agents.push(compiled);
      }
    }

    this.addUnitAgents(
      unitResults,
      new Set(firstByName.keys()),
      read,
      report,
      cards,
      compiledAll,
      agents,
    );

    const diagnostics: Diagnostic[] = [];
    for (const [file, list] of raw) {
      const index = this.lineIndex(file, read(file) ?? '');
      for (const d of list) diagnostics.push(locate(file, d, index));
    }
    diagnostics.sort(compareDiagnostics);
    return { profile, cards, agents, compiled: compiledAll, diagnostics };
  }

  /** Reads the units of the other formats, through the cache (which keeps only these units). */
  private analyzeUnits(
    planned: readonly PlannedUnit[],
    files: Readonly<Record<string, string>>,
    lookup: ReadFileHook,
  ): Array<{ unit: PlannedUnit; analysis: FormatAnalysis }> {
    const live = new Set<string>();
    const paths = Object.keys(files).sort();
    const results: Array<{ unit: PlannedUnit; analysis: FormatAnalysis }> = [];
    const read = (path: string): string | undefined => {
      const text = lookup(path);
      return typeof text === 'string' ? text : undefined;
    };
    const refused = (path: string): boolean => isRefusal(lookup(path));
    for (const unit of planned) {
      const key = `${unit.format}:${unit.entry}`;
      live.add(key);
      const cached = this.units.get(key);
      let analysis: FormatAnalysis;
      if (cached && sameUnit(cached.unit, unit)) analysis = cached.analysis;
      else {
        const module = formatModule(unit.format);
        analysis = module.analyze
          ? module.analyze({ entry: unit.entry, files: unit.files }, { read, paths, refused })
          : { agents: [], diagnostics: [] };
        this.units.set(key, { unit, analysis });
      }
      results.push({ unit, analysis });
    }
    for (const key of this.units.keys()) if (!live.has(key)) this.units.delete(key);
    return results;
  }

  /**
   * Adds the agents and problems of the other formats' units. An agent whose name another agent of the
   * load-set has (`cardNames`: the AgentCard cards' names; or another unit's agent) gets `duplicate-name`.
   */
  private addUnitAgents(
    results: ReadonlyArray<{ unit: PlannedUnit; analysis: FormatAnalysis }>,
    cardNames: ReadonlySet<string>,
    read: (path: string) => string | undefined,
    report: (file: string, d: RawDiagnostic) => void,
    cards: CardInfo[],
    compiled: CompiledAgent[],
    agents: CompiledAgent[],
  ): void {
    const count = new Map<string, number>();
    for (const { analysis } of results)
      for (const agent of analysis.agents) count.set(agent.name, (count.get(agent.name) ?? 0) + 1);
    for (const { unit, analysis } of results) {
      const failed = analysis.diagnostics.some((d) => (d.severity ?? 'error') === 'error');
      for (const d of analysis.diagnostics) {
        const { file, ...rest } = d;
        report(file, rest);
      }
      analysis.agents.forEach((agent, i) => {
        const text = read(agent.file) ?? '';
        const duplicate = cardNames.has(agent.name) || (count.get(agent.name) ?? 0) > 1;
        if (duplicate) {
          // Point at the name where the header spells it; else at the start of the agent.
          const at = text.slice(agent.from, agent.headerTo).indexOf(agent.name);
          const from = at < 0 ? agent.from : agent.from + at;
          report(agent.file, {
            ...problem(
              'duplicate-name',
              `Another agent is named '${agent.name}'; names must be unique in the load-set, whatever the format`,
              from,
              at < 0 ? from : from + agent.name.length,
            ),
            card: agent.name,
          });
        }
        const ok = !failed && !duplicate;
        const index = this.lineIndex(agent.file, text);
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
        cards.push(info);
        const out: CompiledAgent = {
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
        if (agent.extras) out.extras = agent.extras;
        compiled.push(out);
        if (ok) agents.push(out);
      });
    }
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

  private loadHistory(
    draft: CardDraft,
    file: string,
    lookup: ReadFileHook,
    problems: RawDiagnostic[],
    report: (file: string, d: RawDiagnostic) => void,
  ): { files: string[]; messages: CompiledAgent['history'] } {
    const files: string[] = [];
    const messages: CompiledAgent['history'] = [];
    const entries = messageEntries(draft.fields['messages']);
    const range = draft.ranges['messages'];
    entries.forEach((entry, i) => {
      const target = resolvePath(dirname(file), entry.trim());
      files.push(target);
      const [from, to] = range ? itemRange(draft, i, range.value) : draft.nameRange;
      const text = lookup(target);
      if (isRefusal(text)) {
        problems.push(outsideRootProblem(target, from, to));
        return;
      }
      if (text === undefined) {
        problems.push(
          problem('messages-file-not-found', `History file not found: ${target}`, from, to),
        );
        return;
      }
      const parsed = this.history(target, text, lookup);
      for (const d of parsed.diagnostics) report(target, d);
      if (parsed.diagnostics.some((d) => d.severity === 'error')) {
        problems.push(
          problem('history-invalid', `History file ${target} failed to load`, from, to),
        );
      }
      for (const message of parsed.messages) messages.push(flatten(message));
    });
    for (const message of draft.inlineMessages)
      messages.push({ role: message.role, content: message.text });
    return { files, messages };
  }

  private history(path: string, text: string, read: ReadFileHook) {
    const cached = this.histories.get(path);
    if (cached && cached.text === text) return cached.result;
    const result = parseHistory(text, path, read);
    this.histories.set(path, { text, result });
    return result;
  }
}

function sameUnit(a: PlannedUnit, b: PlannedUnit): boolean {
  const keys = Object.keys(a.files);
  if (keys.length !== Object.keys(b.files).length) return false;
  return keys.every((k) => Object.hasOwn(b.files, k) && a.files[k] === b.files[k]);
}

/** Checks a load-set once (a fresh `Checker`). */
export function checkLoadSet(
  files: Readonly<Record<string, string>>,
  options: CheckOptions = {},
): CheckResult {
  return new Checker().check(files, options);
}

const ENV_REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::([^}]*))?\}/g;

/** Expands `${VAR}` and `${VAR:default}` in every string of a value; unset variables stay as written. */
function expandEnv(value: unknown, env: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string') {
    return value.includes('${')
      ? value.replace(ENV_REFERENCE, (whole, name: string, fallback?: string) =>
          Object.hasOwn(env, name) ? env[name]! : (fallback ?? whole),
        )
      : value;
  }
  if (Array.isArray(value)) return value.map((item) => expandEnv(item, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, item]) => [k, expandEnv(item, env)]));
  }
  return value;
}

function messageEntries(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

function itemRange(draft: CardDraft, index: number, fallback: [number, number]): [number, number] {
  const items = draft.messageRanges;
  return items?.[index] ?? fallback;
}

/** The load-set paths that the cards of `analyses` name in `messages` (a file naming itself excluded). */
function historyTargets(analyses: ReadonlyMap<string, CardFileAnalysis>): Set<string> {
  const targets = new Set<string>();
  for (const [path, analysis] of analyses)
    for (const card of analysis.cards)
      for (const entry of messageEntries(card.fields['messages'])) {
        const target = resolvePath(dirname(path), entry);
        if (target !== path) targets.add(target);
      }
  return targets;
}

function flatten(message: HistoryMessage): CompiledAgent['history'][number] {
  const content = message.content.map(describePart).join('\n');
  return { role: message.role, content };
}

function describePart(part: HistoryPart): string {
  switch (part.type) {
    case 'text':
      return part.text;
    case 'resource':
      return part.text ?? `[resource ${part.uri}]`;
    case 'resource_link':
      return `[resource link ${part.uri}]`;
    case 'image':
      return `[image${part.uri ? ` ${part.uri}` : ''}]`;
    case 'audio':
      return `[audio ${part.mimeType}]`;
  }
}

/** The paths of `{{file:…}}` templates in `text`, scanned with indexOf (a regex backtracks quadratically). */
function fileTemplates(text: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  let at = text.indexOf('{{file:');
  while (at !== -1 && out.length < 100) {
    const close = text.indexOf('}}', at + 7);
    if (close === -1) break;
    const inner = text.slice(at + 7, close);
    if (inner !== '' && !inner.includes('}') && !seen.has(inner)) {
      seen.add(inner);
      out.push(inner);
    }
    at = text.indexOf('{{file:', close + 2);
  }
  return out;
}

/** `{{file:path}}` in an instruction must name a file relative to the load-set root (fast-agent's scan). */
function checkTemplateFiles(
  draft: CardDraft,
  lookup: ReadFileHook,
  profile: Profile,
): RawDiagnostic[] {
  const out: RawDiagnostic[] = [];
  const instruction = draft.instruction;
  if (!instruction) return out;
  for (const name of fileTemplates(instruction)) {
    const target = resolvePath('', name.trim());
    const text = lookup(target);
    if (typeof text === 'string') continue;
    const [from, to] = draft.ranges['instruction']?.value ?? [
      draft.bodyFrom,
      Math.max(draft.bodyFrom + 1, draft.bodyTo),
    ];
    if (isRefusal(text)) {
      out.push(outsideRootProblem(target, from, to));
      continue;
    }
    // The RFC defines no templates; fast-agent's validation scan fails the card.
    out.push(
      profile === 'fast-agent'
        ? problem(
            'instruction-file-not-found',
            `Instruction file not found: {{file:${name}}} -> ${target}`,
            from,
            to,
          )
        : problem(
            'portability',
            `fast-agent 0.10.9 fails this card: {{file:${name}}} names ${target}, which is not in the load-set`,
            from,
            to,
          ),
    );
  }
  return out;
}

function locate(file: string, raw: RawDiagnostic, index: LineIndex): Diagnostic {
  // Stages may point one past the end (a range forced non-empty at end of file): clamp to the text.
  const length = index.text.length;
  const from = Math.max(0, Math.min(raw.from, length));
  const d = { ...raw, from, to: Math.max(from, Math.min(raw.to, length)) };
  const start = index.position(d.from);
  const end = index.position(d.to);
  const out: Diagnostic = {
    code: d.code,
    severity: d.severity ?? 'error',
    message: d.message,
    file,
    from: d.from,
    to: d.to,
    line: start.line,
    column: start.column,
    endLine: end.line,
    endColumn: end.column,
  };
  if (d.card !== undefined) out.card = d.card;
  return out;
}

export type { Json };
