/**
 * Formats loaded on first use. The command line and library users get every format at once (`registry.ts`);
 * the playground's worker starts with AgentCard's reader only and loads another format's reader when a file
 * of that format first appears (the history-file reader when a card first names one, and the table of hints
 * when a file first has a problem with one), so a cold start reads and compiles less JavaScript before the
 * first diagnostics.
 */
import type { HistoryParser } from '../load-set/load-set-checker.ts';
import type { HintText } from '../load-set/locate.ts';
import type { FormatModule } from './format-module.ts';
import type { FormatRegistry } from './format-record.ts';
import { FORMAT_REGISTRY, type FormatId } from './format-records.ts';

/** Gives the module of a format id; the checker calls it for every unit it analyses. */
export type FormatResolver = (id: FormatId) => FormatModule;

/** Each format's module, loaded by a dynamic import (its record's `load`: one chunk per format in a bundled build). */
export const FORMAT_LOADERS: Readonly<Record<FormatId, () => Promise<FormatModule>>> =
  FORMAT_REGISTRY.loaders;

/** What `LazyFormats` loads: a format's module, the history-file reader or the hints' texts. */
export type LazyPart = FormatId | 'history' | 'hints';

/**
 * Thrown during a check by `LazyFormats.resolve` / `parseHistory` / `hintText` when the part is not loaded yet: the host
 * awaits `LazyFormats.load([part])` and checks again (the checker stays consistent).
 */
export class NotLoadedYet extends Error {
  constructor(readonly part: LazyPart) {
    super(`${part} is not loaded yet`);
  }
}

/** Loads the history-file reader (`parseHistory`). */
export const loadHistoryParser = (): Promise<HistoryParser> =>
  import('../history/parse-history.ts').then((m) => m.parseHistory);

/** Loads the hints' texts (`yamlHintText`). */
export const loadHintText = (): Promise<HintText> =>
  import('../text/yaml-hint-texts.ts').then((m) => m.yamlHintText);

/** The formats loaded so far, and the loading of the others. */
export class LazyFormats {
  private readonly loaded = new Map<FormatId, FormatModule>();
  private history: HistoryParser | undefined;
  private hints: HintText | undefined;

  /**
   * `preloaded`: modules that are there from the start (the worker bundles AgentCard's); `formats`: the
   * registry whose formats it loads (all of them unless a test gives another).
   */
  constructor(
    preloaded: readonly FormatModule[] = [],
    private readonly formats: FormatRegistry<string> = FORMAT_REGISTRY,
  ) {
    for (const module of preloaded) this.loaded.set(module.id, module);
  }

  /** The module of `id`; throws `NotLoadedYet` when it is not loaded (call `load` first). */
  readonly resolve: FormatResolver = (id) => {
    const module = this.loaded.get(id);
    if (!module) throw new NotLoadedYet(id);
    return module;
  };

  /** `parseHistory` once loaded; throws `NotLoadedYet('history')` before. */
  readonly parseHistory: HistoryParser = (text, path, read) => {
    if (!this.history) throw new NotLoadedYet('history');
    return this.history(text, path, read);
  };

  /** `yamlHintText` once loaded; throws `NotLoadedYet('hints')` before. */
  readonly hintText: HintText = (key) => {
    if (!this.hints) throw new NotLoadedYet('hints');
    return this.hints(key);
  };

  /** Whether the module of `id` is loaded. */
  has(id: FormatId): boolean {
    return this.loaded.has(id);
  }

  /**
   * The formats that a check of `files` may read (detected, or chosen in `chosen`: path → format) and
   * that are not loaded yet, in `FORMAT_IDS` order.
   */
  missing(files: Iterable<[string, string]>, chosen: Iterable<FormatId> = []): FormatId[] {
    const wanted = new Set<FormatId>(chosen);
    for (const [path, text] of files) {
      const id = this.formats.detect(path, text) as FormatId | undefined;
      if (id !== undefined) wanted.add(id);
    }
    return (this.formats.ids as FormatId[]).filter((id) => wanted.has(id) && !this.loaded.has(id));
  }

  /** Loads `parts` (those not loaded yet), together. Rejects when a chunk cannot be fetched. */
  async load(
    parts: Iterable<LazyPart>,
    loaders: Readonly<Record<string, () => Promise<FormatModule>>> = this.formats.loaders,
  ): Promise<void> {
    const wanted = [...parts];
    const pending = wanted.filter(
      (p): p is FormatId => p !== 'history' && p !== 'hints' && !this.loaded.has(p),
    );
    const [modules, history, hints] = await Promise.all([
      Promise.all(pending.map((id) => loaders[id]!())),
      wanted.includes('history') && !this.history ? loadHistoryParser() : this.history,
      wanted.includes('hints') && !this.hints ? loadHintText() : this.hints,
    ]);
    for (const module of modules) this.loaded.set(module.id, module);
    this.history = history;
    this.hints = hints;
  }

  /**
   * Runs `check` (a check through this object's `resolve`, `parseHistory` and `hintText`), loading whatever it finds
   * missing and running it again; at most once per part, so it ends.
   */
  async checkLoading<T>(check: () => T): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return check();
      } catch (error) {
        // At most once per part (each format, the history reader and the hints), so it ends.
        if (!(error instanceof NotLoadedYet) || attempt >= this.formats.ids.length + 2) throw error;
        await this.load([error.part]);
      }
    }
  }
}
