import type { EditorState, Extension, StateEffect } from '@codemirror/state';
import {
  linter,
  lintGutter,
  setDiagnostics,
  type Diagnostic as LintDiagnostic,
} from '@codemirror/lint';
import type { EditorView } from '@codemirror/view';
import type { Diagnostic } from '../../core/index.ts';
import { diagnosticSquiggles, renderDiagnosticMessage } from './diagnostic-squiggles.ts';
import { applyFix } from './quick-fixes.ts';
import {
  analysedText,
  setAnalysedText,
  setShownDiagnostics,
  shownDiagnostics,
  type ShownDiagnostic,
} from './shown-diagnostics.ts';

/**
 * Turns the core's diagnostics for one file into CodeMirror lint diagnostics. Offsets are clamped to
 * `[0, docLength]` and ordered (`from <= to`), so diagnostics computed for a slightly older text never
 * throw; non-finite offsets become 0. The plain `message` reads `code: message` (it is what the shown
 * list compares); the gutter's tooltip shows the code as a separate element, and a button per fix (its
 * `actions`; a fix whose text changed since is not applied, see `applyFix`).
 */
export function toLintDiagnostics(
  diagnostics: readonly Diagnostic[],
  docLength: number,
): LintDiagnostic[] {
  const clamp = (n: number) => (Number.isFinite(n) ? Math.min(Math.max(0, n), docLength) : 0);
  return diagnostics.map((d) => {
    const a = clamp(d.from);
    const b = clamp(d.to);
    return {
      from: Math.min(a, b),
      to: Math.max(a, b),
      severity: d.severity,
      message: `${d.code}: ${d.message}`,
      renderMessage: (view) => renderMessage(view, d),
      ...(d.fixes && d.fixes.length > 0
        ? {
            actions: d.fixes.map((fix) => ({
              name: fix.title,
              apply: (view: EditorView) => void applyFix(view, fix),
            })),
          }
        : {}),
    };
  });
}

function renderMessage(view: EditorView, d: Diagnostic): Node {
  return renderDiagnosticMessage(view.dom.ownerDocument, d);
}

/** The titles of a diagnostic's fixes, one string (what the shown list compares of its fixes). */
function fixTitles(d: Diagnostic): string {
  return d.fixes ? d.fixes.map((f) => f.title).join('\n') : '';
}

/**
 * The effects that make `state` show `diagnostics` (see `toLintDiagnostics`), computed for the text
 * `analysed` (null: not known; fixes are then not offered): none when it already shows the same list
 * (in document order the same ranges, severities, messages and fix titles, and no edit has reshaped
 * one since), which is the usual case for an analysis of an edit that fixed or caused nothing. The
 * shown list then keeps the text it was computed for, so its fixes' offsets stay true to it.
 */
export function diagnosticsEffects(
  state: EditorState,
  diagnostics: readonly Diagnostic[],
  analysed: string | null = null,
): StateEffect<unknown>[] {
  const next = toLintDiagnostics(diagnostics, state.doc.length);
  const shownNext: ShownDiagnostic[] = next
    .map(({ from, to, message }, i) => {
      const source = diagnostics[i]!;
      return { from, to, severity: source.severity, message, source };
    })
    .sort((a, b) => a.from - b.from || a.to - b.to);
  const shown = state.field(shownDiagnostics, false);
  const same =
    shown &&
    !shown.touched &&
    shown.list.length === shownNext.length &&
    shownNext.every((d, i) => {
      const s = shown.list[i]!;
      return (
        d.from === s.from &&
        d.to === s.to &&
        d.severity === s.severity &&
        d.message === s.message &&
        fixTitles(d.source) === fixTitles(s.source)
      );
    });
  if (same) return [];
  // One effect or a list of them; flat() keeps their type where Array.isArray would give any[].
  const effects = [setDiagnostics(state, next).effects ?? []].flat();
  return [...effects, setShownDiagnostics.of(shownNext), setAnalysedText.of(analysed)];
}

/**
 * The display of pushed diagnostics: squiggles and hover tooltips (drawn beside the text, see
 * `diagnosticSquiggles`), gutter markers (lint's gutter; lint itself draws no marks), and the record
 * of what was pushed and the text it was computed for (for `diagnosticsEffects` and the quick fixes).
 */
export function diagnosticsDisplay(): Extension {
  return [
    shownDiagnostics,
    analysedText,
    diagnosticSquiggles(),
    linter(null, { markerFilter: () => [], tooltipFilter: () => [] }),
    lintGutter(),
  ];
}
