/**
 * The load-set checker: one pipeline from files to a `CheckResult`.
 *
 *   plan units → analyze each unit through its format module (AgentCard included)
 *   → load-set passes over all agents (cards, names, references; per card: history files, Python
 *     references, servers, templates, environment, then compile) → locate the diagnostics
 *
 * Each stage is a module of this folder, each pass one of `passes/`; `LoadSetChecker`
 * (`load-set-checker.ts`) keeps the caches between checks, and `Checker` is it with every format.
 */
import { formatModule } from '../formats/registry.ts';
import { parseHistory } from '../history/parse-history.ts';
import type { CheckOptions, CheckResult } from './check-result.ts';
import { LoadSetChecker } from './load-set-checker.ts';
import { portabilityFixer } from './passes/portability-fixes.ts';
import { yamlHintText } from '../text/yaml-hint-texts.ts';

export type { CheckOptions, CheckResult, CardInfo, CompiledAgent } from './check-result.ts';
export { MAX_FILE_CHARS } from './read-boundary.ts';
export type { Json } from '../model/agent-data.ts';

/** Files with a card extension that are fast-agent configuration, not cards. */
export const CONFIG_FILE_NAMES: ReadonlySet<string> = new Set([
  'fastagent.config.yaml',
  'fastagent.secrets.yaml',
]);

/**
 * Checks load-sets with every format, reusing work between calls (see `LoadSetChecker`). The playground
 * keeps one and calls `check` on every edit; the command line makes one per run. It always adds the
 * portability fixes and the hints.
 */
export class Checker extends LoadSetChecker {
  constructor() {
    super(formatModule, parseHistory, portabilityFixer, yamlHintText);
  }
}

/** Checks a load-set once (a fresh `Checker`); see `Checker.check`. */
export function checkLoadSet(
  files: Readonly<Record<string, string>>,
  options: CheckOptions = {},
): CheckResult {
  return new Checker().check(files, options);
}
