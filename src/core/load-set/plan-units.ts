/**
 * Sorts the files of a load-set by format: AgentCard files go to the card pipeline, every other format's
 * files are grouped into units (one file, or a whole folder for folder formats such as TsAgent's).
 */
import { getOwn, setOwn } from '../own-property.ts';
import type { FormatId } from '../formats/format-module.ts';
import { detectFormat, formatModule } from '../formats/registry.ts';
import type { CheckOptions } from './check-result.ts';
import { basename } from './paths.ts';

/** A unit of a non-AgentCard format, ready for its module's `analyze`. */
export interface PlannedUnit {
  format: FormatId;
  entry: string;
  files: Record<string, string>;
}

/** Which files are AgentCard cards, and the other formats' units. */
export interface UnitPlan {
  /** Paths for the AgentCard pipeline, sorted. */
  agentCards: string[];
  units: PlannedUnit[];
}

const CONFIG_FILE_NAMES = new Set(['fastagent.config.yaml', 'fastagent.secrets.yaml']);

/**
 * Plans a check. Without `options.cards`, every file of the load-set is a candidate and files no format
 * claims (histories, `tools.py`, configs) are left for the cards to reference; with it, only those paths
 * are, and a named file no format claims goes to the AgentCard pipeline (which reports its extension)
 * unless it was found by listing a folder (`options.discovered`).
 */
export function planUnits(
  files: Readonly<Record<string, string>>,
  options: CheckOptions,
  read: (path: string) => string | undefined,
): UnitPlan {
  // Named one by one: a file no format claims still goes to the card pipeline, which says why it is not
  // a card. Files found by listing a folder (`discovered`) are only read when some format claims them.
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
  const chosen = new Map<string, FormatId | undefined>();
  const choose = (path: string): FormatId | undefined => {
    if (chosen.has(path)) return chosen.get(path);
    const text = read(path);
    let format: FormatId | undefined;
    if (text !== undefined) {
      const detected = detectFormat(path, text);
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

  // Folder formats first: their folder's files belong to them and to nobody else.
  const units: PlannedUnit[] = [];
  const claimed: string[] = [];
  const all = [...new Set([...Object.keys(files), ...candidates])].sort();
  for (const path of all) {
    const format = choose(path);
    const folder = format !== undefined ? formatModule(format).unitFolder?.(path) : undefined;
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

  const agentCards: string[] = [];
  for (const path of candidates) {
    if (claimed.some((c) => within(path, c))) continue;
    const format = choose(path);
    if (format === 'agentcard' || (format === undefined && named?.has(path))) {
      if (read(path) !== undefined || named?.has(path)) agentCards.push(path);
      continue;
    }
    if (format === undefined) continue;
    const text = read(path);
    if (text !== undefined) units.push({ format, entry: path, files: { [path]: text } });
  }
  return { agentCards, units };
}

function within(path: string, folder: string): boolean {
  return folder === '' || path.startsWith(folder + '/');
}
