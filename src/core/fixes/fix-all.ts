/**
 * `fixAll`: check, apply the wanted fixes, check again, until nothing more applies. The one loop
 * behind `agentcard check --fix`, the playground's "Fix all safe problems" and the tests.
 */
import { Checker } from '../load-set/check-load-set.ts';
import type { CheckOptions, CheckResult } from '../load-set/check-result.ts';
import type { Diagnostic } from '../diagnostics.ts';
import { applyFixes, type Fix } from './fix.ts';

/** Which fixes a `fixAll` run applies. */
export interface FixAllOptions {
  /** Also apply fixes marked not safe. */
  unsafe?: boolean;
  /** Also apply the fast-agent portability fixes (marked `portability`). */
  portability?: boolean;
  /** How many check-and-apply rounds at most (overlapping fixes need another round); 10 by default. */
  maxRounds?: number;
}

/** What `fixAll` did: the final files, the fixes applied in order, and the check of the final files. */
export interface FixAllResult {
  files: Record<string, string>;
  applied: Fix[];
  result: CheckResult;
}

/** Whether `fix` is one that a run with `options` applies. */
export function wanted(fix: Fix, options: FixAllOptions): boolean {
  if (fix.portability) return options.portability === true && (fix.safe || options.unsafe === true);
  return fix.safe || options.unsafe === true;
}

/**
 * In a fast-agent run with the portability fixes, the rfc profile's `portability` warnings too: the
 * RFC reading sees constructs the fast-agent reading cannot (a Markdown bundle loads there as one card
 * whose body holds the others, with no error to hang the split on). Undefined otherwise.
 */
function rfcPortability(
  checkOptions: CheckOptions,
  options: FixAllOptions,
): ((files: Record<string, string>) => Diagnostic[]) | undefined {
  if (options.portability !== true || checkOptions.profile !== 'fast-agent') return undefined;
  const checker = new Checker();
  return (files) =>
    checker
      .check(files, { ...checkOptions, profile: 'rfc' })
      .diagnostics.filter((d) => d.code === 'portability');
}

/**
 * Checks `files` with `check`, applies the first wanted fix of each diagnostic (in diagnostic order;
 * overlapping ones wait for the next round) and repeats until a round applies nothing. Pure: returns
 * new file texts, never touches `files`.
 */
export function fixAll(
  files: Readonly<Record<string, string>>,
  checkOptions: CheckOptions = {},
  options: FixAllOptions = {},
): FixAllResult {
  let current: Record<string, string> = { ...files };
  const applied: Fix[] = [];
  const checker = new Checker();
  const rfc = rfcPortability(checkOptions, options);
  let result = checker.check(current, checkOptions);
  for (let round = 0; round < (options.maxRounds ?? 10); round++) {
    const fixes: Fix[] = [];
    const diagnostics = rfc ? [...result.diagnostics, ...rfc(current)] : result.diagnostics;
    for (const d of diagnostics) {
      // A portability run prefers a diagnostic's portability fix (removing `history_mode`) to its
      // typo fix (renaming it to a field it is close to).
      const fix =
        (options.portability === true
          ? d.fixes?.find((f) => f.portability === true && wanted(f, options))
          : undefined) ?? d.fixes?.find((f) => wanted(f, options));
      if (fix) fixes.push(fix);
    }
    if (fixes.length === 0) break;
    const outcome = applyFixes(new Map(Object.entries(current)), fixes);
    if (outcome.applied.length === 0) break;
    for (const f of outcome.applied) applied.push(f);
    current = Object.fromEntries(outcome.files);
    result = checker.check(current, checkOptions);
  }
  return { files: current, applied, result };
}
