/**
 * The cards an author writes inside `<agentcard-playground>`: `<script type="text/agentcard" data-file="…">`
 * children, read as files. Plain functions over plain data, so they run in unit tests without a DOM.
 */

/** The type of the script elements that hold inline cards. */
export const INLINE_CARD_TYPE = 'text/agentcard';

/** One inline card script: its `data-file` (if any) and its text. */
export interface InlineCard {
  file: string | undefined;
  text: string;
}

/**
 * The files of the inline cards, in document order. A script without `data-file` is `card.md`; a name used
 * twice gets a number (`card-2.md`). Each text is `dedent`ed. Empty when there are no cards.
 */
export function filesOfInlineCards(cards: readonly InlineCard[]): Record<string, string> {
  const files = new Map<string, string>();
  for (const { file, text } of cards) {
    const name = freeName(files, file?.trim() || 'card.md');
    files.set(name, dedent(text));
  }
  // fromEntries defines own properties: a card called `__proto__` stays a file.
  return Object.fromEntries(files);
}

/**
 * Removes what HTML indentation adds to an inline card: the line break after the opening tag, the
 * whitespace-only last line before the closing tag, and the indentation all non-blank lines share. Returns the
 * text with one final line break (none when it is empty).
 */
export function dedent(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 0 && lines[0]!.trim() === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  if (lines.length === 0) return '';
  const indents = lines
    .filter((line) => line.trim() !== '')
    .map((line) => /^[ \t]*/.exec(line)![0]);
  let common = indents[0]!;
  for (const indent of indents) {
    let n = 0;
    while (n < common.length && n < indent.length && common[n] === indent[n]) n += 1;
    common = common.slice(0, n);
  }
  return lines.map((line) => line.slice(Math.min(common.length, line.length))).join('\n') + '\n';
}

function freeName(files: ReadonlyMap<string, string>, name: string): string {
  if (!files.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; ; n++) if (!files.has(`${base}-${n}${ext}`)) return `${base}-${n}${ext}`;
}
