/**
 * What a check takes and gives: its options and its result (plain, structured-cloneable data).
 */
import type { Diagnostic } from '../diagnostics.ts';
import type { FormatId } from '../formats/format-module.ts';
import type { Json, AgentData } from '../model/agent-data.ts';
import type { CardType, Profile } from '../model/agent-types.ts';
import type { PythonRef } from '../formats/agentcard/python-refs.ts';
import type { ReadFileHook } from '../model/read-hook.ts';

/** Options of a check. */
export interface CheckOptions {
  /** Which rules to follow; `rfc` by default. */
  profile?: Profile;
  /**
   * Which paths are cards. By default every `.md`/`.markdown`/`.yaml`/`.yml` file except config files
   * and (rfc profile) files that a card names in `messages`.
   */
  cards?: readonly string[];
  /**
   * Reads a file outside the load-set (the command line passes the disk); absent in the browser. This
   * hook is the read boundary for embedders: it gets the load-set path a card names (resolved, possibly
   * `../…` or absolute) and answers the text, undefined (no such file), or a `ReadRefusal`:
   * `OUTSIDE_ROOT` makes the core report `path-outside-root` at the reference and go on without the
   * content; `{ refused: 'too-large', size, limit }` reports `input-too-large` on the file. Answer
   * `OUTSIDE_ROOT` for a refused path whether or not it exists. Must not throw.
   */
  readFile?: ReadFileHook;
  /** Tells whether a folder exists outside the load-set. */
  isDirectory?: (path: string) => boolean;
  /**
   * Card paths that were found by listing a folder rather than named one by one (fast-agent's directory
   * mode): a Markdown file among them without any frontmatter is skipped with a `not-a-card` note. When
   * `cards` is not given, every card is taken as discovered.
   */
  discovered?: readonly string[];
  /**
   * Environment for `${VAR}` / `${VAR:default}` in card values, which fast-agent expands when it loads a
   * card (fast-agent profile only). Unset variables stay as written.
   */
  env?: Readonly<Record<string, string>>;
  /**
   * Today's date (`YYYY-MM-DD`) for `{{currentDate}}` in a card's own instruction, which fast-agent expands
   * when it loads the card (fast-agent profile only). Without it the placeholder stays as written, so a
   * result never depends on the clock; the command line and the playground pass the local date. A value
   * that is not such a date throws a RangeError.
   */
  today?: string;
  /**
   * Reads every file as this format instead of detecting each file's format (the command line's
   * `--format`). Files of a folder format join its unit as usual.
   */
  format?: FormatId;
  /** Per-file format choice (the playground's picker); wins over `format` and detection. */
  formats?: Readonly<Record<string, FormatId>>;
}

/** One card of the split, for the UI: where it is and what it is. Lines are 1-based, inclusive. */
export interface CardInfo {
  file: string;
  index: number;
  name: string | null;
  type: CardType | null;
  from: number;
  to: number;
  headerTo: number;
  line: number;
  endLine: number;
  /** True when the card compiled without errors. */
  ok: boolean;
  /** The format the card was read as. */
  format: FormatId;
  /** Which shape of its format the definition is (e.g. `A2A v1.0 shape`), when the format has several. */
  shape?: string;
}

/** A compiled card; `ok` is false when the card (or its references) has errors. */
export interface CompiledAgent {
  ok: boolean;
  name: string;
  type: CardType;
  file: string;
  line: number;
  data: AgentData;
  history: Array<{ role: 'user' | 'assistant'; content: string }>;
  pythonRefs: PythonRef[];
  /** The format the agent was read from. */
  format: FormatId;
  /** Format-specific views (other formats than AgentCard), e.g. AFM's variables or TsAgent's MCP tools. */
  extras?: { [key: string]: Json };
}

/** The result of checking a load-set: plain, structured-cloneable data. */
export interface CheckResult {
  profile: Profile;
  cards: CardInfo[];
  /** Cards that compiled without errors: what `agentcard check --json` lists. */
  agents: CompiledAgent[];
  /** Every card that could be compiled, including those with errors (for the playground's output panel). */
  compiled: CompiledAgent[];
  diagnostics: Diagnostic[];
}
