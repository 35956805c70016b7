/**
 * What a `Checker` keeps between checks besides the analysed units (`analyze-units.ts`): parsed YAML
 * slices, line indexes and history files, each keyed by the text it was made from.
 */
import { shiftDiagnostic } from '../diagnostics.ts';
import type { parseHistory } from '../history/parse-history.ts';
import { detachString } from '../text/detach-string.ts';
import { LineIndex } from '../text/line-index.ts';
import { parseYaml, type ParsedYaml, type YamlVersion } from '../text/parse-yaml.ts';
import type { ReadFileHook } from '../model/read-hook.ts';

/**
 * Most characters of YAML a cache keeps (both versions) beyond the slices the last two checks asked for,
 * before it drops them (`prune`): each keystroke in a frontmatter adds a parse, which holds about 50
 * times its text's size, so this is a few hundred edits of a frontmatter, a few MB.
 */
const MAX_STALE_CHARS = 128_000;

/**
 * One parsed slice: its text and its parse at offset 0, both made from a copy of the slice, so as not to
 * keep a file's text alive (see `detachString`).
 */
interface ParsedSlice {
  text: string;
  version: YamlVersion;
  base: ParsedYaml;
}

/**
 * YAML slices by text and version, parsed at offset 0 and re-based on use. A check asks for its slices in
 * the same order as the check before it, apart from what was edited: each slice is first compared with
 * the one asked for at the same point of the last check, which costs far less than hashing it for the
 * map (1,000 frontmatters of the 1 MB bench bundle: about 1 ms a check). Call `startCheck` before each
 * check.
 */
export class YamlCache {
  private parses: Record<YamlVersion, Map<string, ParsedSlice>> = {
    '1.1': new Map(),
    '1.2': new Map(),
  };
  /** The slices asked for by the last check, in order, and by this one so far. */
  private previous: ParsedSlice[] = [];
  private current: ParsedSlice[] = [];
  /** The characters of YAML in `parses`, and how many it may hold before `prune`. */
  private chars = 0;
  private limit = MAX_STALE_CHARS;

  /** `onParse` is called on every cache miss (the checker's `yamlParsed` counter). */
  constructor(private readonly onParse: () => void) {}

  /** A check starts: its slices are compared with the last check's, in order. */
  startCheck(): void {
    this.previous = this.current;
    this.current = [];
  }

  /** `parseYaml(text, offset, version)`, through the cache. Never throws. */
  readonly parse = (text: string, offset: number, version: YamlVersion): ParsedYaml => {
    const expected = this.previous[this.current.length];
    const slice =
      expected && expected.version === version && expected.text === text
        ? expected
        : this.lookup(text, version);
    this.current.push(slice);
    const base = slice.base;
    if (offset === 0) return base;
    return {
      ...base,
      offset,
      diagnostics: base.diagnostics.map((d) => shiftDiagnostic(d, offset)),
    };
  };

  private lookup(text: string, version: YamlVersion): ParsedSlice {
    let slice = this.parses[version].get(text);
    if (!slice) {
      // Parsed from the copy: the parse's values are slices of the text it read, and it is kept.
      const own = detachString(text);
      const base = parseYaml(own, 0, version);
      this.onParse();
      if (this.chars + own.length > this.limit) this.prune();
      slice = { text: own, version, base };
      this.parses[version].set(own, slice);
      this.chars += own.length;
    }
    return slice;
  }

  /**
   * Keeps only the slices the last check and this one asked for; the limit is then what is kept plus
   * `MAX_STALE_CHARS`, so that a load-set with more YAML than that is not pruned at every slice.
   */
  private prune(): void {
    this.parses = { '1.1': new Map(), '1.2': new Map() };
    this.chars = 0;
    for (const slice of [...this.previous, ...this.current]) {
      const cache = this.parses[slice.version];
      if (cache.has(slice.text)) continue;
      cache.set(slice.text, slice);
      this.chars += slice.text.length;
    }
    this.limit = this.chars + MAX_STALE_CHARS;
  }
}

/** Line indexes by file, re-made when the file's text changes. */
export class LineCache {
  private lines = new Map<string, LineIndex>();

  /** The line index of `text`, the current text of `file`. */
  readonly index = (file: string, text: string): LineIndex => {
    const cached = this.lines.get(file);
    if (cached && cached.text === text) return cached;
    const index = cached ? LineIndex.after(cached, text) : new LineIndex(text);
    this.lines.set(file, index);
    return index;
  };
}

/** Parsed history files by path, re-parsed when the file's text changes. */
export class HistoryCache {
  private histories = new Map<string, { text: string; result: ReturnType<typeof parseHistory> }>();

  /** `parser` is `parseHistory` (or a host's lazy stand-in for it: see `LoadSetChecker`). */
  constructor(private readonly parser: typeof parseHistory) {}

  /** `parseHistory(text, path, read)`, through the cache. Never throws (unless `parser` does). */
  readonly parse = (path: string, text: string, read: ReadFileHook) => {
    const cached = this.histories.get(path);
    if (cached && cached.text === text) return cached.result;
    const result = this.parser(text, path, read);
    this.histories.set(path, { text, result });
    return result;
  };
}
