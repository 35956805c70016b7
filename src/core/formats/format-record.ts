/**
 * A format's registry record: everything the core, the editor and the command line need to know about a
 * format before its reader has loaded (its id and name, detection, the file names it owns, whether it can be
 * written, how the editor assists in it, how pasted text of it is named) and a `load()` that imports the
 * reader. Every list of formats is derived from the records (`formatRegistry`), so a format is one record in
 * its own folder (`formats/<id>/format.ts`) plus its line in `format-records.ts`. Records are light: the
 * playground's worker and page import them all up front.
 */
import type { FormatDetector, FormatModule } from './format-module.ts';

/** The editor's language for a file: what it highlights the text as. */
export type SourceLanguage = 'markdown' | 'yaml' | 'json';

/** How text pasted into the playground is recognised as a format and named. */
export interface PasteRule {
  /** The name a paste of this format gets (e.g. `pasted.afm.md`, `tsagent.json`). */
  readonly name: string;
  /** Whether pasted `text` is of this format (cheap, never throws; asked only of text of `name`'s kind). */
  claims(text: string): boolean;
}

/** One format's registry record (see the top of this file). `Id` is its stable id. */
export interface FormatRecord<Id extends string = string> extends FormatDetector<Id> {
  /**
   * The file name endings (lower case, with the dot) that a folder of this format's files offers it, each
   * with the language the editor shows it in. The command line's folder scan takes every file with one of
   * the endings of any format (`discovered`).
   */
  readonly extensions: Readonly<Record<string, SourceLanguage>>;
  /**
   * Endings of files the format reads only as members of its folder unit (TsAgent's `.mdt` rules), each
   * with its language. A folder scan does not take them on their own.
   */
  readonly memberExtensions?: Readonly<Record<string, SourceLanguage>>;
  /** For a folder format: the file name that makes a folder one of its units (`tsagent.json`). */
  readonly entry?: string;
  /** True for the format that takes any card file the others left: detection asks it last. */
  readonly fallback?: boolean;
  /** True when agents can be converted to this format (its module has `emit`). */
  readonly emits?: boolean;
  /** The editor's completion and hover: `schema` when they come from the format's schema (`schemaFields`). */
  readonly assist?: 'schema';
  /** How pasted text of this format is recognised and named; absent: by the generic rules only. */
  readonly paste?: PasteRule;
  /** Imports the format's module (its reader and writer); one chunk per format in a bundled build. */
  load(): Promise<FormatModule>;
}

/** Checks a record's shape and keeps its id's literal type (`formatRecord({ id: 'afm', … })`). */
export function formatRecord<const Id extends string>(record: FormatRecord<Id>): FormatRecord<Id> {
  if (!/^[a-z][a-z0-9]*$/.test(record.id)) throw new Error(`Bad format id: ${record.id}`);
  for (const ending of Object.keys({ ...record.extensions, ...record.memberExtensions }))
    if (ending !== ending.toLowerCase() || !ending.startsWith('.'))
      throw new Error(
        `Format ${record.id}: an extension is lower case and starts with a dot: ${ending}`,
      );
  return record;
}

/** The detector part of a record: what a format's module carries of it. */
export function detectorOf<Id extends string>(record: FormatRecord<Id>): FormatDetector<Id> {
  const { id, label, detect, reach, unitFolder } = record;
  return {
    id,
    label,
    detect,
    ...(reach ? { reach } : {}),
    ...(unitFolder ? { unitFolder } : {}),
  };
}

/** The lists and lookups derived from a list of records; see `formatRegistry`. */
export interface FormatRegistry<Id extends string = string> {
  /** The records as given (the order of `ids`: the order the UI and `--format` list them in). */
  readonly records: readonly FormatRecord<Id>[];
  /** Every format id. */
  readonly ids: readonly Id[];
  /** Each format's name as users know it. */
  readonly labels: Readonly<Record<Id, string>>;
  /** The formats a conversion can write. */
  readonly conversionTargets: readonly Id[];
  /** The formats whose editor completion and hover come from their schema. */
  readonly schemaAssisted: ReadonlySet<Id>;
  /** The records in detection order: the fallback (AgentCard) last. */
  readonly detectors: readonly FormatRecord<Id>[];
  /** The detector of `id`; throws an Error for an id not in `ids` (a programming error). */
  detector(id: Id): FormatRecord<Id>;
  /** The format that claims `path` with `text` (the first detector that says yes), or undefined. Never throws. */
  detect(path: string, text: string): Id | undefined;
  /** How many leading characters of a file at `path` detection reads (Infinity: all of them). */
  reach(path: string): number;
  /** Each format's loader. */
  readonly loaders: Readonly<Record<Id, () => Promise<FormatModule>>>;
  /** The editor's language for `path` by its longest known ending, case-insensitive; undefined: plain text. */
  language(path: string): SourceLanguage | undefined;
  /**
   * Whether a folder scan takes a file called `name`: it ends with a format's extension and has a name
   * before it (a bare `.md` is not taken).
   */
  discovered(name: string): boolean;
  /** The file names that make a folder a unit of a folder format (`tsagent.json`). */
  readonly entries: ReadonlySet<string>;
  /** The paste rules whose name ends with `ending` (`.json`, `.md`), in detection order. */
  pasteRules(ending: string): PasteRule[];
}

/** The name part of a `/`-separated path, lower case. */
function lowerName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).toLowerCase();
}

/** Builds every list and lookup from `records` (ids unique; at most one fallback). Throws on a bad list. */
export function formatRegistry<Id extends string>(
  records: readonly FormatRecord<Id>[],
): FormatRegistry<Id> {
  const ids = records.map((r) => r.id);
  if (new Set(ids).size !== ids.length) throw new Error(`Format ids repeat: ${ids.join(', ')}`);
  const detectors = [...records.filter((r) => !r.fallback), ...records.filter((r) => r.fallback)];
  const byId = new Map(records.map((r) => [r.id, r]));
  const languages = records
    .flatMap((r) => [...Object.entries(r.extensions), ...Object.entries(r.memberExtensions ?? {})])
    .sort(([a], [b]) => b.length - a.length);
  const discoverable = [...new Set(records.flatMap((r) => Object.keys(r.extensions)))];
  return {
    records,
    ids,
    labels: Object.fromEntries(records.map((r) => [r.id, r.label])) as Record<Id, string>,
    conversionTargets: records.filter((r) => r.emits).map((r) => r.id),
    schemaAssisted: new Set(records.filter((r) => r.assist === 'schema').map((r) => r.id)),
    detectors,
    detector(id) {
      const found = byId.get(id);
      if (!found) throw new Error(`Unknown format id: ${id}`);
      return found;
    },
    detect(path, text) {
      for (const format of detectors) if (format.detect(path, text)) return format.id;
      return undefined;
    },
    reach(path) {
      let reach = 0;
      for (const format of detectors) reach = Math.max(reach, format.reach?.(path) ?? Infinity);
      return reach;
    },
    loaders: Object.fromEntries(records.map((r) => [r.id, () => r.load()])) as Record<
      Id,
      () => Promise<FormatModule>
    >,
    language(path) {
      const name = lowerName(path);
      return languages.find(([ending]) => name.endsWith(ending))?.[1];
    },
    discovered(name) {
      const lower = lowerName(name);
      return discoverable.some((ending) => lower.length > ending.length && lower.endsWith(ending));
    },
    entries: new Set(records.flatMap((r) => (r.entry === undefined ? [] : [r.entry]))),
    pasteRules(ending) {
      return detectors.flatMap((r) => (r.paste?.name.endsWith(ending) ? [r.paste] : []));
    },
  };
}
