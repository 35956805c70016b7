/**
 * The 1 MB bundle of the "large bundle stays responsive" stories, in Chromium (tests/e2e/large-bundle.spec.ts)
 * and in Firefox and WebKit (tests/browsers/stories.js, which loads this module compiled on the fly: keep it
 * free of imports).
 */

/** Cards in the bundle. */
export const LARGE_BUNDLE_CARDS = 1000;

const WORDS =
  'amber ledger brisk harbor civic atlas dusty beacon eager cipher fluent dossier'.split(' ');

/** A Markdown bundle of `count` agent cards of about 1 KB each (about 1 MB for 1,000). */
export function makeLargeBundle(count: number = LARGE_BUNDLE_CARDS): string {
  const cards: string[] = [];
  for (let i = 0; i < count; i++) {
    const prose: string[] = [];
    for (let line = 0; line < 12; line++) {
      const words = Array.from(
        { length: 12 },
        (_, w) => WORDS[(i * 7 + line * 3 + w) % WORDS.length],
      );
      prose.push(`${words.join(' ')}.`);
    }
    cards.push(
      `---\ntype: agent\nname: card_${i}\nmodel: sonnet\ndescription: Card number ${i}\n---\n${prose.join('\n')}\n`,
    );
  }
  return cards.join('\n');
}

/** Twenty characters typed at the end of the first card's `type: agent` line: a new, unknown field. */
export const LARGE_BUNDLE_TYPED = '\nbogus_field_name: 1';
