/**
 * The names pass: agent names are unique in the load-set, whatever the format. A card whose name an
 * agent of another format has, or an earlier card has, gets `duplicate-name` at its name; so does every
 * agent of another format whose name is taken twice.
 */
import { problem, type RawDiagnostic } from '../../diagnostics.ts';
import type { FormatAgent } from '../../formats/format-module.ts';
import type { CardEntry } from './cards.ts';
import type { AnalyzedUnit } from '../analyze-units.ts';
import { duplicateNameFixes, missingNameFixes } from '../../fixes/name-fixes.ts';
import { withFixes } from '../../fixes/typo-fix.ts';

/** How many agents of the other formats' units have each name. */
export function unitNameCounts(units: readonly AnalyzedUnit[]): Map<string, number> {
  const count = new Map<string, number>();
  for (const { analysis } of units)
    for (const agent of analysis.agents) count.set(agent.name, (count.get(agent.name) ?? 0) + 1);
  return count;
}

/**
 * Adds `duplicate-name` to each card entry whose name is taken (by a unit's agent, or by an earlier card)
 * and answers the cards' names, in order of first appearance. With `read` (a load-set file's text), a
 * card's `missing-name` gets the fix that names it, and `duplicate-name` the fix that renames it.
 */
export function checkCardNames(
  entries: readonly CardEntry[],
  units: readonly AnalyzedUnit[],
  read?: (path: string) => string | undefined,
): Set<string> {
  const unitFiles = new Map<string, string>();
  for (const { analysis } of units)
    for (const agent of analysis.agents)
      if (!unitFiles.has(agent.name)) unitFiles.set(agent.name, agent.file);
  const taken = new Set([...unitFiles.keys(), ...entries.flatMap((e) => e.name ?? [])]);
  if (read) addMissingNameFixes(entries, read, taken);
  const rename = (entry: CardEntry, d: RawDiagnostic) =>
    read ? withFixes(d, duplicateNameFixes(entry.draft, entry.name!, taken)) : d;
  const firstByName = new Map<string, CardEntry>();
  for (const entry of entries) {
    if (entry.name === null || entry.draft.type === undefined) continue;
    const [from, to] = entry.draft.nameRange;
    const unitFile = unitFiles.get(entry.name);
    if (unitFile !== undefined) {
      entry.problems.push(
        rename(
          entry,
          problem(
            'duplicate-name',
            `An agent named '${entry.name}' is in ${unitFile}; names must be unique in the load-set, whatever the format`,
            from,
            to,
          ),
        ),
      );
      if (!firstByName.has(entry.name)) firstByName.set(entry.name, entry);
      continue;
    }
    const first = firstByName.get(entry.name);
    if (!first) {
      firstByName.set(entry.name, entry);
      continue;
    }
    const where = first.file === entry.file ? 'in this file' : `in ${first.file}`;
    entry.problems.push(
      rename(
        entry,
        problem(
          'duplicate-name',
          `Another card named '${entry.name}' is ${where}; names must be unique in the load-set`,
          from,
          to,
        ),
      ),
    );
  }
  return new Set(firstByName.keys());
}

/** Gives each entry's `missing-name` problem (a copy: drafts are cached) the fix that names the card. */
function addMissingNameFixes(
  entries: readonly CardEntry[],
  read: (path: string) => string | undefined,
  taken: Set<string>,
): void {
  for (const entry of entries) {
    const at = entry.problems.findIndex((d) => d.code === 'missing-name');
    const text = at < 0 ? undefined : read(entry.file);
    if (text === undefined) continue;
    const fixes = missingNameFixes(entry.file, text, entry.draft, taken);
    if (fixes) entry.problems[at] = { ...entry.problems[at]!, fixes };
  }
}

/**
 * The `duplicate-name` problem of a unit's `agent` (text: its file's): at the name where the header
 * spells it, else at the start of the agent.
 */
export function unitDuplicateName(agent: FormatAgent, text: string): RawDiagnostic {
  const at = text.slice(agent.from, agent.headerTo).indexOf(agent.name);
  const from = at < 0 ? agent.from : agent.from + at;
  return {
    ...problem(
      'duplicate-name',
      `Another agent is named '${agent.name}'; names must be unique in the load-set, whatever the format`,
      from,
      at < 0 ? from : from + agent.name.length,
    ),
    card: agent.name,
  };
}
