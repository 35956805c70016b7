/**
 * Cheap, line-based card detection for the editor: where each card's YAML header is, without parsing
 * YAML. Highlighting, hover and completion use it on every document version, so it is one linear pass
 * with no per-line allocation. It follows the core's boundary rules closely but approximates "the YAML
 * parses and has a `type` key" by "a line starts with a top-level `type:` key".
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

/**
 * Calls `visit(start, end, next)` for each line of `text`: `end` excludes the line break (`\n` or
 * `\r\n`), `next` is the offset after it. A leading byte-order mark is skipped, as the core does.
 */
function forEachLine(
  text: string,
  visit: (start: number, end: number, next: number) => void,
): void {
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    if (nl === -1) {
      visit(start, text.length, text.length);
      return;
    }
    visit(start, nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl, nl + 1);
    start = nl + 1;
  }
}

function isFence(text: string, start: number, end: number): boolean {
  return end - start === 3 && text.startsWith('---', start);
}

function isBlank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

const TYPE_KEY = /^(?:type|"type"|'type')[ \t]*:(?:[ \t]|$)/;

/** True when the line is a top-level `type:` key (plain or quoted). */
function isTypeLine(text: string, start: number, end: number): boolean {
  const c = text.charCodeAt(start);
  // 't', '"', "'": test the regex only on lines that can match.
  if (c !== 116 && c !== 34 && c !== 39) return false;
  return TYPE_KEY.test(text.slice(start, Math.min(end, start + 12)));
}

/**
 * Finds the cards of a Markdown file by the core's rule: a line exactly `---` opens a card when it is
 * the first non-blank line of the file, or when the lines up to the next `---` line contain a top-level
 * `type:` key; a closing `---` never opens the next card, and a `---` block that is not a card is body
 * text (its closing line may still open a card). A block left unclosed at the end is not a card.
 * Never throws; linear in the text length.
 */
export function findMarkdownCards(text: string): MarkdownCardRange[] {
  const cards: MarkdownCardRange[] = [];
  let seenContent = false;
  // The `---` line that may open a card, waiting for its closing line.
  let open: { from: number; openEnd: number; contentFrom: number; leading: boolean } | null = null;
  let sawType = false;

  forEachLine(text, (start, end, next) => {
    const fence = isFence(text, start, end);
    if (open) {
      if (!fence) {
        if (!sawType && isTypeLine(text, start, end)) sawType = true;
        return;
      }
      if (open.leading || sawType) {
        cards.push({
          from: open.from,
          openEnd: open.openEnd,
          contentFrom: open.contentFrom,
          contentTo: start,
          closeEnd: end,
          bodyFrom: next,
          to: text.length,
        });
        open = null;
        return;
      }
      // Not a card: this closing line may open the next one.
    }
    if (fence) {
      open = { from: start, openEnd: end, contentFrom: next, leading: !seenContent };
      sawType = false;
    }
    if (!seenContent && !isBlank(text, start, end)) seenContent = true;
  });

  for (let i = 0; i + 1 < cards.length; i++) cards[i]!.to = cards[i + 1]!.from;
  return cards;
}

const DOC_START = /^---(?:[ \t]|$)/;
const DOC_END = /^\.\.\.(?:[ \t]|$)/;
const CONTENT = /^[ \t]*[^ \t#%]/;

/**
 * Finds the documents of a YAML stream the way the core's splitter does: a line starting with `---` or
 * `...` at column 0 ends the current document; documents with no content (only blanks, comments and
 * directives) are skipped. Each document is one card. Never throws; linear in the text length.
 */
export function findYamlDocuments(text: string): YamlRegion[] {
  const regions: YamlRegion[] = [];
  let current = { from: text.charCodeAt(0) === 0xfeff ? 1 : 0, content: false, explicit: false };
  const close = (to: number) => {
    if (current.content) regions.push({ from: current.from, to, closedEnd: false });
  };
  forEachLine(text, (start, end, next) => {
    const line = text.slice(start, Math.min(end, start + 4));
    if (DOC_START.test(line)) {
      if (current.content || current.explicit) {
        close(start);
        current = { from: start, content: false, explicit: true };
      } else {
        current.explicit = true;
      }
      if (CONTENT.test(text.slice(start + 3, end))) current.content = true;
    } else if (DOC_END.test(line)) {
      close(next);
      current = { from: next, content: false, explicit: false };
    } else if (!current.content && CONTENT.test(text.slice(start, end))) {
      current.content = true;
    }
  });
  close(text.length);
  const last = regions[regions.length - 1];
  if (last && last.to === text.length) last.closedEnd = true;
  return regions;
}

/** The YAML regions of a Markdown file: the content of each card's frontmatter. */
export function markdownYamlRegions(text: string): YamlRegion[] {
  return findMarkdownCards(text).map((card) => ({
    from: card.contentFrom,
    to: card.contentTo,
    closedEnd: false,
  }));
}
