/**
 * Cheap, line-based card detection for the editor: where each card's YAML header is, without parsing
 * YAML. Highlighting, hover and completion run it on every document version, so it jumps between
 * candidate lines with native `indexOf` searches instead of visiting every line. It follows the core's
 * boundary rules but approximates "the YAML parses and has a `type` key" by "a line starts with a
 * top-level `type:` key".
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
interface Line {
  start: number;
  end: number;
  next: number;
}

/** Offset of the first character after a leading byte-order mark (0 or 1), as in the core. */
function bomLength(text: string): number {
  return text.charCodeAt(0) === 0xfeff ? 1 : 0;
}

/** The line that starts at `start`; only `\n` and `\r\n` end a line. */
function lineAt(text: string, start: number): Line {
  const nl = text.indexOf('\n', start);
  if (nl === -1) return { start, end: text.length, next: text.length };
  return { start, end: nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl, next: nl + 1 };
}

/**
 * The next line at or after `from` (a line start) that begins with `marker` and whose text continues
 * as `rest` allows: `exact` (nothing more) or `word` (nothing, or a space or tab). Null when none.
 */
function nextMarkedLine(
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
function firstNonBlankLine(text: string, from: number): number {
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

/**
 * Finds the cards of a Markdown file by the core's rule: a line exactly `---` opens a card when it is
 * the first non-blank line of the file, or when the lines up to the next `---` line contain a top-level
 * `type:` key; a closing `---` never opens the next card, and a `---` block that is not a card is body
 * text (its closing line may still open a card). A block left unclosed at the end is not a card.
 * Never throws; linear in the text length.
 */
export function findMarkdownCards(text: string): MarkdownCardRange[] {
  const floor = bomLength(text);
  const first = firstNonBlankLine(text, floor);
  const cards: MarkdownCardRange[] = [];
  let open = nextMarkedLine(text, floor, floor, '---', 'exact');
  while (open) {
    const close = nextMarkedLine(text, open.next, floor, '---', 'exact');
    if (!close) break;
    const leading = cards.length === 0 && open.start === first;
    if (leading || hasTypeLine(text, open.next, close.start)) {
      cards.push({
        from: open.start,
        openEnd: open.end,
        contentFrom: open.next,
        contentTo: close.start,
        closeEnd: close.end,
        bodyFrom: close.next,
        to: text.length,
      });
      open = nextMarkedLine(text, close.next, floor, '---', 'exact');
    } else {
      open = close;
    }
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

/** True when `[from, to)` (`from` a line start) has a YAML content line: not blank, comment or directive. */
function hasYamlContent(text: string, from: number, to: number): boolean {
  for (let start = from; start < to;) {
    const line = lineAt(text, start);
    for (let i = line.start; i < Math.min(line.end, to); i++) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9) continue;
      if (c !== 35 && c !== 37) return true; // '#', '%'
      break;
    }
    if (line.next === start) break;
    start = line.next;
  }
  return false;
}

/**
 * Finds the documents of a YAML stream the way the core's splitter does: a line starting with `---` or
 * `...` at column 0 (alone or followed by a space or tab) ends the current document; documents with no
 * content (only blanks, comments and directives) are skipped. Each document is one card. Never throws;
 * linear in the text length.
 */
export function findYamlDocuments(text: string): YamlRegion[] {
  const floor = bomLength(text);
  const regions: YamlRegion[] = [];
  let from = floor;
  let content = false;
  let explicit = false;
  let scanned = floor;
  let start = nextMarkedLine(text, floor, floor, '---', 'word');
  let end = nextMarkedLine(text, floor, floor, '...', 'word');
  const close = (to: number) => {
    if (content) regions.push({ from, to, closedEnd: false });
  };
  while (start || end) {
    const marker = !end || (start && start.start < end.start) ? start! : end;
    content ||= hasYamlContent(text, scanned, marker.start);
    if (marker === start) {
      if (content || explicit) {
        close(marker.start);
        from = marker.start;
        content = false;
      }
      explicit = true;
      content ||= hasYamlContent(text, marker.start + 3, marker.end);
      start = nextMarkedLine(text, marker.next, floor, '---', 'word');
    } else {
      close(marker.next);
      from = marker.next;
      content = false;
      explicit = false;
      end = nextMarkedLine(text, marker.next, floor, '...', 'word');
    }
    scanned = marker.next;
    if (marker.next === marker.start) break;
  }
  content ||= hasYamlContent(text, scanned, text.length);
  close(text.length);
  const last = regions[regions.length - 1];
  if (last && last.to === text.length) last.closedEnd = true;
  return regions;
}
