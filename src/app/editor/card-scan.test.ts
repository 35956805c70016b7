import type { Input } from '@lezer/common';
import { describe, expect, it } from 'vitest';
import { readCardAt, scanFirstCard, scanNextCard } from './card-scan.ts';
import { findMarkdownCards } from './frontmatter-ranges.ts';

/** A string as a parser input, counting the characters read. */
function inputOf(text: string) {
  let readChars = 0;
  const input: Input = {
    length: text.length,
    lineChunks: false,
    chunk: (from) => text.slice(from),
    read: (from, to) => {
      readChars += to - from;
      return text.slice(from, to);
    },
  };
  return { input, readChars: () => readChars };
}

/** The cards found by walking the input as the parser does, without their `to`. */
function walk(text: string) {
  const { input } = inputOf(text);
  const found = [];
  for (let card = scanFirstCard(input); card; card = scanNextCard(input, card.bodyFrom)) {
    found.push(card);
    expect(readCardAt(input, card.from), `card at ${card.from}`).toEqual(
      found.length === 1 && !/type\s*:/.test(text.slice(card.contentFrom, card.contentTo))
        ? null
        : card,
    );
  }
  return found;
}

const withoutTo = (text: string) => findMarkdownCards(text).map(({ to: _, ...card }) => card);

const card = (type: string, header = '', body = 'Body.\n') =>
  `---\ntype: ${type}\n${header}---\n${body}`;

describe('card scanning over a parser input', () => {
  it('finds the cards that the whole-text split finds', () => {
    const texts = [
      card('agent') + card('chain'),
      '\n\n---\nname: lead\n---\nA\n' + card('agent'),
      'intro\n---\nnot a card\n---\n' + card('router'),
      card('agent', '', 'A\n\n---\n\nrule\n') + card('chain', '', ''),
      '\ufeff' + card('agent').replaceAll('\n', '\r\n'),
      card('agent') + '---\ntype: x\n',
      '',
    ];
    for (const text of texts) expect(walk(text), JSON.stringify(text)).toEqual(withoutTo(text));
  });

  it('reads past its first window for long bodies, long headers and long lines', () => {
    const long = 'A line of prose in a long body.\n'.repeat(2000);
    const texts = [
      card('agent', '', long) + card('chain'),
      card('agent', 'instruction: |\n' + '  more text\n'.repeat(600)) + card('chain'),
      card('agent', '', 'x'.repeat(50_000) + '\n') + card('chain'),
      '\n'.repeat(20_000) + card('agent'),
      'x'.repeat(30_000) + '\n---\n' + 'y\n'.repeat(5000) + '---\n' + card('agent'),
      card('agent', '', long + '---'),
    ];
    for (const text of texts) expect(walk(text)).toEqual(withoutTo(text));
  });

  it('reads only around the card it looks for', () => {
    const text = (card('agent', 'model: sonnet\n', 'Prose.\n'.repeat(40)) + '\n').repeat(200);
    const { input, readChars } = inputOf(text);
    const third = findMarkdownCards(text)[2]!;
    expect(readCardAt(input, third.from)).not.toBeNull();
    expect(scanNextCard(input, third.bodyFrom)?.from).toBe(third.to);
    expect(readChars()).toBeLessThan(5000);
  });
});
