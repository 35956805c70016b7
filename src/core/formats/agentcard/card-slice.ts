import type { RawDiagnostic } from '../../diagnostics.ts';
import type { ParsedYaml } from '../../text/parse-yaml.ts';

/**
 * One card's place in its file, as found by a splitter. Offsets are absolute UTF-16 offsets, ends exclusive.
 * For Markdown cards `from` is the opening `---` line; for YAML documents it is the document's first line.
 */
export interface CardSlice {
  from: number;
  to: number;
  /** The frontmatter / document YAML text range. Equal ends when the card has no frontmatter. */
  yamlFrom: number;
  yamlTo: number;
  /** The body range (Markdown only); `bodyFrom === bodyTo` when there is none. */
  bodyFrom: number;
  bodyTo: number;
  /** The parsed frontmatter, or null when the card has none (fast-agent's unclosed-frontmatter case). */
  yaml: ParsedYaml | null;
}

/** What a splitter returns: the cards in order, and problems that belong to the file rather than a card. */
export interface SplitResult {
  cards: CardSlice[];
  diagnostics: RawDiagnostic[];
  /** True when the file as a whole is unusable (no card can be taken from it). */
  fatal: boolean;
}
