import type { EditorView } from '@codemirror/view';
import type { CardInfo, Diagnostic } from '../../core/index.ts';
import { cardsEffects } from './cursor-card.ts';
import { diagnosticsEffects } from './diagnostics-lint.ts';

/**
 * Shows one analysis result of the file in `view`: its diagnostics and its card split, in a single
 * transaction (each transaction costs the view an update and a selection sync), and in none when the
 * view already shows both. `analysed` is the text they were computed for (null: not known); the
 * cards' offsets are mapped from it to the current text.
 */
export function showAnalysis(
  view: EditorView,
  diagnostics: readonly Diagnostic[],
  cards: readonly CardInfo[],
  analysed: string | null = null,
): void {
  const effects = [
    ...diagnosticsEffects(view.state, diagnostics, analysed),
    ...cardsEffects(view.state, cards, analysed),
  ];
  if (effects.length > 0) view.dispatch({ effects });
}
