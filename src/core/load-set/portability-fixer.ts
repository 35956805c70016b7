/**
 * How the checker adds the portability fixes (`passes/portability-fixes.ts`): given by the host, like the
 * format modules. `Checker` (the command line, library users, "Fix all") always gives the fixes; the
 * playground's worker starts without them (`LazyPortabilityFixer`), so its first script does not carry
 * them, and checks again once they have loaded.
 */
import type { RawDiagnostic } from '../diagnostics.ts';
import type { FormatAnalysis } from '../formats/format-module.ts';
import type { CardEntry } from './passes/cards.ts';
import type { FixReading } from './passes/portability-fixes.ts';

/** The two steps of the portability-fixes pass. */
export interface PortabilityFixer {
  /** A card file's own problems, the bundle split added where it applies (a new list). */
  bundleFixes(
    path: string,
    analysis: FormatAnalysis,
    r: FixReading,
  ): Array<RawDiagnostic & { file: string }>;
  /** Adds the portability fixes to the problems of `entry`. */
  cardFixes(entry: CardEntry, r: FixReading): void;
}

/** Whether the bundle step may add a fix to `d` (a card file's own problem). */
export const bundleFixApplies = (d: RawDiagnostic): boolean =>
  d.code === 'portability' || d.code === 'yaml-syntax';

/** Whether the card step may add a fix to `d` (a problem of a card). */
export const cardFixApplies = (d: RawDiagnostic): boolean =>
  d.code === 'portability' || d.severity === 'error';

/** No portability fixes: the problems as they are. */
export const NO_PORTABILITY_FIXES: PortabilityFixer = {
  bundleFixes: (_path, analysis) => [...analysis.diagnostics],
  cardFixes: () => {},
};

/** Loads the portability fixes (a dynamic import: its own chunk in a bundled build). */
export const loadPortabilityFixer = (): Promise<PortabilityFixer> =>
  import('./passes/portability-fixes.ts').then((m) => m.portabilityFixer);

/**
 * The portability fixes loaded on first use: until `load` has finished, `fixer` adds none and each check
 * that ran without them while one of its problems could have had one is noted (`takeMissed`), so that the
 * host can check again once they are there.
 */
export class LazyPortabilityFixer {
  private loaded: PortabilityFixer | undefined;
  private loading: Promise<void> | undefined;
  /** Whether a check ran without the fixes since the last `takeMissed`. */
  private missed = false;

  constructor(private readonly loader: () => Promise<PortabilityFixer> = loadPortabilityFixer) {}

  /** Whether the fixes are loaded. */
  get ready(): boolean {
    return this.loaded !== undefined;
  }

  /** The fixer to give the checker: the loaded fixes, or none (noting that a check missed them). */
  readonly fixer: PortabilityFixer = {
    bundleFixes: (path, analysis, r) => {
      if (this.loaded) return this.loaded.bundleFixes(path, analysis, r);
      // Missed only when the fixes would have added something: a clean card needs no second check.
      if (analysis.diagnostics.some(bundleFixApplies)) this.missed = true;
      return NO_PORTABILITY_FIXES.bundleFixes(path, analysis, r);
    },
    cardFixes: (entry, r) => {
      if (this.loaded) this.loaded.cardFixes(entry, r);
      else if (entry.problems.some(cardFixApplies)) this.missed = true;
    },
  };

  /** True (once) when a check ran without the fixes since the last call. */
  takeMissed(): boolean {
    const missed = this.missed;
    this.missed = false;
    return missed;
  }

  /** Loads the fixes (once; a failed load is tried again on the next call). */
  load(): Promise<void> {
    this.loading ??= this.loader().then(
      (fixer) => {
        this.loaded = fixer;
      },
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }
}
