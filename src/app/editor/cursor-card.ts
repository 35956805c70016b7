import {
  Facet,
  StateEffect,
  StateField,
  type ChangeSet,
  type EditorState,
  type Extension,
  type Text,
} from '@codemirror/state';
import { ViewPlugin, type EditorView, type ViewUpdate } from '@codemirror/view';
import type { CardInfo } from '../../core/index.ts';
import { madeText } from './doc-text.ts';

/** Where a card of the file is, as the editor keeps it: mapped through edits since it was set. */
export interface CardSpan {
  /** The card's `CardInfo.index`. */
  index: number;
  from: number;
  to: number;
}

/** Where a card is, as `setCards` gives it: a `CardInfo`, or only the part of one the editor keeps. */
type CardPlace = Pick<CardInfo, 'index' | 'from' | 'to'>;

/** Replaces the file's card split (the core's `CardInfo` list for this file). */
export const setCards = StateEffect.define<readonly CardPlace[]>();

/** The spans of `cards` in a document `length` long: offsets clamped to it, sorted by start. */
function toSpans(cards: readonly CardPlace[], length: number): CardSpan[] {
  const clamp = (n: number) => Math.min(Math.max(0, n), length);
  return cards
    .map((c) => ({ index: c.index, from: clamp(c.from), to: clamp(c.to) }))
    .sort((a, b) => a.from - b.from);
}

/**
 * The file's cards, sorted by start. Set only by `setCards`; between two analyses the spans follow the
 * edits (positions are mapped), and offsets beyond the document are clamped when set.
 */
export const cardsField = StateField.define<readonly CardSpan[]>({
  create: () => [],
  update(cards, tr) {
    for (const effect of tr.effects) {
      if (effect.is(setCards)) return toSpans(effect.value, tr.state.doc.length);
    }
    if (!tr.docChanged || cards.length === 0) return cards;
    // Spans that end before the first change stay as they are (the same objects: a keystroke in the
    // middle of a 1,000-card bundle makes new spans only for the cards from there on).
    let first = -1;
    tr.changes.iterChangedRanges((fromA) => {
      if (first < 0) first = fromA;
    });
    return cards.map((c) =>
      c.to < first
        ? c
        : { index: c.index, from: tr.changes.mapPos(c.from, 1), to: tr.changes.mapPos(c.to, 1) },
    );
  },
});

/**
 * How many earlier versions of the document `versionsField` keeps: enough for the keys a fast typist
 * (or a test's keyboard) types while a large bundle is checked.
 */
const KEPT_VERSIONS = 64;

/** An earlier version of the document, and the edits of the one transaction that changed it. */
interface Version {
  doc: Text;
  changes: ChangeSet;
}

/**
 * The last `KEPT_VERSIONS` versions of the document before the current one, oldest first. An analysis
 * answers for the text it was sent; when more keys were typed meanwhile, its offsets are mapped
 * through the edits since that text (`cardsEffects`). A keystroke only adds one version: the edits
 * are composed when a result needs them.
 */
const versionsField = StateField.define<readonly Version[]>({
  create: () => [],
  update(versions, tr) {
    if (!tr.docChanged) return versions;
    return [...versions.slice(1 - KEPT_VERSIONS), { doc: tr.startState.doc, changes: tr.changes }];
  },
});

/**
 * The edits from the version of the document whose text is `analysed` to the current one; null when
 * `analysed` is the current text, or no kept version's text is known to be it.
 */
function changesSince(state: EditorState, analysed: string): ChangeSet | null {
  if (madeText(state.doc) === analysed) return null;
  const versions = state.field(versionsField, false) ?? [];
  for (let i = versions.length - 1; i >= 0; i--) {
    const v = versions[i]!;
    if (v.doc.length !== analysed.length || madeText(v.doc) !== analysed) continue;
    let changes = v.changes;
    for (let j = i + 1; j < versions.length; j++) changes = changes.compose(versions[j]!.changes);
    return changes;
  }
  return null;
}

/** An offset of the older text (clamped to it) in the current one, after the edits `since`. */
function mapOffset(since: ChangeSet, offset: number): number {
  return since.mapPos(Math.min(Math.max(0, offset), since.length), 1);
}

/**
 * The effects that give `state` the card split `cards`, computed for the text `analysed` (null: not
 * known, taken as the current text): their offsets are mapped through the edits typed since that text,
 * as the spans already shown are, so that a result that lags a few keys behind does not move the
 * cursor into the next card. None when the spans it has are already those, which is the usual case for
 * an analysis of an edit inside one card.
 */
export function cardsEffects(
  state: EditorState,
  cards: readonly CardInfo[],
  analysed: string | null = null,
): StateEffect<unknown>[] {
  const since = analysed === null ? null : changesSince(state, analysed);
  const placed: readonly CardPlace[] = since
    ? cards.map((c) => ({
        index: c.index,
        from: mapOffset(since, c.from),
        to: mapOffset(since, c.to),
      }))
    : cards;
  const current = state.field(cardsField, false);
  if (!current || current.length !== placed.length) return [setCards.of(placed)];
  const length = state.doc.length;
  const clamp = (n: number) => Math.min(Math.max(0, n), length);
  // Compared in the given order: cards come sorted, and an unsorted list is simply set again.
  for (let i = 0; i < placed.length; i++) {
    const c = placed[i]!;
    const d = current[i]!;
    if (c.index !== d.index || clamp(c.from) !== d.from || clamp(c.to) !== d.to)
      return [setCards.of(placed)];
  }
  return [];
}

/**
 * The `index` of the card that holds `pos`: the last card starting at or before `pos`. -1 when `pos`
 * is before the first card or the file has none. A card's end belongs to it only at the end of the file.
 */
export function cardIndexAt(state: EditorState, pos: number): number {
  const cards = state.field(cardsField, false) ?? [];
  let lo = 0;
  let hi = cards.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cards[mid]!.from <= pos) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found === -1 ? -1 : cards[found]!.index;
}

const cursorCardListener = Facet.define<(index: number) => void>();

const cursorCardPlugin = ViewPlugin.fromClass(
  class {
    private last: number;

    constructor(view: EditorView) {
      this.last = cardIndexAt(view.state, view.state.selection.main.head);
    }

    update(update: ViewUpdate) {
      if (!update.selectionSet && !update.docChanged && !cardsChanged(update)) return;
      const index = cardIndexAt(update.state, update.state.selection.main.head);
      if (index === this.last) return;
      this.last = index;
      for (const listener of update.state.facet(cursorCardListener)) listener(index);
    }
  },
);

function cardsChanged(update: ViewUpdate): boolean {
  return update.transactions.some((tr) => tr.effects.some((e) => e.is(setCards)));
}

/**
 * Tracks the file's cards (`setCards`) and calls `onCursorCard(index)` when the main cursor moves into
 * another card, or when new cards put it in another one; -1 means it is in no card. Not called for the
 * card the cursor is in when the view takes the state.
 */
export function cursorCard(onCursorCard: (index: number) => void): Extension {
  return [cardsField, versionsField, cursorCardListener.of(onCursorCard), cursorCardPlugin];
}
