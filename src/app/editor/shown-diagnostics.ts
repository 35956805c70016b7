import { StateEffect, StateField } from '@codemirror/state';
import type { Diagnostic } from '../../core/index.ts';

/** A diagnostic as the editor shows it: its range in the current text, and the core's record. */
export interface ShownDiagnostic {
  from: number;
  to: number;
  severity: Diagnostic['severity'];
  /** `code: message`, the text compared to tell whether a new list differs. */
  message: string;
  /** The core's diagnostic (its offsets are those of the text it was computed for). */
  source: Diagnostic;
}

/**
 * The diagnostics shown, in document order, with their ranges mapped through the edits since they
 * were set. `touched` is true once an edit changed text inside one of them (its range was reshaped,
 * so the next list from the core must be shown even if it looks the same).
 */
export interface ShownDiagnostics {
  list: readonly ShownDiagnostic[];
  touched: boolean;
}

/** Replaces the shown diagnostics (ranges must lie in the document of the transaction's new state). */
export const setShownDiagnostics = StateEffect.define<readonly ShownDiagnostic[]>();

/** The diagnostics the editor shows; squiggles, hover, gutter and F8 all read this one field. */
export const shownDiagnostics = StateField.define<ShownDiagnostics>({
  create: () => ({ list: [], touched: false }),
  update(shown, tr) {
    for (const effect of tr.effects)
      if (effect.is(setShownDiagnostics)) return { list: effect.value, touched: false };
    if (!tr.docChanged || shown.list.length === 0) return shown;
    let touched = shown.touched;
    const list = shown.list.map((d) => {
      if (tr.changes.touchesRange(d.from, d.to)) touched = true;
      const from = tr.changes.mapPos(d.from, 1);
      return { ...d, from, to: Math.max(from, tr.changes.mapPos(d.to, -1)) };
    });
    return { list, touched };
  },
});

/** Sets the text the shown diagnostics were computed for (null: not known; their fixes are then not offered). */
export const setAnalysedText = StateEffect.define<string | null>();

/**
 * The text the shown diagnostics (and their fixes' edits) were computed for: set with them, so the two always
 * belong together. Holds a reference to a string the app has anyway; no work per keystroke.
 */
export const analysedText = StateField.define<string | null>({
  create: () => null,
  update(text, tr) {
    for (const effect of tr.effects) if (effect.is(setAnalysedText)) return effect.value;
    return text;
  },
});
