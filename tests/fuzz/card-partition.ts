import type { CheckResult } from '../../src/core/index.ts';

/**
 * A line of a YAML stream that holds no content: blank, a comment, a directive (`%` in column 0) or a
 * document marker with at most a comment after it. `[^\n]` rather than `.`, which stops at U+2028.
 */
const CONTENT_FREE_LINE =
  /^(?:[ \t]*(?:#[^\n]*)?|%[^\n]*|(?:---|\.\.\.)(?:[ \t]+(?:#[^\n]*)?)?)\r?$/;

/**
 * Every way the cards of `result` (A2A cards aside) fail to partition their files, as short sentences;
 * empty when they do.
 * For a Markdown file, the text before the first card plus `text.slice(card.from, card.to)` of each card
 * in order must give back the whole text. A YAML stream skips empty documents, so there the cards must be
 * in order and disjoint, and any text between or after them must hold no content.
 */
export function findPartitionBreaks(
  result: CheckResult,
  files: Readonly<Record<string, string>>,
): string[] {
  const out: string[] = [];
  const byFile = new Map<string, CheckResult['cards']>();
  // An A2A card spans its JSON value, without the whitespace after it: not a split of its file (a forced
  // `formats` choice can make any file one).
  for (const card of result.cards) {
    if (card.format === 'a2a') continue;
    const list = byFile.get(card.file);
    if (list) list.push(card);
    else byFile.set(card.file, [card]);
  }
  for (const [file, cards] of byFile) {
    const text = files[file];
    if (text === undefined) continue;
    const yaml = /\.ya?ml$/i.test(file);
    cards.forEach((card, i) => {
      if (card.index !== i) out.push(`${file}: card ${i} has index ${card.index}`);
    });
    if (!yaml) {
      const joined =
        text.slice(0, cards[0]!.from) + cards.map((c) => text.slice(c.from, c.to)).join('');
      if (joined !== text) {
        const breaks = cards
          .map((c, i) => [c, i < cards.length - 1 ? cards[i + 1]!.from : text.length] as const)
          .filter(([c, next]) => c.to !== next)
          .map(([c, next]) => `card ${c.index} ends at ${c.to}, next starts at ${next}`);
        out.push(
          `${file}: the card slices do not re-join to the text (${breaks.join('; ') || 'ranges overlap'})`,
        );
      }
      continue;
    }
    let at = cards[0]!.from;
    for (const card of cards) {
      if (card.from < at)
        out.push(`${file}: card ${card.index} starts at ${card.from}, inside the card before`);
      else if (!contentFree(text.slice(at, card.from)))
        out.push(`${file}: content between ${at} and ${card.from} belongs to no card`);
      at = Math.max(at, card.to);
    }
    if (!contentFree(text.slice(at))) out.push(`${file}: content after ${at} belongs to no card`);
  }
  return out;
}

function contentFree(gap: string): boolean {
  return gap.split('\n').every((line) => CONTENT_FREE_LINE.test(line));
}
