/**
 * The contract every agent-definition format implements. A format module is one folder under
 * `src/core/formats/` whose `format.ts` holds its registry record (`format-record.ts`, listed in
 * `format-records.ts`) and whose `index.ts` exports its `FormatModule`; the load-set checker
 * reads every unit of every format, AgentCard included, through its module's `analyze`.
 *
 * Reading happens in two phases. `analyze` reads one unit on its own (cacheable by the unit's text). What
 * a definition needs from the rest of the load-set is the second phase, the load-set passes
 * (`src/core/load-set/passes/`), which run over the agents of all units: names are unique across formats;
 * and an AgentCard card, whose compile depends on other files (the cards its workflow fields name, its
 * history files, the folder's `fastagent.config.yaml`, `{{file:…}}` templates, Python files), comes out of
 * `analyze` as a *draft* (`FormatAnalysis.drafts`) that the passes check and compile. A format whose
 * definitions stand alone compiles them in `analyze` and returns no drafts.
 */
import type { AgentData, Json } from '../model/agent-data.ts';
import type { Profile } from '../model/agent-types.ts';
import type { CodeInfo, RawDiagnostic } from '../diagnostics.ts';
import type { ParsedYaml, YamlVersion } from '../text/parse-yaml.ts';
import type { CardDraft } from './agentcard/analyze-card-file.ts';

import type { FormatId } from './format-records.ts';

export type { FormatId };

/**
 * What a format reads as one unit: a single file, or (TsAgent's agent directory) a folder. `files` holds
 * every file of the unit by load-set path (`/`-separated, relative to the load-set root).
 */
export interface FormatUnit {
  /** The file that identifies the unit: the file itself, or e.g. a folder's `tsagent.json`. */
  entry: string;
  /** Every file of the unit, `entry` included: path → text. */
  files: Readonly<Record<string, string>>;
}

/** What a format module may look at beyond its unit (other load-set files, the disk on the command line). */
export interface FormatContext {
  /** Reads a file by load-set path; undefined when absent (or refused: see `refused`). */
  read(path: string): string | undefined;
  /**
   * True when the host refused to read `path` because it is outside the load-set root (the `readFile`
   * hook's `OUTSIDE_ROOT`): the module reports `path-outside-root` where it names the file. Absent means
   * nothing is refused.
   */
  refused?(path: string): boolean;
  /** Every path of the load-set (the files given), sorted. */
  readonly paths: readonly string[];
  /** Tells whether a folder exists (command line only; absent in the browser). */
  isDirectory?(path: string): boolean;
  /** Which rules to read by, for a format that has profiles (AgentCard); `rfc` when absent. */
  readonly profile?: Profile;
  /**
   * Parses YAML with positions (same answers as `parseYaml` of `text/parse-yaml.ts`), through the
   * checker's cache so a re-check re-parses only changed slices; absent: the module parses directly.
   */
  readonly parseYaml?: (text: string, offset: number, version: YamlVersion) => ParsedYaml;
}

/** A diagnostic of a format module: a raw diagnostic plus the file it is in (the unit may span files). */
export type FormatDiagnostic = RawDiagnostic & { file: string };

/** One agent a unit defines, compiled to the canonical shape. */
export interface FormatAgent {
  /** The agent's name (from the definition, else derived from the file name). */
  name: string;
  /** The file and `[from, to)` range that define the agent (for the split panel and jumps). */
  file: string;
  from: number;
  to: number;
  /** End of the agent's header (frontmatter / metadata), for highlighting; `to` when there is none. */
  headerTo: number;
  /**
   * The canonical compiled form: the same shape as an AgentCard's compile (`{ config: {AgentConfig
   * fields, snake_case}, type, schema_version, … }`), so panels and converters treat all formats alike.
   */
  data: AgentData;
  /**
   * Format-specific views for the output panel, keyed by a short name (e.g. `variables`, `mcpTools`,
   * `cel`, `skills`). Plain JSON.
   */
  extras?: { [key: string]: Json };
}

