import type { Input } from '@lezer/common';
import {
  bomLength,
  cardOpeningAt,
  firstNonBlankLine,
  nextCardOpening,
  type CardOpening,
} from './frontmatter-ranges.ts';

/** Characters read by a first look for the next card; most bodies end well within it. */
const BODY_WINDOW = 2048;
/** Characters read by a first look at one frontmatter. */
const FRONTMATTER_WINDOW = 1024;

/**
 * Runs `find` on the text from `from` (a line start) onwards, reading only as much as it needs: first a
 * window cut after its last line break (so every line `find` sees is complete), then ever larger ones
 * up to the end of the input. `find` answers undefined when its window was too short to decide; the
 * card rule looks at no line past the closing line of the card it accepts, so any other answer is
 * final. Offsets given to and returned by `find` are relative to `from`.
 */
function scanForward(
  input: Input,
  from: number,
  window: number,
  find: (text: string, atEnd: boolean) => CardOpening | null | undefined,
): CardOpening | null {
  for (let size = window; ; size *= 4) {
    const atEnd = from + size >= input.length;
    let text = input.read(from, atEnd ? input.length : from + size);
    if (!atEnd) {
      const cut = text.lastIndexOf('\n') + 1;
      if (cut === 0) continue;
      text = text.slice(0, cut);
    }
    const found = find(text, atEnd);
    if (found) return shift(found, from);
    if (found === null || atEnd) return null;
  }
}

function shift(card: CardOpening, by: number): CardOpening {
  return {
    from: card.from + by,
    openEnd: card.openEnd + by,
    contentFrom: card.contentFrom + by,
    contentTo: card.contentTo + by,
    closeEnd: card.closeEnd + by,
    bodyFrom: card.bodyFrom + by,
  };
}

/**
 * The first card of the input by the core's rule (it may lack a `type:` key when its opening line is
 * the first non-blank line, after an optional byte-order mark). Null when the input holds no card.
 */
export function scanFirstCard(input: Input): CardOpening | null {
  const floor = bomLength(input.read(0, Math.min(1, input.length)));
  return scanForward(input, floor, BODY_WINDOW, (text, atEnd) => {
    const first = firstNonBlankLine(text, 0);
    // A window of blank lines cannot tell where the first non-blank line is.
    if (first === -1 && !atEnd) return undefined;
    return nextCardOpening(text, 0, 0, first) ?? (atEnd ? null : undefined);
  });
}

/**
 * The card that ends a body starting at `from` (just after a card's closing line): the next card that
 * opens at or after it. Null when none follows.
 */
export function scanNextCard(input: Input, from: number): CardOpening | null {
  return scanForward(
    input,
    from,
    BODY_WINDOW,
    (text, atEnd) => nextCardOpening(text, 0, 0, -1) ?? (atEnd ? null : undefined),
  );
}

/**
 * The card that opens exactly at `at`, a line start where the card rule's candidate search arrives
 * (the end of an unchanged body), or null when no card opens there any more.
 */
export function readCardAt(input: Input, at: number): CardOpening | null {
  const head = input.read(at, Math.min(at + 4, input.length));
  if (head !== '---\n' && head !== '---\r' && head !== '---') return null;
  return scanForward(input, at, FRONTMATTER_WINDOW, (text) => cardOpeningAt(text, 0));
}
