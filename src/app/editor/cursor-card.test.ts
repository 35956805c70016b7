import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import type { CardInfo } from '../../core/index.ts';
import { cardIndexAt, cardsEffects, cardsField, cursorCard, setCards } from './cursor-card.ts';
import { docText, docTextAfter } from './doc-text.ts';

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

  it('moves the spans from an edit on and keeps the ones that end before it', () => {
    const before = withCards(cards);
    const typed = before.update({ changes: { from: second - 2, insert: 'xy' } }).state;
    expect(typed.field(cardsField)).toEqual([
      { index: 0, from: first, to: second + 2 },
      { index: 1, from: second + 2, to: doc.length + 2 },
    ]);
    const later = before.update({ changes: { from: second + 5, to: second + 6 } }).state;
    expect(later.field(cardsField)[0]).toBe(before.field(cardsField)[0]);
    expect(later.field(cardsField)[1]).toEqual({ index: 1, from: second, to: doc.length - 1 });
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

describe('cardsEffects with the text the cards were computed for', () => {
  const cards = [card(0, first, second), card(1, second, doc.length)];
  /** Types `text` at `pos` one key at a time, reporting each version's text as the editor does. */
  function typeAt(state: EditorState, pos: number, text: string): EditorState {
    for (let i = 0; i < text.length; i++) {
      const tr = state.update({
        changes: { from: pos + i, insert: text[i]! },
        selection: { anchor: pos + i + 1 },
      });
      docTextAfter(state.doc, tr.newDoc, tr.changes);
      state = tr.state;
    }
    return state;
  }
  const apply = (state: EditorState, effects: ReturnType<typeof cardsEffects>) =>
    state.update({ effects }).state;

  it('maps the offsets of a result some keys behind through the keys typed since', () => {
    const start = EditorState.create({ doc, extensions: cursorCard(() => {}) });
    const analysed = docText(start.doc); // the text sent for the analysis
    // Three keys at the end of card 0's body (after "A", before its line break) before the answer:
    // in the analysed text's offsets the cursor would now be past card 1's start.
    const typed = typeAt(start, second - 1, 'bcd');
    const head = typed.selection.main.head;
    expect(head).toBe(second + 2);

    const mapped = apply(typed, cardsEffects(typed, cards, analysed));
    expect(mapped.field(cardsField)).toEqual([
      { index: 0, from: first, to: second + 3 },
      { index: 1, from: second + 3, to: doc.length + 3 },
    ]);
    expect(cardIndexAt(mapped, head)).toBe(0);
    // The same result taken at its word (no text): card 1 would hold the cursor.
    expect(cardIndexAt(apply(typed, cardsEffects(typed, cards)), head)).toBe(1);
  });

  it('maps a result forty keys behind', () => {
    const start = EditorState.create({ doc, extensions: cursorCard(() => {}) });
    const analysed = docText(start.doc);
    const typed = typeAt(start, second - 1, 'x'.repeat(40));
    const mapped = apply(typed, cardsEffects(typed, cards, analysed));
    expect(mapped.field(cardsField)[1]!.from).toBe(second + 40);
    expect(cardIndexAt(mapped, typed.selection.main.head)).toBe(0);
  });

  it('takes the offsets as they are for the current text or a text it does not know', () => {
    const start = EditorState.create({ doc, extensions: cursorCard(() => {}) });
    docText(start.doc);
    const typed = typeAt(start, second - 1, 'b');
    const current = docText(typed.doc);
    const moved = [card(0, first, second + 1), card(1, second + 1, doc.length + 1)];
    expect(apply(typed, cardsEffects(typed, moved, current)).field(cardsField)[1]!.from).toBe(
      second + 1,
    );
    expect(
      apply(typed, cardsEffects(typed, cards, `${doc}elsewhere`)).field(cardsField)[1]!.from,
    ).toBe(second);
  });
});
