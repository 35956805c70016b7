/**
 * Cheap, line-based card detection for Markdown card files: where each card's YAML header is, without
 * parsing YAML. The card language runs it on a window of text around each changed card, and hover and
 * completion fall back to a pass over the whole text, so it jumps between candidate lines with native
 * `indexOf` searches instead of visiting every line. It follows the core's boundary rules but
 * approximates "the YAML parses and has a `type` key" by "a line starts with a top-level `type:` key".
 */

/** One card of a Markdown file. Offsets are absolute UTF-16 offsets; every `to`/`…End` is exclusive. */
export interface MarkdownCardRange {
  /** Start of the opening `---` line. */
  from: number;
  /** End of the opening `---` line, before its line break. */
  openEnd: number;
  /** Start of the YAML: the start of the line after the opening `---`. */
  contentFrom: number;
  /** End of the YAML: the start of the closing `---` line. */
  contentTo: number;
  /** End of the closing `---` line, before its line break. */
  closeEnd: number;
  /** Start of the body: just after the closing line's break (or `closeEnd` at the end of the text). */
  bodyFrom: number;
  /** End of the card: the start of the next card's opening line, or the text length. */
  to: number;
}

/** A span of YAML that holds one card's fields: a frontmatter's content or a YAML document. */
export interface YamlRegion {
  /** First offset of the region. */
  from: number;
  /** End of the region (exclusive). */
  to: number;
  /** True when a position equal to `to` still counts as inside (a YAML document at the end of its file). */
  closedEnd: boolean;
}

/** A line found by a search: `end` excludes the line break, `next` is the offset after it. */
export interface Line {
  start: number;
  end: number;
  next: number;
}

/** Offset of the first character after a leading byte-order mark (0 or 1), as in the core. */
export function bomLength(text: string): number {
  return text.charCodeAt(0) === 0xfeff ? 1 : 0;
}

/** The line that starts at `start`; only `\n` and `\r\n` end a line. */
export function lineAt(text: string, start: number): Line {
  const nl = text.indexOf('\n', start);
  if (nl === -1) return { start, end: text.length, next: text.length };
  return { start, end: nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl, next: nl + 1 };
}

/**
 * The next line at or after `from` (a line start) that begins with `marker` and whose text continues
 * as `rest` allows: `exact` (nothing more) or `word` (nothing, or a space or tab). Null when none.
 */
export function nextMarkedLine(
  text: string,
  from: number,
  lineFloor: number,
  marker: string,
  rest: 'exact' | 'word',
): Line | null {
  for (let i = text.indexOf(marker, from); i !== -1; i = text.indexOf(marker, i + 1)) {
    if (i !== lineFloor && text.charCodeAt(i - 1) !== 10) continue;
    const line = lineAt(text, i);
    const after = i + marker.length;
    if (after === line.end) return line;
    const c = text.charCodeAt(after);
    if (rest === 'word' && after < line.end && (c === 32 || c === 9)) return line;
  }
  return null;
}

const TYPE_KEY = /^(?:type|"type"|'type')[ \t]*:(?:[ \t]|$)/;

/** True when a line in `[from, to)` (`from` a line start) is a top-level `type:` key, plain or quoted. */
function hasTypeLine(text: string, from: number, to: number): boolean {
  for (let i = text.indexOf('type', from); i !== -1 && i < to; i = text.indexOf('type', i + 4)) {
    const quote = text.charCodeAt(i - 1);
    const start = i > from && (quote === 34 || quote === 39) ? i - 1 : i;
    if (start !== from && text.charCodeAt(start - 1) !== 10) continue;
    if (TYPE_KEY.test(text.slice(start, Math.min(to, start + 12)))) return true;
  }
  return false;
}

/** Start of the first line at or after `from` with a character other than space and tab, or -1. */
export function firstNonBlankLine(text: string, from: number): number {
  for (let start = from; start < text.length;) {
    const line = lineAt(text, start);
    for (let i = line.start; i < line.end; i++) {
      const c = text.charCodeAt(i);
      if (c !== 32 && c !== 9) return line.start;
    }
    if (line.next === start) break;
    start = line.next;
  }
  return -1;
}

/** A card's frontmatter: the fields of `MarkdownCardRange` that do not depend on the next card. */
export type CardOpening = Omit<MarkdownCardRange, 'to'>;

/**
 * The next card whose opening line is at or after `from` (a line start), by the core's rule: a line
 * exactly `---` opens a card when the lines up to the next `---` line contain a top-level `type:` key, or
 * when it is the line starting at `first` (the file's first non-blank line; -1 for none); a `---` block
 * that is not a card is body text and its closing line is the next candidate. `lineFloor` is the offset
 * that counts as a line start without a line break before it. Null when no card opens (a block left
 * unclosed at the end is not a card). Never throws.
 */
export function nextCardOpening(
  text: string,
  from: number,
  lineFloor: number,
  first: number,
): CardOpening | null {
  let open = nextMarkedLine(text, from, lineFloor, '---', 'exact');
  while (open) {
    const close = nextMarkedLine(text, open.next, lineFloor, '---', 'exact');
    if (!close) return null;
    if (open.start === first || hasTypeLine(text, open.next, close.start)) {
      return {
        from: open.start,
        openEnd: open.end,
        contentFrom: open.next,
        contentTo: close.start,
        closeEnd: close.end,
        bodyFrom: close.next,
      };
    }
    open = close;
  }
  return null;
}

/**
 * The card that opens at `at` when the card rule's candidate search arrives there (a line start after an
 * earlier card's closing line, so the `type:` key is needed): null when none does, undefined when the
 * text ends before a closing `---` line was found (so a longer text may still hold the card).
 */
export function cardOpeningAt(text: string, at: number): CardOpening | null | undefined {
  const open = lineAt(text, at);
  if (open.end !== at + 3 || !text.startsWith('---', at)) return null;
  const close = nextMarkedLine(text, open.next, at, '---', 'exact');
  if (!close) return undefined;
  if (!hasTypeLine(text, open.next, close.start)) return null;
  return {
    from: open.start,
    openEnd: open.end,
    contentFrom: open.next,
    contentTo: close.start,
    closeEnd: close.end,
    bodyFrom: close.next,
  };
}

/**
 * Finds the cards of a Markdown file by the core's rule (see `nextCardOpening`; only the first card can
 * be one without a `type:` key). A closing `---` never opens the next card. Never throws; linear in the
 * text length.
 */
export function findMarkdownCards(text: string): MarkdownCardRange[] {
  const floor = bomLength(text);
  const cards: MarkdownCardRange[] = [];
  let card = nextCardOpening(text, floor, floor, firstNonBlankLine(text, floor));
  while (card) {
    cards.push({ ...card, to: text.length });
    card = nextCardOpening(text, card.bodyFrom, floor, -1);
  }
  for (let i = 0; i + 1 < cards.length; i++) cards[i]!.to = cards[i + 1]!.from;
  return cards;
}

/** The YAML regions of a Markdown file: the content of each card's frontmatter. */
export function markdownYamlRegions(text: string): YamlRegion[] {
  return findMarkdownCards(text).map((card) => ({
    from: card.contentFrom,
    to: card.contentTo,
    closedEnd: false,
  }));
}
