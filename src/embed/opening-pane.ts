/**
 * Which results tab a split embed shows, so that a docs reader is greeted by what matters: the compiled output
 * of a clean card, the problems of a card that has some. The choice is made once per content (the first
 * finished check of each workspace the embed opens, from its link or its host), never while the reader types,
 * and never again once the reader has picked a tab themselves: a tab that changed under the reader's hands as
 * problems came and went would be harder to read than either tab.
 */

/** The results tabs the choice is between. */
export type ResultsPane = 'problems' | 'output';

/** The choice for one embed; `Embed.svelte` calls `checked` after each finished check and `chose` on a click. */
export class OpeningPane {
  #greeted: string | undefined;
  #chosen = false;

  /**
   * The tab to switch to after a finished check of the content `contentId` (a workspace id) that has
   * `problems` problems, or undefined to leave the tab as it is: the content was greeted already, or the
   * reader has chosen a tab.
   */
  checked(contentId: string, problems: number): ResultsPane | undefined {
    if (this.#chosen || contentId === this.#greeted) return undefined;
    this.#greeted = contentId;
    return problems > 0 ? 'problems' : 'output';
  }

  /** The reader picked a tab: it stays theirs, whatever the content or its problems do. */
  chose(): void {
    this.#chosen = true;
  }
}
