/**
 * `fixAll`: check, apply the wanted fixes, check again, until nothing more applies. The one loop
 * behind `agentcard check --fix`, the playground's "Fix all safe problems" and the tests.
 */
import { Checker } from '../load-set/check-load-set.ts';
import type { CheckOptions, CheckResult } from '../load-set/check-result.ts';
import type { Diagnostic } from '../diagnostics.ts';
import { applyFixes, type Fix } from './fix.ts';
import { describeCard, lostCards, type CardKey } from './kept-cards.ts';

/** Which fixes a `fixAll` run applies. */
export interface FixAllOptions {
  /** Also apply fixes marked not safe. */
  unsafe?: boolean;
  /** Also apply the fast-agent portability fixes (marked `portability`). */
  portability?: boolean;
  /** How many check-and-apply rounds at most (overlapping fixes need another round); 10 by default. */
  maxRounds?: number;
  /**
   * The fixes a round proposes, in order, given the round's check and (fast-agent runs with the
   * portability fixes) the rfc reading's `portability` problems. By default the first wanted fix of each
   * problem (`proposedFixes`). Fixes `fixAll` has rejected are left out whatever this answers.
   */
  propose?: (result: CheckResult, rfcProblems: readonly Diagnostic[]) => Fix[];
}

/** A fix `fixAll` did not apply because it would have lost cards, and which (`name (file)`). */
export interface RejectedFix {
  fix: Fix;
  lost: string[];
}

/** What `fixAll` did. */
export interface FixAllResult {
  /** Every file's text after the fixes: the files given, and those the fixes read or created. */
  files: Record<string, string>;
  /** The text before the fixes of each file a fix edited that was not among the files given (read through `readFile`). */
  read: Record<string, string>;
  /** The files the fixes created, in name order. */
  created: string[];
  /** The fixes applied, in order. */
  applied: Fix[];
  /** The fixes left out because applying them lost a card (the invariant of every round). */
  rejected: RejectedFix[];
  /** The check of the final files, the created files among the cards when `cards` lists them. */
  result: CheckResult;
}

/** Whether `fix` is one that a run with `options` applies. */
export function wanted(fix: Fix, options: FixAllOptions): boolean {
  if (fix.portability) return options.portability === true && (fix.safe || options.unsafe === true);
  return fix.safe || options.unsafe === true;
}

/**
 * The first wanted fix of each problem, in order. A portability run prefers a problem's portability
 * fix (removing `history_mode`) to its typo fix (renaming it to a field it is close to).
 */
export function proposedFixes(diagnostics: readonly Diagnostic[], options: FixAllOptions): Fix[] {
  const fixes: Fix[] = [];
  for (const d of diagnostics) {
    const fix =
      (options.portability === true
        ? d.fixes?.find((f) => f.portability === true && wanted(f, options))
        : undefined) ?? d.fixes?.find((f) => wanted(f, options));
    if (fix) fixes.push(fix);
  }
  return fixes;
}

/** A fix as a key: the same fix proposed by two checks of the same text is the same key. */
function fixKey(fix: Fix): string {
  return JSON.stringify([fix.title, fix.edits.map((e) => [e.file, e.from, e.to, e.insert])]);
}

/** What one round reads: the profile's check, and the rfc reading in a fast-agent portability run. */
interface Reading {
  result: CheckResult;
  rfc: CheckResult | undefined;
}

/** The cards of a reading (both readings' in a fast-agent portability run, told apart by a prefix). */
function readingCards(reading: Reading): CardKey[] {
  const cards: CardKey[] = reading.result.cards.map(({ file, index, name }) => ({
    file,
    index,
    name,
  }));
  // The RFC reading sees the cards of a bundle that fast-agent reads as one card's body.
  if (reading.rfc)
    for (const { file, index, name } of reading.rfc.cards)
      cards.push({ file: `rfc:${file}`, index, name: name === null ? null : `rfc:${name}` });
  return cards;
}

const unprefixed = (card: CardKey): CardKey =>
  card.file.startsWith('rfc:')
    ? { ...card, file: card.file.slice(4), name: card.name?.slice(4) ?? null }
    : card;

/**
 * The check of one round's texts: the profile's, with the files created so far among the cards when the
 * options list them (as if found in a folder), and the rfc reading in a fast-agent portability run.
 */
function reader(
  files: Readonly<Record<string, string>>,
  read: Readonly<Record<string, string>>,
  checkOptions: CheckOptions,
  options: FixAllOptions,
): (texts: Record<string, string>) => Reading {
  const checker = new Checker();
  const rfcChecker =
    options.portability === true && checkOptions.profile === 'fast-agent'
      ? new Checker()
      : undefined;
  const optionsFor = (texts: Record<string, string>): CheckOptions => {
    if (checkOptions.cards === undefined) return checkOptions;
    const created = Object.keys(texts).filter(
      (f) => !Object.hasOwn(files, f) && !Object.hasOwn(read, f),
    );
    if (created.length === 0) return checkOptions;
    return {
      ...checkOptions,
      cards: [...checkOptions.cards, ...created],
      discovered: [...(checkOptions.discovered ?? []), ...created],
    };
  };
  return (texts) => {
    const opts = optionsFor(texts);
    return {
      result: checker.check(texts, opts),
      rfc: rfcChecker?.check(texts, { ...opts, profile: 'rfc' }),
    };
  };
}

