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
import {
  setShownDiagnostics,
  shownDiagnostics,
  type ShownDiagnostic,
} from './shown-diagnostics.ts';

/**
 * Turns the core's diagnostics for one file into CodeMirror lint diagnostics. Offsets are clamped to
 * `[0, docLength]` and ordered (`from <= to`), so diagnostics computed for a slightly older text never
 * throw; non-finite offsets become 0. The plain `message` reads `code: message` (it is what the shown
 * list compares); the gutter's tooltip shows the code as a separate element.
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
    };
  });
}

function renderMessage(view: EditorView, d: Diagnostic): Node {
  return renderDiagnosticMessage(view.dom.ownerDocument, d);
}

/**
 * The effects that make `state` show `diagnostics` (see `toLintDiagnostics`): none when it already
 * shows the same list (in document order the same ranges, severities and messages, and no edit has
 * reshaped one since), which is the usual case for an analysis of an edit that fixed or caused nothing.
 */
export function diagnosticsEffects(
  state: EditorState,
  diagnostics: readonly Diagnostic[],
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
        d.from === s.from && d.to === s.to && d.severity === s.severity && d.message === s.message
      );
    });
  if (same) return [];
  // One effect or a list of them; flat() keeps their type where Array.isArray would give any[].
  const effects = [setDiagnostics(state, next).effects ?? []].flat();
  return [...effects, setShownDiagnostics.of(shownNext)];
}

/**
 * The display of pushed diagnostics: squiggles and hover tooltips (drawn beside the text, see
 * `diagnosticSquiggles`), gutter markers (lint's gutter; lint itself draws no marks), and the record
 * of what was pushed (for `diagnosticsEffects`).
 */
export function diagnosticsDisplay(): Extension {
  return [
    shownDiagnostics,
    diagnosticSquiggles(),
    linter(null, { markerFilter: () => [], tooltipFilter: () => [] }),
    lintGutter(),
  ];
}
