/**
 * The invariant of a fix round: every card there was before is still there after. A fix may rename
 * the card it fixes (a misspelt `nmae:` key) or move it to a file of its own (the bundle split), but it
 * never turns a card into text of another card or of a history file.
 */

/** What identifies a card across a fix round: its name, else its file and its place in the file. */
export interface CardKey {
  file: string;
  /** Its place among the cards of its file, from 0. */
  index: number;
  name: string | null;
}

/**
 * The cards of `before` that `after` no longer has. A card is kept when a card of `after` has its name,
 * else when the card at its file and place is one no other card of `before` was matched to (a rename of
 * the card itself, or a card that had no name and got one), else (a card moved to a file of its own,
 * whose name came from its file) by a card left over in a file that had no card before. Each card of
 * `after` keeps at most one card of `before`, so a bundle cut from three cards to two loses one even if
 * the names shift places.
 */
export function lostCards(before: readonly CardKey[], after: readonly CardKey[]): CardKey[] {
  const byName = new Map<string, number>();
  const at = new Map<string, CardKey>();
  for (const card of after) {
    if (card.name !== null) byName.set(card.name, (byName.get(card.name) ?? 0) + 1);
    at.set(place(card), card);
  }
  const unnamed: CardKey[] = [];
  for (const card of before) {
    const left = card.name === null ? 0 : (byName.get(card.name) ?? 0);
    if (left > 0) byName.set(card.name!, left - 1);
    else unnamed.push(card);
  }
  // A card of `after` whose name kept a card of `before` is taken: it cannot keep a second one.
  const taken = new Map(byName);
  const isFree = (there: CardKey | undefined): there is CardKey =>
    there !== undefined && (there.name === null || (taken.get(there.name) ?? 0) > 0);
  const take = (there: CardKey) => {
    at.delete(place(there));
    if (there.name !== null) taken.set(there.name, taken.get(there.name)! - 1);
  };
  const left: CardKey[] = [];
  for (const card of unnamed) {
    const there = at.get(place(card));
    if (isFree(there)) take(there);
    else left.push(card);
  }
  const oldFiles = new Set(before.map((c) => c.file));
  const moved = [...at.values()].filter((c) => !oldFiles.has(c.file));
  const lost: CardKey[] = [];
  for (const card of left) {
    const there = moved.find((c) => at.has(place(c)) && isFree(c));
    if (there) take(there);
    else lost.push(card);
  }
  return lost;
}

function place(card: CardKey): string {
  return `${card.index}\u0000${card.file}`;
}

/** A card as a person reads it in a message: its name (or place) and its file. */
export function describeCard(card: CardKey): string {
  return `${card.name ?? `card ${card.index + 1}`} (${card.file})`;
}