/**
 * Checks `files`, applies the wanted fixes (`propose`; overlapping ones wait for the next round) and
 * repeats until a round applies nothing. Every round keeps every card (`lostCards`): a round that would
 * lose one is not applied, the fixes that lose it are rejected and reported, and the round is tried
 * again without them. A file a fix edits that is not among `files` is read through
 * `checkOptions.readFile` first (a `fastagent.config.yaml` gains entries, never loses its text); a file a
 * fix creates joins `cards` (as if found in a folder) when the options list the cards. Pure: returns new
 * file texts, never touches `files`.
 */
export function fixAll(
  files: Readonly<Record<string, string>>,
  checkOptions: CheckOptions = {},
  options: FixAllOptions = {},
): FixAllResult {
  let current: Record<string, string> = { ...files };
  const read: Record<string, string> = {};
  const applied: Fix[] = [];
  const rejected: RejectedFix[] = [];
  const refused = new Set<string>();
  const check = reader(files, read, checkOptions, options);
  const propose =
    options.propose ??
    ((result: CheckResult, rfcProblems: readonly Diagnostic[]) =>
      proposedFixes([...result.diagnostics, ...rfcProblems], options));

  let reading = check(current);
  for (let round = 0; round < (options.maxRounds ?? 10); round++) {
    const rfcProblems = reading.rfc?.diagnostics.filter((d) => d.code === 'portability') ?? [];
    const fixes = propose(reading.result, rfcProblems).filter((f) => !refused.has(fixKey(f)));
    if (fixes.length === 0) break;
    pullIn(current, read, fixes, checkOptions);
    const outcome = applyFixes(new Map(Object.entries(current)), fixes);
    if (outcome.applied.length === 0) break;
    const next = Object.fromEntries(outcome.files);
    const nextReading = check(next);
    const lost = lostCards(readingCards(reading), readingCards(nextReading));
    if (lost.length > 0) {
      for (const r of culprits(current, outcome.applied, lost, reading, check)) {
        refused.add(fixKey(r.fix));
        rejected.push(r);
      }
      continue;
    }
    for (const f of outcome.applied) applied.push(f);
    current = next;
    reading = nextReading;
  }
  const created = Object.keys(current)
    .filter((f) => !Object.hasOwn(files, f) && !Object.hasOwn(read, f))
    .sort();
  return { files: current, read, created, applied, rejected, result: reading.result };
}

/**
 * Adds to `current` (and `read`) the text of each file the fixes edit that is not there yet but that
 * `readFile` answers, so an edit of it applies to its text rather than to nothing.
 */
function pullIn(
  current: Record<string, string>,
  read: Record<string, string>,
  fixes: readonly Fix[],
  checkOptions: CheckOptions,
): void {
  if (!checkOptions.readFile) return;
  for (const fix of fixes)
    for (const { file } of fix.edits) {
      if (Object.hasOwn(current, file)) continue;
      const text = checkOptions.readFile(file);
      if (typeof text === 'string') current[file] = read[file] = text;
    }
}

/**
 * Which of `applied` lost the cards `lost` (keys of `before`'s reading): the fixes that edit a lost
 * card's file, each tried alone when there are several; when no one alone loses a card (they lose it
 * together), all of them but the first; every applied fix when none edits such a file.
 */
function culprits(
  current: Record<string, string>,
  applied: readonly Fix[],
  lost: readonly CardKey[],
  before: Reading,
  check: (texts: Record<string, string>) => Reading,
): RejectedFix[] {
  const names = lost.map((c) => describeCard(unprefixed(c)));
  const unique = [...new Set(names)];
  const files = new Set(lost.map((c) => unprefixed(c).file));
  const suspects = applied.filter((f) => f.edits.some((e) => files.has(e.file)));
  if (suspects.length === 0) return applied.map((fix) => ({ fix, lost: unique }));
  if (suspects.length === 1) return [{ fix: suspects[0]!, lost: unique }];
  const alone = suspects.flatMap((fix) => {
    const texts = Object.fromEntries(applyFixes(new Map(Object.entries(current)), [fix]).files);
    const lostAlone = lostCards(readingCards(before), readingCards(check(texts)));
    return lostAlone.length === 0
      ? []
      : [{ fix, lost: [...new Set(lostAlone.map((c) => describeCard(unprefixed(c))))] }];
  });
  // None loses a card alone, together they do (two fixes naming one card): the first stays for the next
  // round, after which the others may no longer be proposed.
  return alone.length > 0 ? alone : suspects.slice(1).map((fix) => ({ fix, lost: unique }));
}
