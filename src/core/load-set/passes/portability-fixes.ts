/**
 * The portability-fixes pass: the problems that say fast-agent 0.10.9 rejects an RFC construct (the
 * rfc profile's `portability` warnings, the fast-agent profile's errors on the same constructs) get
 * the fix that rewrites the construct into what fast-agent accepts (`fixes/portability/`).
 */
import type { RawDiagnostic } from '../../diagnostics.ts';
import { isRfcOnlyField } from '../../formats/agentcard/card-fields.ts';
import type { FormatAnalysis } from '../../formats/format-module.ts';
import type { Profile } from '../../model/agent-types.ts';
import type { Fix } from '../../fixes/fix.ts';
import {
  bodyHoldsCard,
  historyFix,
  joinInstructionFix,
  removeFieldFix,
  serversFix,
  toolHooksFix,
  type CardFixing,
} from '../../fixes/portability/card-fixes.ts';
import {
  bundleSplitFix,
  isYamlPath,
  rfcBundleCards,
  type BundleCard,
} from '../../fixes/portability/split-bundle.ts';
import { bundleFixApplies, cardFixApplies, type PortabilityFixer } from '../portability-fixer.ts';
import type { CardEntry } from './cards.ts';

/** Adds `fix` to the problem at `index` of `list` (a copy: drafts are cached and shared). */
function withFix(list: RawDiagnostic[], index: number, fix: Fix): void {
  const d = list[index]!;
  list[index] = { ...d, fixes: [...(d.fixes ?? []), fix] };
}

/** What the pass reads besides the problems: the profile, file texts and which files exist. */
export interface FixReading {
  profile: Profile;
  read: (path: string) => string | undefined;
}

/** A bundle's split fix, and where its second card starts (the problem that carries the fix). */
interface BundleSplit {
  fix: Fix | undefined;
  second: number;
}

/**
 * The split of `path` for `analysis`. `bundleSplitFix` keeps the files the cards move to between checks
 * (naming 1,000 of them on every keystroke was most of it), so only the moved texts are made here.
 */
function bundleSplit(path: string, analysis: FormatAnalysis, r: FixReading): BundleSplit {
  const exists = (p: string) => r.read(p) !== undefined;
  const text = r.read(path) ?? '';
  const cards: BundleCard[] =
    r.profile === 'rfc'
      ? (analysis.drafts ?? []).map((c) => ({ from: c.from, to: c.to, name: c.name }))
      : isYamlPath(path)
        ? rfcBundleCards(path, text)
        : [];
  return { fix: bundleSplitFix(path, text, cards, exists), second: cards[1]?.from ?? -1 };
}

/**
 * Adds the bundle split to a card file's own problems: the rfc profile's note on a bundle's second
 * card, and the fast-agent profile's refusal of a multi-document YAML file. Returns the list to report.
 */
export function bundleFixes(
  path: string,
  analysis: FormatAnalysis,
  r: FixReading,
): Array<RawDiagnostic & { file: string }> {
  const list = [...analysis.diagnostics];
  let split: BundleSplit | undefined;
  list.forEach((d, i) => {
    if (!bundleFixApplies(d)) return;
    split ??= bundleSplit(path, analysis, r);
    if (split.fix && d.from === split.second) withFix(list, i, split.fix);
  });
  return list;
}

/** The fix for one problem of a card, if it is one of the constructs the pass knows. */
type FixFinder = (d: RawDiagnostic) => Fix | undefined;

/**
 * Adds the portability fixes to the problems of `entry`. In the fast-agent profile a Markdown file
 * that the RFC reads as a bundle is split first: its later cards are the first card's body there.
 */
export function cardFixes(entry: CardEntry, r: FixReading): void {
  const { draft, file } = entry;
  // Made on the first problem a fix may apply to: most cards of a large bundle have none, and a finder
  // for each of 1,000 cards was a third of a megabyte of garbage per check.
  let find: FixFinder | undefined;
  entry.problems.forEach((d, i) => {
    if (!cardFixApplies(d)) return;
    if (find === undefined) {
      const text = r.read(file);
      if (text === undefined) return;
      const c: CardFixing = {
        file,
        text,
        draft,
        name: entry.name,
        exists: (p) => r.read(p) !== undefined,
        read: r.read,
      };
      find = finder(c, r);
    }
    const fix = find(d);
    if (fix) withFix(entry.problems, i, fix);
  });
}

/**
 * Each bundle's split within one check (keyed by the check's reading): every card of a bundle may ask
 * for it, and building it once per card would make a bundle quadratic.
 */
const checkSplits = new WeakMap<FixReading, Map<string, BundleSplit>>();

function finder(c: CardFixing, r: FixReading): FixFinder {
  const profile = r.profile;
  const memo = new Map<string, Fix | undefined>();
  const once = (key: string, make: () => Fix | undefined): Fix | undefined => {
    if (!memo.has(key)) memo.set(key, make());
    return memo.get(key);
  };
  const { draft, text, file } = c;
  const split = (): BundleSplit => {
    let splits = checkSplits.get(r);
    if (!splits) checkSplits.set(r, (splits = new Map<string, BundleSplit>()));
    let found = splits.get(file);
    if (!found) {
      const cards = rfcBundleCards(file, text);
      const fix = bundleSplitFix(file, text, cards, c.exists);
      splits.set(file, (found = { fix, second: cards[1]?.from ?? Infinity }));
    }
    return found;
  };
  let bundle: { fix: Fix | undefined; second: number } | undefined;
  // A body that holds other cards (fast-agent reads the bundle as one card) is split before its history
  // is moved or its instruction joined: those fixes would carry the cards along, so the split takes
  // their place.
  const splitFirst = (): Fix | undefined =>
    profile === 'fast-agent' && !isYamlPath(file) && bodyHoldsCard(c) ? split().fix : undefined;
  const ranges = draft.ranges;
  const at = (field: string, part: 'key' | 'value') => ranges[field]?.[part][0];
  // Which field's key starts where: built once, so a card with thousands of unknown keys stays linear.
  let keyAt: Map<number, string> | undefined;
  const fieldAt = (from: number): string | undefined => {
    keyAt ??= new Map(Object.keys(ranges).map((k) => [ranges[k]!.key[0], k]));
    return keyAt.get(from);
  };
  return (d) => {
    if (profile === 'fast-agent' && !isYamlPath(file) && d.severity === 'error') {
      bundle ??= split();
      if (bundle.fix && d.from >= bundle.second) return bundle.fix;
    }
    const line = text.slice(d.from, text.indexOf('\n', d.from) >>> 0);
    if (d.code === 'inline-history' || /^---(USER|ASSISTANT)[ \t]*\r?$/.test(line))
      return once('history', () => historyFix(c) ?? splitFirst());
    if (d.code === 'instruction-conflict' || d.from === at('instruction', 'key'))
      return once('instruction', () => joinInstructionFix(c) ?? splitFirst());
    if (d.from === at('tool_hooks', 'value')) return once('hooks', () => toolHooksFix(c));
    const servers = ranges['servers']?.value;
    if (servers && d.from >= servers[0] && d.to <= servers[1])
      return once('servers', () => serversFix(c));
    const field = fieldAt(d.from);
    if (field && draft.type && isRfcOnlyField(draft.type, field))
      return once(`field:${field}`, () => removeFieldFix(c, field));
    return undefined;
  };
}

/** The pass, as the checker is given it (see `portability-fixer.ts`). */
export const portabilityFixer: PortabilityFixer = { bundleFixes, cardFixes };
