/**
 * The AgentCard stage of a check: reads the card files the plan gives to AgentCard, sets aside the files
 * that are histories or no cards at all, and lists every card (a file may hold several) as an entry for
 * the load-set passes.
 */
import { problem, type RawDiagnostic } from '../diagnostics.ts';
import type { CardDraft, CardFileAnalysis } from '../formats/agentcard/analyze-card-file.ts';
import { expandEnv } from './passes/env.ts';
import { historyTargets } from './passes/history-files.ts';
import type { CheckOptions } from './check-result.ts';
import type { Profile } from '../model/agent-types.ts';

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

/** What reading the cards needs from the check. */
export interface CardReading {
  options: CheckOptions;
  profile: Profile;
  read(path: string): string | undefined;
  /** Analyzes one card file (through the checker's cache). */
  analyze(path: string, text: string): CardFileAnalysis;
  report(file: string, d: RawDiagnostic): void;
}

/**
 * Analyzes the card files `paths` (sorted). A discovered Markdown file without frontmatter gets a
 * `not-a-card` note unless a card names it as history; in the rfc profile a discovered file that a card
 * names as history is not a card. Answers the card files by path, in `paths` order.
 */
export function readCardFiles(
  paths: readonly string[],
  reading: CardReading,
): Map<string, CardFileAnalysis> {
  const { options } = reading;
  const isDiscovered = (path: string) =>
    options.cards === undefined || (options.discovered?.includes(path) ?? false);
  const analyses = new Map<string, CardFileAnalysis>();
  const withoutFrontmatter: string[] = [];
  for (const path of paths) {
    const text = reading.read(path);
    if (text === undefined) continue;
    const analysis = reading.analyze(path, text);
    if (isDiscovered(path) && analysis.fatal && missingFrontmatter(analysis))
      withoutFrontmatter.push(path);
    else analyses.set(path, analysis);
  }
  // A file a card names in `messages` is a history file: never a card candidate when it was not named
  // as a card one by one (fast-agent loads every card file, so there only the note is dropped).
  const histories = historyTargets(analyses);
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

/**
 * Reports each card file's own diagnostics and lists its cards as entries, in file then card order.
 * In the fast-agent profile with `options.env`, a card's name has `${VAR}` expanded.
 */
export function cardEntries(
  analyses: ReadonlyMap<string, CardFileAnalysis>,
  reading: CardReading,
): CardEntry[] {
  const { env } = reading.options;
  const entries: CardEntry[] = [];
  for (const [path, analysis] of analyses) {
    for (const d of analysis.diagnostics) reading.report(path, d);
    for (const draft of analysis.cards) {
      const name =
        draft.name !== undefined && reading.profile === 'fast-agent' && env
          ? String(expandEnv(draft.name, env))
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
  return entries;
}

function missingFrontmatter(analysis: CardFileAnalysis): boolean {
  return analysis.diagnostics.some((d) => d.code === 'frontmatter-missing');
}
