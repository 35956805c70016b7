/**
 * The cards pass: which AgentCard units of the load-set are cards at all, and every card (a file may hold
 * several) as an entry for the passes after it. A file that a card names as history is no card (rfc
 * profile), and a discovered Markdown file without frontmatter gets a `not-a-card` note unless it is a
 * history file.
 */
import { problem, type RawDiagnostic } from '../../diagnostics.ts';
import { normalizeName, type CardDraft } from '../../formats/agentcard/analyze-card-file.ts';
import type { FormatAnalysis } from '../../formats/format-module.ts';
import type { Profile } from '../../model/agent-types.ts';
import type { AnalyzedUnit } from '../analyze-units.ts';
import type { CheckOptions } from '../check-result.ts';
import type { PortabilityFixer } from '../portability-fixer.ts';
import { expandEnv } from './env.ts';
import { historyTargets } from './history-files.ts';

/** One card of the load-set, with the problems the passes find in it (reported once it is compiled). */
export interface CardEntry {
  /** Its position among all entries (the key of the reference check). */
  key: number;
  file: string;
  draft: CardDraft;
  /** The card's name (fast-agent profile: with the environment expanded); null when it has none. */
  name: string | null;
  problems: RawDiagnostic[];
}

/** What the cards pass needs from the check. */
export interface CardReading {
  options: CheckOptions;
  profile: Profile;
  report(file: string, d: RawDiagnostic): void;
  /** Reads a file of the load-set (for the fixes that split a bundle). */
  read(path: string): string | undefined;
  /** Adds the portability fixes (the bundle split here). */
  fixer: PortabilityFixer;
}

/**
 * The cards of the units among `units` that have drafts (AgentCard's), as entries in file then card
 * order. Reports each card file's own diagnostics, and `not-a-card` notes.
 */
export function cardEntries(units: readonly AnalyzedUnit[], reading: CardReading): CardEntry[] {
  const analyses = cardFiles(units, reading);
  const { env } = reading.options;
  const expand = reading.profile === 'fast-agent' && env !== undefined;
  const entries: CardEntry[] = [];
  for (const [path, analysis] of analyses) {
    for (const { file, ...d } of reading.fixer.bundleFixes(path, analysis, reading))
      reading.report(file, d);
    for (const draft of analysis.drafts ?? []) {
      const problems = [...draft.diagnostics];
      const name = expand ? expandedName(draft, env, problems) : draft.name;
      entries.push({ key: entries.length, file: path, draft, name: name ?? null, problems });
    }
  }
  return entries;
}

/**
 * The card's name with the environment expanded as fast-agent does: in the `name` value as written, then
 * stripped and every space made `_` (a value that is blank only once expanded gets fast-agent's error).
 */
function expandedName(
  draft: CardDraft,
  env: Readonly<Record<string, string>>,
  problems: RawDiagnostic[],
): string | undefined {
  const raw = draft.fields['name'];
  if (typeof raw !== 'string' || !raw.includes('${')) return draft.name;
  const expanded = String(expandEnv(raw, env));
  if (raw.trim() !== '' && expanded.trim() === '') {
    const [from, to] = draft.nameRange;
    problems.push(
      problem(
        'invalid-value',
        `\`name\` must be a non-empty string: \`${raw}\` expands to a blank name in this environment`,
        from,
        to,
      ),
    );
  }
  return normalizeName(expanded);
}

/**
 * The units with drafts that are card files, by path. A discovered Markdown file without frontmatter gets
 * a `not-a-card` note unless a card names it as history; in the rfc profile a discovered file that a card
 * names as history is not a card.
 */
function cardFiles(
  units: readonly AnalyzedUnit[],
  reading: CardReading,
): Map<string, FormatAnalysis> {
  const { options } = reading;
  const isDiscovered = (path: string) =>
    options.cards === undefined || (options.discovered?.includes(path) ?? false);
  const analyses = new Map<string, FormatAnalysis>();
  const withoutFrontmatter: string[] = [];
  for (const { unit, analysis } of units) {
    if (analysis.drafts === undefined) continue;
    if (isDiscovered(unit.entry) && analysis.fatal && missingFrontmatter(analysis))
      withoutFrontmatter.push(unit.entry);
    else analyses.set(unit.entry, analysis);
  }
  // A file a card names in `messages` is a history file: never a card candidate when it was not named
  // as a card one by one (fast-agent loads every card file, so there only the note is dropped).
  const { env } = options;
  const histories = historyTargets(
    analyses,
    reading.profile === 'fast-agent' && env ? (value) => expandEnv(value, env) : undefined,
  );
  for (const path of withoutFrontmatter)
    if (!histories.has(path))
      reading.report(
        path,
        problem('not-a-card', 'No frontmatter: this Markdown file is not read as a card', 0, 0),
      );
  if (reading.profile === 'rfc')
    for (const target of histories) if (isDiscovered(target)) analyses.delete(target);
  return analyses;
}

function missingFrontmatter(analysis: FormatAnalysis): boolean {
  return analysis.diagnostics.some((d) => d.code === 'frontmatter-missing');
}
