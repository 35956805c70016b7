import {
  StateEffect,
  StateField,
  type EditorState,
  type Extension,
  type TransactionSpec,
} from '@codemirror/state';
import { lintGutter, setDiagnostics, type Diagnostic as LintDiagnostic } from '@codemirror/lint';
import type { EditorView } from '@codemirror/view';
import type { Diagnostic } from '../../core/index.ts';

/** What identifies a shown diagnostic: its range and its text (which starts with the code). */
interface ShownDiagnostic {
  from: number;
  to: number;
  severity: LintDiagnostic['severity'];
  message: string;
}

const setShown = StateEffect.define<readonly ShownDiagnostic[]>();

/**
 * The diagnostics last pushed, with their ranges mapped through the edits since. Null once an edit
 * touched one of them: lint may have dropped or reshaped its mark, so the next list is pushed anyway.
 */
const shownDiagnostics = StateField.define<readonly ShownDiagnostic[] | null>({
  create: () => [],
  update(shown, tr) {
    for (const effect of tr.effects) if (effect.is(setShown)) return effect.value;
    if (!tr.docChanged || !shown || shown.length === 0) return shown;
    const mapped: ShownDiagnostic[] = [];
    for (const d of shown) {
      if (tr.changes.touchesRange(d.from, d.to)) return null;
      mapped.push({ ...d, from: tr.changes.mapPos(d.from), to: tr.changes.mapPos(d.to) });
    }
    return mapped;
  },
});

/**
 * Turns the core's diagnostics for one file into CodeMirror lint diagnostics. Offsets are clamped to
 * `[0, docLength]` and ordered (`from <= to`), so diagnostics computed for a slightly older text never
 * throw; non-finite offsets become 0. The plain `message` reads `code: message` (for screen readers and
 * the lint panel); the tooltip shows the code as a separate element.
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
      markClass: `cm-diagnostic-code-${d.code}`,
      renderMessage: (view) => renderMessage(view, d),
    };
  });
}

/** `code: message`, with the code in its own element; text nodes only (messages quote user text). */
function renderMessage(view: EditorView, d: Diagnostic): Node {
  const doc = view.dom.ownerDocument;
  const span = doc.createElement('span');
  const code = doc.createElement('code');
  code.className = 'cm-diagnosticCode';
  code.textContent = d.code;
  span.append(code, doc.createTextNode(`: ${d.message}`));
  return span;
}

/**
 * The effects that make `state` show `diagnostics` (see `toLintDiagnostics`): none when it already
 * shows the same list (same length, and in order the same ranges, severities and messages), which is
 * the usual case for an analysis of an edit that fixed or caused nothing.
 */
export function diagnosticsEffects(
  state: EditorState,
  diagnostics: readonly Diagnostic[],
): StateEffect<unknown>[] {
  const next = toLintDiagnostics(diagnostics, state.doc.length);
  const shown = state.field(shownDiagnostics, false);
  const same =
    shown &&
    shown.length === next.length &&
    next.every((d, i) => {
      const s = shown[i]!;
      return (
        d.from === s.from && d.to === s.to && d.severity === s.severity && d.message === s.message
      );
    });
  if (same) return [];
  const effects = (setDiagnostics(state, next) as TransactionSpec).effects ?? [];
  const shownNext = next.map(({ from, to, severity, message }) => ({
    from,
    to,
    severity,
    message,
  }));
  return [...(Array.isArray(effects) ? effects : [effects]), setShown.of(shownNext)];
}

/**
 * The lint display for pushed diagnostics: squiggles and hover tooltips come with `setDiagnostics`;
 * this adds the gutter markers and remembers what was pushed (for `diagnosticsEffects`).
 */
export function diagnosticsDisplay(): Extension {
  return [lintGutter(), shownDiagnostics];
}
