/**
 * Large fixes stay in the worker until they are used. The bundle split's fix carries the whole bundle again,
 * one new file per card (1 MB of edits for a 1 MB bundle): sent with every result, it doubled what each
 * keystroke copies between the threads. A fix whose inserted text passes `DEFER_FIX_CHARS` is sent as a
 * placeholder (its title and flags, no edits, a `deferred` key); applying it asks the worker for the whole
 * fix by that key (`{type: 'fix'}`), which answers from its last result: a key it no longer has answers
 * null, and the editor then says the fix is out of date.
 */
import type { Diagnostic, Fix } from '../../core/index.ts';

/** Inserted characters above which a fix is sent as a placeholder. */
export const DEFER_FIX_CHARS = 16 * 1024;

/** A fix sent without its edits: `deferred` is the key the worker gives it back by. */
export type DeferredFix = Fix & { deferred: number };

/** Whether `fix` is a placeholder whose edits are still in the worker. */
export function isDeferred(fix: Fix): fix is DeferredFix {
  return typeof (fix as Partial<DeferredFix>).deferred === 'number';
}

/** The characters `fix` inserts, counted up to `limit` (then `limit + 1`). */
function insertedChars(fix: Fix, limit: number): number {
  let chars = 0;
  for (const edit of fix.edits) {
    chars += edit.insert.length;
    if (chars > limit) return limit + 1;
  }
  return chars;
}

/** A placeholder's whole fix, with the texts its offsets are into (the worker's, at its last check). */
export interface ResolvedFix {
  fix: Fix;
  /** The text of each file the fix edits that existed then (a file it creates is absent). */
  texts: Record<string, string>;
}

/**
 * The worker's side: the large fixes of the last result sent, by key. A fix keeps its key from one result to
 * the next while its file, code and title stay the same, so a placeholder the editor still shows (the editor
 * keeps its diagnostics while they look the same) gets the newest version of its fix, with the texts that
 * version was computed for; the editor maps it onto the current text like any fix.
 */
export class DeferredFixes {
  private held = new Map<number, { fix: Fix; texts: Record<string, string> }>();
  private keys = new Map<string, number>();
  private next = 1;

  constructor(private readonly limit = DEFER_FIX_CHARS) {}

  /**
   * `diagnostics` as they are sent: each large fix replaced by a placeholder (the diagnostics that hold one
   * are copied; the others are the same objects). `text` reads the files as they were checked. Forgets
   * the fixes of the previous call.
   */
  outgoing(
    diagnostics: readonly Diagnostic[],
    text: (file: string) => string | undefined,
  ): Diagnostic[] {
    const previous = this.keys;
    this.held = new Map();
    this.keys = new Map();
    return diagnostics.map((d) => {
      if (!d.fixes?.some((fix) => insertedChars(fix, this.limit) > this.limit)) return d;
      const fixes = d.fixes.map((fix): Fix => {
        if (insertedChars(fix, this.limit) <= this.limit) return fix;
        const identity = `${d.file}\0${d.code}\0${fix.title}`;
        const key = this.keys.get(identity) ?? previous.get(identity) ?? this.next++;
        this.keys.set(identity, key);
        const texts = Object.create(null) as Record<string, string>;
        for (const edit of fix.edits) {
          const now = text(edit.file);
          if (now !== undefined) texts[edit.file] = now;
        }
        this.held.set(key, { fix, texts });
        const placeholder: DeferredFix = { ...fix, edits: [], deferred: key };
        return placeholder;
      });
      return { ...d, fixes };
    });
  }

  /** The whole fix of `key` and its texts, or null when it is not one of the last result's. */
  take(key: number): ResolvedFix | null {
    return this.held.get(key) ?? null;
  }
}
