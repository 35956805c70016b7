/**
 * The bundle split: a Markdown or YAML bundle (several cards in one file, which fast-agent 0.10.9
 * reads as one card or refuses) becomes one file per card beside it.
 */
import { normalizeName } from '../../formats/agentcard/analyze-card-file.ts';
import { splitMarkdownRfc } from '../../formats/agentcard/split-markdown.ts';
import { splitYamlStream } from '../../formats/agentcard/split-yaml.ts';
import { basename, extension } from '../../text/paths.ts';
import type { Fix, FixEdit } from '../fix.ts';
import { cardSuffix, freeName } from './yaml-text.ts';

/** One card of a bundle: its range in the file and its name (undefined when it has none). */
export interface BundleCard {
  from: number;
  to: number;
  name: string | undefined;
}

/** True for the YAML card extensions. */
export function isYamlPath(path: string): boolean {
  const ext = extension(path);
  return ext === '.yaml' || ext === '.yml';
}

/**
 * The cards of `text` as the RFC splits it (Markdown boundary rule or YAML documents), for a file
 * read under the fast-agent profile, where the analysis did not split it.
 */
export function rfcBundleCards(path: string, text: string): BundleCard[] {
  const split = isYamlPath(path) ? splitYamlStream(text, '1.2', true) : splitMarkdownRfc(text);
  if (split.fatal) return [];
  return split.cards.map((slice) => {
    const value = slice.yaml?.value;
    const raw =
      value && typeof value === 'object' ? (value as Record<string, unknown>)['name'] : undefined;
    return {
      from: slice.from,
      to: slice.to,
      name: typeof raw === 'string' && raw.trim() !== '' ? normalizeName(raw) : undefined,
    };
  });
}

/**
 * Splits the bundle `path` into one file per card: the file keeps its first card (fast-agent loads
 * that file as the first card, so nothing that names the file changes) and every other card moves to
 * `<name>.<ext>` beside it. Safe when every card has a name and every name is free as a file name:
 * each card keeps its fields, body and folder (relative paths resolve the same). Undefined for fewer
 * than two cards.
 */
export function bundleSplitFix(
  path: string,
  text: string,
  cards: readonly BundleCard[],
  exists: (path: string) => boolean,
): Fix | undefined {
  if (cards.length < 2) return undefined;
  const plan = planFor(path, cards, exists);
  if (plan === undefined) return undefined;
  const edits: FixEdit[] = plan.targets.map((file, k) => {
    const card = cards[k + 1]!;
    return { file, from: 0, to: 0, insert: trimmed(text, card.from, card.to) };
  });
  const first = cards[0]!;
  const keepTo = first.from + text.slice(first.from, first.to).trimEnd().length;
  edits.push({ file: path, from: keepTo, to: text.length, insert: '\n' });
  return { title: plan.title, safe: plan.safe, portability: true, edits };
}

/** Where a bundle's cards go: the file of each card after the first, with the fix's title and safety. */
interface SplitPlan {
  names: ReadonlyArray<string | undefined>;
  targets: readonly string[];
  title: string;
  safe: boolean;
}

/**
 * The last plans, by bundle path. The playground re-checks a bundle on every keystroke, and naming 1,000
 * files (each checked for being free) was most of a split; the cards' texts are all that changes then.
 */
const recentPlans = new Map<string, SplitPlan>();
const RECENT_PLANS = 8;

function planFor(
  path: string,
  cards: readonly BundleCard[],
  exists: (path: string) => boolean,
): SplitPlan | undefined {
  const last = recentPlans.get(path);
  // A safe plan gave every card the file named after it (no two alike, none there): it still does while
  // the names are the same and none of those files has appeared.
  if (
    last?.safe &&
    last.names.length === cards.length &&
    cards.every((card, k) => card.name === last.names[k]) &&
    !last.targets.some(exists)
  )
    return last;
  const plan = makePlan(path, cards, exists);
  if (plan === undefined) return undefined;
  recentPlans.delete(path);
  recentPlans.set(path, plan);
  if (recentPlans.size > RECENT_PLANS) recentPlans.delete(recentPlans.keys().next().value!);
  return plan;
}

function makePlan(
  path: string,
  cards: readonly BundleCard[],
  exists: (path: string) => boolean,
): SplitPlan | undefined {
  const suffix = cardSuffix(path);
  const taken = new Set<string>([path]);
  const targets: string[] = [];
  const moved: string[] = [];
  let safe = true;
  for (let k = 1; k < cards.length; k++) {
    const card = cards[k]!;
    const base = card.name ?? `${basename(path).slice(0, -suffix.length)}-${k + 1}`;
    const target = freeName(path, base, suffix, exists, taken);
    // The folder of the bundle takes no new file (a dot-folder): no split is offered.
    if (target === undefined) return undefined;
    if (card.name === undefined || basename(target) !== `${base}${suffix}`) safe = false;
    taken.add(target);
    targets.push(target);
    moved.push(`'${card.name ?? `card ${k + 1}`}' to ${basename(target)}`);
  }
  const kind = isYamlPath(path) ? 'YAML' : 'Markdown';
  const title = `Split this ${kind} bundle into one file per card (fast-agent 0.10.9 reads one card a file): keep '${cards[0]!.name ?? 'card 1'}' here, move ${moved.join(', ')}`;
  return { names: cards.map((card) => card.name), targets, title, safe };
}

/** A card's own text without trailing blank lines, ending in one newline. */
function trimmed(text: string, from: number, to: number): string {
  return `${text.slice(from, to).trimEnd()}\n`;
}