/** The result of reading one unit. `ok` of each agent is decided by the checker from the errors. */
export interface FormatAnalysis {
  /**
   * Which shape of the format the unit is, in words (e.g. `AFM v0.3.0`, `A2A v1.0 shape`), shown to the
   * user; absent when there is only one.
   */
  shape?: string;
  agents: FormatAgent[];
  diagnostics: FormatDiagnostic[];
  /**
   * The unit's definitions that the load-set passes finish and compile (AgentCard's cards, in file
   * order), for a format whose compile needs other files; absent for a format that compiles in `analyze`.
   */
  drafts?: CardDraft[];
  /**
   * True when the unit could not be read as a definition at all (AgentCard: no frontmatter, an
   * unsupported extension, a `SKILL.md`); the passes then decide whether it is worth a note.
   */
  fatal?: boolean;
}

/**
 * A stateful `analyze` that keeps work between calls: the same answers as the module's `analyze`, faster
 * when called again on edited text. The `Checker` makes one per format and keeps it for its lifetime.
 */
export interface UnitAnalyzer {
  analyze(unit: FormatUnit, context: FormatContext): FormatAnalysis;
}

/** What converting an agent to another format produced. */
export interface Conversion {
  /** The new file(s): suggested path → text. */
  files: Record<string, string>;
  /** Everything the target cannot express, one entry per dropped or changed item; never silent. */
  lost: Array<{ field: string; reason: string }>;
}

/** Options of a conversion: what the source cannot supply (e.g. the A2A card's `url`). */
export interface EmitOptions {
  /** The base name (no extension) for the produced file. */
  baseName?: string;
  /** The A2A service URL (A2A cards require one). */
  url?: string;
  /**
   * The agent's name in the produced file (absent: its own). The file's name follows it unless `baseName`
   * is given; a copy beside the original needs a name of its own, or both get `duplicate-name`.
   */
  name?: string;
}

/** An agent to convert: its compiled data and where it came from. */
export interface EmitSource {
  name: string;
  format: FormatId;
  data: AgentData;
  extras?: { [key: string]: Json };
}

/**
 * What the checker needs of a format before reading anything: its id, name and detection. Cheap to
 * load (each format keeps it in its registry record, `format.ts`), so a host can load the readers lazily.
 */
export interface FormatDetector<Id extends string = FormatId> extends Detection {
  readonly id: Id;
}

/** A detector without its id (the id's type comes from the records, which hold detectors). */
interface Detection {
  /** The format's name as users know it (`AFM`, `OpenAgentSpec`, …). */
  readonly label: string;
  /**
   * Whether `path` with `text` is a file of this format, by name and content. Cheap (runs on every file of
   * the load-set on every check) and never throws. For folder formats, true for the file that identifies
   * the folder (e.g. `tsagent.json`).
   */
  readonly detect: (path: string, text: string) => boolean;
  /**
   * How many leading characters of the text `detect` reads for a file at `path` (0: it goes by the name
   * alone). Omitted: all of them. Lets an editor detect a large file from its start without joining it.
   */
  readonly reach?: (path: string) => number;
  /**
   * For folder formats: the folder an entry file claims. Every load-set file under it joins the unit and is
   * read by nobody else. Undefined when the entry is a single-file unit of a format that has both kinds.
   */
  readonly unitFolder?: (entry: string) => string | undefined;
}

/** A format's own diagnostic codes, each with its default severity and meaning. */
export type CodeTable = Readonly<Record<string, CodeInfo>>;

/**
 * One agent-definition format: its detector plus the reader (and writer) and its code table (`Codes`, whose
 * keys join the `DiagnosticCode` union).
 */
export interface FormatModule<Codes extends CodeTable = CodeTable> extends Detection {
  readonly id: FormatId;
  /**
   * The codes only this format raises (part of the one table, `DIAGNOSTIC_CODES`); it may raise the core's
   * too.
   */
  readonly codes: Codes;
  /** Reads one unit (phase one: see the top of this file). Pure; never throws on any text. */
  analyze(unit: FormatUnit, context: FormatContext): FormatAnalysis;
  /**
   * A new stateful analyzer that reuses work between calls (AgentCard keeps each card's draft by its
   * text, so an edit in a 1,000-card bundle re-reads one card). Absent: `analyze` is used as it is.
   */
  analyzer?(): UnitAnalyzer;
  /** Writes an agent in this format, listing what cannot be expressed. Absent when not a target. */
  emit?(source: EmitSource, options: EmitOptions): Conversion;
}
