import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import type { CardInfo } from '../../core/index.ts';
import { cardIndexAt, cardsEffects, cardsField, setCards } from './cursor-card.ts';

const card = (index: number, from: number, to: number): CardInfo => ({
  file: 'a.md',
  index,
  name: `c${index}`,
  type: 'agent',
  format: 'agentcard',
  from,
  to,
  headerTo: from + 5,
  line: 1,
  endLine: 1,
  ok: true,
});

const doc = 'intro\n---\ntype: agent\n---\nA\n---\ntype: chain\n---\nB\n';
const first = doc.indexOf('---');
const second = doc.lastIndexOf('---\ntype');

function withCards(cards: CardInfo[]) {
  const state = EditorState.create({ doc, extensions: cardsField });
  return state.update({ effects: setCards.of(cards) }).state;
}

describe('cardIndexAt', () => {
  const cards = [card(0, first, second), card(1, second, doc.length)];

  it('finds the card that holds a position, and -1 before the first card', () => {
    const state = withCards(cards);
    expect(cardIndexAt(state, 0)).toBe(-1);
    expect(cardIndexAt(state, first)).toBe(0);
    expect(cardIndexAt(state, second - 1)).toBe(0);
    expect(cardIndexAt(state, second)).toBe(1);
    expect(cardIndexAt(state, doc.length)).toBe(1);
  });

  it('sorts cards given out of order', () => {
    expect(cardIndexAt(withCards([cards[1]!, cards[0]!]), first + 1)).toBe(0);
  });

  it('follows edits made after the cards were set', () => {
    const state = withCards(cards).update({ changes: { from: 0, insert: 'more intro\n' } }).state;
    expect(cardIndexAt(state, first)).toBe(-1);
    expect(cardIndexAt(state, first + 11)).toBe(0);
    expect(cardIndexAt(state, second + 11)).toBe(1);
  });

  it('clamps cards of a longer text to the document', () => {
    const state = withCards([card(0, 0, 10), card(1, 500, 900)]);
    expect(state.field(cardsField)).toEqual([
      { index: 0, from: 0, to: 10 },
      { index: 1, from: doc.length, to: doc.length },
    ]);
  });

  it('is -1 without cards or without the field', () => {
    expect(cardIndexAt(withCards([]), 10)).toBe(-1);
    expect(cardIndexAt(EditorState.create({ doc }), 10)).toBe(-1);
  });
});

describe('cardsEffects', () => {
  const cards = [card(0, first, second), card(1, second, doc.length)];

  it('sets a new split, and nothing when the same cards come again', () => {
    const state = withCards(cards);
    expect(cardsEffects(state, cards)).toEqual([]);
    expect(cardsEffects(state, [cards[0]!])).toHaveLength(1);
    expect(cardsEffects(state, [card(0, first, second - 1), cards[1]!])).toHaveLength(1);
  });

  it('compares with the spans as later edits moved them', () => {
    const state = withCards(cards).update({ changes: { from: 0, insert: 'ab' } }).state;
    const moved = [card(0, first + 2, second + 2), card(1, second + 2, doc.length + 2)];
    expect(cardsEffects(state, moved)).toEqual([]);
    expect(cardsEffects(state, cards)).toHaveLength(1);
  });
});
