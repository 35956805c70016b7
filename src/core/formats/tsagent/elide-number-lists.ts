/**
 * The fast path for big TsAgent YAML files. Upstream stores semantic-search `embeddings` inline: one-line
 * flow lists of hundreds of floats, over 1 MB in a real agent. Composing a YAML node per number (or even
 * lexing the blanked space) is nearly all of the parse time, and nothing the checker reports depends on
 * the numbers. So the inside of each such list is cut out (`[…]` becomes `[]`), `toOriginal` maps offsets
 * in the cut text back to the original, and after parsing `confirmElided` proves that each cut list really
 * was a flow sequence; when it was not (the brackets were inside a string or a comment), the caller parses
 * the original text instead.
 */
import { isSeq, visit, type Document } from 'yaml';

const NUMBER = String.raw`[ \t]*[-+]?(?:\.\d+|\d+(?:\.\d*)?)(?:[eE][-+]?\d+)?[ \t]*`;
/** A one-line flow list of at least 16 YAML 1.2 core-schema numbers. */
const NUMBER_LIST = new RegExp(String.raw`\[((?:${NUMBER},){15,}${NUMBER})\]`, 'g');

/** The text with number lists emptied. */
export interface ElidedText {
  text: string;
  /** Offsets (in `text`) of the `[` of every emptied list, ascending. */
  lists: number[];
  /** Offsets (in `text`) where content was cut, ascending, and the characters cut before each. */
  cuts: number[];
  cutBefore: number[];
  /** How many numbers were cut. */
  numbers: number;
}

/** Empties every one-line flow list of 16 or more plain numbers. Linear in the text. */
export function elideNumberLists(text: string): ElidedText {
  const out: ElidedText = { text, lists: [], cuts: [], cutBefore: [], numbers: 0 };
  const parts: string[] = [];
  let last = 0;
  let removed = 0;
  for (const match of text.matchAll(NUMBER_LIST)) {
    const at = match.index;
    const inner = match[1]!;
    parts.push(text.slice(last, at + 1));
    out.lists.push(at - removed);
    removed += inner.length;
    out.cuts.push(at + 1 - (removed - inner.length));
    out.cutBefore.push(removed);
    out.numbers += inner.split(',').length;
    last = at + 1 + inner.length;
  }
  if (out.lists.length === 0) return out;
  parts.push(text.slice(last));
  out.text = parts.join('');
  return out;
}

/** The offset in the original text of offset `p` of the cut text. */
export function toOriginal(elided: ElidedText, p: number): number {
  const { cuts, cutBefore } = elided;
  let lo = 0;
  let hi = cuts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cuts[mid]! <= p) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found === -1 ? p : p + cutBefore[found]!;
}

/** True when every emptied list of `elided` is an (empty) flow sequence of `doc`. */
export function confirmElided(doc: Document, elided: ElidedText): boolean {
  const wanted = new Set(elided.lists);
  let found = 0;
  visit(doc, {
    Seq(_key, node) {
      if (isSeq(node) && node.flow && node.items.length === 0 && node.range) {
        if (wanted.has(node.range[0])) found++;
      }
    },
  });
  return found === wanted.size;
}
