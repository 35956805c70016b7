/**
 * The shape of an embed's Output pane, as the Markdown plugins work it out at build time (the compiled card's
 * tree rows and the lines of prose around them), written in the element's `data-output` attribute, and the
 * height that shape takes at a given width. The element uses it to reserve the room of a split embed that will
 * open on Output (a card without problems) and of the output view.
 *
 * The attribute is a list of tokens separated by spaces, each a letter and its numbers:
 * `h<n>` the panel's title (n characters: the card's name and type), `p<n>` a line of small prose (the format
 * line, the filter note, the placeholders' legend), `v` the Tree / Raw JSON bar, `r<d>.<n>` a tree row at
 * depth d of n characters (key, colon and value as shown), `s<n>` a section heading (a format's details),
 * `m<n>` a message of the preloaded history, `f<n>` a Python reference.
 */

/** One block of the Output pane. */
export type OutputBlock =
  | { kind: 'h' | 'p' | 's' | 'm' | 'f'; chars: number }
  | { kind: 'v' }
  | { kind: 'r'; depth: number; chars: number };

/** The most blocks a shape holds: a longer list is cut (the rest of a huge card adds nothing measurable). */
export const MAX_OUTPUT_BLOCKS = 400;

const TOKEN = /^(?:([hpsmf])(\d{1,6})|(v)|r(\d{1,2})\.(\d{1,6}))$/;

/** The attribute's text for `blocks` (at most `MAX_OUTPUT_BLOCKS` of them). */
export function formatOutputShape(blocks: readonly OutputBlock[]): string {
  return blocks
    .slice(0, MAX_OUTPUT_BLOCKS)
    .map((block) =>
      block.kind === 'v'
        ? 'v'
        : block.kind === 'r'
          ? `r${Math.min(block.depth, 99)}.${Math.min(block.chars, 999_999)}`
          : `${block.kind}${Math.min(block.chars, 999_999)}`,
    )
    .join(' ');
}

/**
 * The blocks of an attribute's text; undefined when it is absent or not a shape (untrusted: any page may
 * write the attribute). Tokens past `MAX_OUTPUT_BLOCKS` are ignored.
 */
export function parseOutputShape(text: string | null): OutputBlock[] | undefined {
  if (!text || text.length > 8 * MAX_OUTPUT_BLOCKS * 2) return undefined;
  const blocks: OutputBlock[] = [];
  for (const token of text.trim().split(/\s+/).slice(0, MAX_OUTPUT_BLOCKS)) {
    const match = TOKEN.exec(token);
    if (!match) return undefined;
    if (match[1]) blocks.push({ kind: match[1] as 'h', chars: Number(match[2]) });
    else if (match[3]) blocks.push({ kind: 'v' });
    else blocks.push({ kind: 'r', depth: Number(match[4]), chars: Number(match[5]) });
  }
  return blocks.length > 0 ? blocks : undefined;
}

// Measured in the built embed (Chromium, the embed's 14 px interface font and its monospace tree).
/** The panel's title row: the title and its Copy / Download buttons on one line, or on two. */
const TITLE_ONE_LINE = 26.6;
const TITLE_TWO_LINES = 55.2;
/** Width of the Copy JSON and Download buttons and the gap before them; of a title character. */
const TITLE_ACTIONS = 187;
const TITLE_CHAR = 8.2;
/** Small prose: a line's height and a character's width, with what breaking at words loses. */
const PROSE_LINE = 14;
const PROSE_CHAR = 6.5;
/** The Tree / Raw JSON bar, on one line or, narrower than its items, two. */
const VIEW_BAR = 20.2;
const VIEW_BAR_TWO_LINES = 50.4;
const VIEW_BAR_ITEMS = 245;
/** A tree row's line, a monospace character, each level's indent and a leaf's own padding. */
const ROW_LINE = 15;
const MONO_CHAR = 6.91;
const INDENT = 17;
const LEAF_PADDING = 12.6;
/** Characters a wrapped line loses on average by breaking at a word. */
const WORD_SLACK = 3.2;
/** A section heading (h4) and its margins. */
const HEADING = 15;
const HEADING_ABOVE = 11.2;
const HEADING_BELOW = 4.2;
/** The Convert heading and form (below its heading's top margin), below the rest unless read-only. */
const CONVERT = HEADING + HEADING_BELOW + 42.7;
/** Margins: small prose (1em of its 0.85em font), the view bar. */
const PROSE_MARGIN = 11.9;
const VIEW_BAR_MARGIN = 4.2;
/** A history message (its role line and frame) and a Python reference's row, besides their text. */
const MESSAGE_FRAME = 30;
const REFERENCE_ROW = 21;

/**
 * Lines `chars` characters take at `perLine` characters a line, wrapped at words, each wrapped line losing
 * `slack` characters (small prose's width already allows for it).
 */
function wrappedLines(chars: number, perLine: number, slack = WORD_SLACK): number {
  const columns = Math.max(8, Math.floor(perLine));
  if (chars <= columns) return 1;
  return Math.ceil(chars / Math.max(4, columns - slack));
}

/**
 * The height in CSS pixels of the Output panel of `blocks` whose content box is `width` pixels wide (the
 * results pane less its padding), with the Convert form unless `readonly`.
 */
export function outputPanelHeight(
  blocks: readonly OutputBlock[],
  width: number,
  readonly: boolean,
): number {
  let height = 0;
  // Vertical margins of neighbouring blocks collapse: the larger of the two counts.
  let marginBelow = 0;
  const place = (above: number, size: number, below: number): void => {
    height += Math.max(marginBelow, above) + size;
    marginBelow = below;
  };
  let inTree = false;
  for (const block of blocks) {
    const tree = block.kind === 'r';
    // A tree is one box without margins; the rows inside it have none either.
    if (tree && !inTree) place(0, 0, 0);
    inTree = tree;
    switch (block.kind) {
      case 'h':
        place(
          0,
          block.chars * TITLE_CHAR + TITLE_ACTIONS > width ? TITLE_TWO_LINES : TITLE_ONE_LINE,
          0,
        );
        break;
      case 'p':
        place(
          PROSE_MARGIN,
          wrappedLines(block.chars, width / PROSE_CHAR, 0) * PROSE_LINE,
          PROSE_MARGIN,
        );
        break;
      case 'v':
        place(
          VIEW_BAR_MARGIN,
          width < VIEW_BAR_ITEMS ? VIEW_BAR_TWO_LINES : VIEW_BAR,
          VIEW_BAR_MARGIN,
        );
        break;
      case 'r': {
        const text = width - block.depth * INDENT - LEAF_PADDING;
        height += wrappedLines(block.chars, text / MONO_CHAR) * ROW_LINE;
        break;
      }
      case 's':
        place(HEADING_ABOVE, HEADING, HEADING_BELOW);
        break;
      case 'm':
        place(4, MESSAGE_FRAME + wrappedLines(block.chars, width / 7.5) * 20, 4);
        break;
      case 'f':
        place(0, REFERENCE_ROW * wrappedLines(block.chars, width / 7.5), 0);
        break;
    }
  }
  if (!readonly) place(HEADING_ABOVE, CONVERT, 0);
  return height + marginBelow;
}
