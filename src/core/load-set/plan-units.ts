/**
 * Sorts the files of a load-set into units, each for one format module: a single file, or a whole folder
 * for folder formats such as TsAgent's. AgentCard files are units of one file like any other.
 */
import { getOwn, setOwn } from '../own-property.ts';
import type { FormatRegistry } from '../formats/format-record.ts';
import { FORMAT_REGISTRY, type FormatId } from '../formats/format-records.ts';
import type { CheckOptions } from './check-result.ts';
import { basename } from '../text/paths.ts';

/** A unit of the load-set, ready for its format module's `analyze`. */
export interface PlannedUnit {
  format: FormatId;
  entry: string;
  files: Record<string, string>;
}

const CONFIG_FILE_NAMES = new Set(['fastagent.config.yaml', 'fastagent.secrets.yaml']);

/**
 * Plans a check: the units, folder units first, then single files in path order. Without
 * `options.cards`, every file of the load-set is a candidate and files no format claims (histories,
 * `tools.py`, configs) are left for the cards to reference; with it, only those paths are, and a named
 * file no format claims is an AgentCard unit (whose analysis reports its extension) unless it was found
 * by listing a folder (`options.discovered`). A file that cannot be read is no unit. `formats` detects
 * each file's format (every format's detector unless a test gives another registry).
 */
export function planUnits(
  files: Readonly<Record<string, string>>,
  options: CheckOptions,
  read: (path: string) => string | undefined,
  formats: FormatRegistry<string> = FORMAT_REGISTRY,
): PlannedUnit[] {
  // Named one by one: a file no format claims still goes to AgentCard, which says why it is not a card.
  // Files found by listing a folder (`discovered`) are only read when some format claims them.
  const discovered = new Set(options.discovered ?? []);
  const named = options.cards
    ? new Set(options.cards.filter((p) => !discovered.has(p)))
    : undefined;
  const candidates = (options.cards ?? Object.keys(files))
    .filter(
      (p) => (named !== undefined && !discovered.has(p)) || !CONFIG_FILE_NAMES.has(basename(p)),
    )
    .slice()
    .sort();
  const choose = formatChooser(options, named, read, formats);
  const all = [...new Set([...Object.keys(files), ...candidates])].sort();
  const { units, claimed } = folderUnits(all, choose, read, formats);
  for (const path of candidates) {
    if (claimed.some((c) => within(path, c))) continue;
    let format = choose(path);
    if (format === undefined && named?.has(path)) format = 'agentcard';
    const text = format === undefined ? undefined : read(path);
    if (format !== undefined && text !== undefined)
      units.push({ format, entry: path, files: { [path]: text } });
  }
  return units;
}

/**
 * The format of each path (memoised): the per-file choice, else `options.format` for a file some format
 * claims or that was named, else the detected format; undefined when no format claims it.
 */
function formatChooser(
  options: CheckOptions,
  named: ReadonlySet<string> | undefined,
  read: (path: string) => string | undefined,
  formats: FormatRegistry<string>,
): (path: string) => FormatId | undefined {
  const chosen = new Map<string, FormatId | undefined>();
  return (path) => {
    if (chosen.has(path)) return chosen.get(path);
    const text = read(path);
    let format: FormatId | undefined;
    if (text !== undefined) {
      const detected = formats.detect(path, text) as FormatId | undefined;
      const explicit = getOwn(options.formats, path);
      format =
        explicit ??
        (options.format !== undefined && (detected !== undefined || named?.has(path))
          ? options.format
          : detected);
    }
    chosen.set(path, format);
    return format;
  };
}

/**
 * The units of folder formats among `all` (sorted), and their folders: each folder's files belong to its
 * unit and to nobody else.
 */
function folderUnits(
  all: readonly string[],
  choose: (path: string) => FormatId | undefined,
  read: (path: string) => string | undefined,
  formats: FormatRegistry<string>,
): { units: PlannedUnit[]; claimed: string[] } {
  const units: PlannedUnit[] = [];
  const claimed: string[] = [];
  for (const path of all) {
    const format = choose(path);
    const folder = format !== undefined ? formats.detector(format).unitFolder?.(path) : undefined;
    if (format === undefined || folder === undefined) continue;
    if (claimed.some((c) => within(path, c))) continue;
    const unitFiles: Record<string, string> = {};
    for (const member of all) {
      if (!within(member, folder)) continue;
      const text = read(member);
      if (text !== undefined) setOwn(unitFiles, member, text);
    }
    claimed.push(folder);
    units.push({ format, entry: path, files: unitFiles });
  }
  return { units, claimed };
}

function within(path: string, folder: string): boolean {
  return folder === '' || path.startsWith(folder + '/');
}
