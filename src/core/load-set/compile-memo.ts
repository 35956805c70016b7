/**
 * Compiled cards kept between checks. An edit in a 1,000-card bundle changes one card, and moves every
 * card after it; compiling each card again on every keystroke was a third of a re-check. A card's compile
 * depends on its own text (the draft's origin: see `draftOrigin`), its file, its name, the profile, the
 * date, the environment, and what it read: history files, Python files, `{{file:…}}` templates and the
 * server configuration of its folder. A card whose origin, context and reads are all unchanged gets its
 * last compile again, its problems moved to where the card is now, and the problems it reported in other
 * files (a history file's) reported again.
 */
import { shiftDiagnostic, type RawDiagnostic } from '../diagnostics.ts';
import { draftOrigin, type CardDraft } from '../formats/agentcard/analyze-card-file.ts';
import type { Profile } from '../model/agent-types.ts';
import type { CompiledAgent } from './check-result.ts';
import type { CardCompiling } from './compile-cards.ts';
import type { CardEntry } from './passes/cards.ts';

/** Whether a read of this check (`now`) answers as it did when the compile was made. */
type ReadCheck = (now: CardCompiling) => boolean;

/** A card's last compile and everything it depended on besides the card's own text. */
interface Memo {
  file: string;
  name: string;
  profile: Profile;
  date: string | undefined;
  env: Readonly<Record<string, string>> | undefined;
  /** The card's `from` when it was compiled: the problems below are at offsets of that time. */
  at: number;
  reads: ReadCheck[];
  /** Problems reported in other files while compiling (a history file's own), in order. */
  reports: Array<[string, RawDiagnostic]>;
  /** The problems the compile added to the card's entry. */
  added: RawDiagnostic[];
  agent: CompiledAgent;
}

/** The compile of one entry, as `compile-cards.ts` does it (undefined: no type or no name). */
export type EntryCompiler = (entry: CardEntry, c: CardCompiling) => CompiledAgent | undefined;

/** A checker's compiled cards, by draft origin (held weakly: a draft the caches drop goes with it). */
export class CompileMemos {
  private memos = new WeakMap<CardDraft, Memo>();

  /** `onCompile` is called on every compile that was not re-used (the checker's `cardsCompiled`). */
  constructor(private readonly onCompile: () => void) {}

  /**
   * `compile(entry, c)`, or the last compile of the same card when nothing it depends on changed. Either
   * way the entry gets the compile's problems and `c.report` the problems it found in other files.
   */
  compile(entry: CardEntry, c: CardCompiling, compile: EntryCompiler): CompiledAgent | undefined {
    const { draft, file, name } = entry;
    if (draft.type === undefined || name === null) return undefined;
    const origin = draftOrigin(draft);
    const memo = this.memos.get(origin);
    if (memo && sameContext(memo, entry, c) && memo.reads.every((same) => same(c))) {
      for (const [path, d] of memo.reports) c.report(path, d);
      const delta = draft.from - memo.at;
      for (const d of memo.added) entry.problems.push(delta === 0 ? d : shiftDiagnostic(d, delta));
      // A copy: the caller sets `line` and `ok` on it.
      return { ...memo.agent };
    }
    this.onCompile();
    const reads: ReadCheck[] = [];
    const reports: Array<[string, RawDiagnostic]> = [];
    const recording: CardCompiling = {
      ...c,
      lookup: (path) => {
        const answer = c.lookup(path);
        reads.push(sameLookup(path, answer));
        return answer;
      },
      configFor: (dir) => {
        const configs = c.configFor(dir);
        reads.push(sameConfig(dir, configs));
        return configs;
      },
      report: (path, d) => {
        reports.push([path, d]);
        c.report(path, d);
      },
    };
    const before = entry.problems.length;
    const agent = compile(entry, recording);
    if (agent === undefined) return undefined;
    this.memos.set(origin, {
      file,
      name,
      profile: c.profile,
      date: c.date,
      env: c.options.env,
      at: draft.from,
      reads,
      reports,
      added: entry.problems.slice(before),
      agent,
    });
    return agent;
  }
}

// The read checks are made here, outside `compile`: a closure made inside it would hold the whole scope of
// that check (its `CardCompiling`: the reader with every file's text of then, the diagnostics sink), and a
// memo lives as long as its card's draft is cached, so each edit of a 1 MB bundle kept another 1 MB.

/** The check that `lookup(path)` still answers `answer`. */
function sameLookup(path: string, answer: ReturnType<CardCompiling['lookup']>): ReadCheck {
  return (now) => sameAnswer(now.lookup(path), answer);
}

/** The check that `configFor(dir)` still gives `configs`. */
function sameConfig(dir: string, configs: ReturnType<CardCompiling['configFor']>): ReadCheck {
  return (now) => sameAnswer(now.configFor(dir), configs);
}

function sameContext(memo: Memo, entry: CardEntry, c: CardCompiling): boolean {
  return (
    memo.file === entry.file &&
    memo.name === entry.name &&
    memo.profile === c.profile &&
    memo.date === c.date &&
    memo.env === c.options.env
  );
}

/**
 * Whether two answers of a read are the same: a file's text (or its absence), a refusal, or a folder's server
 * configuration (a new object each check, compared by value).
 */
function sameAnswer(now: unknown, then: unknown): boolean {
  return (
    now === then ||
    (typeof now === 'object' &&
      typeof then === 'object' &&
      JSON.stringify(now) === JSON.stringify(then))
  );
}
