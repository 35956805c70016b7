import type { Extension } from '@codemirror/state';
import { lintGutter, setDiagnostics, type Diagnostic as LintDiagnostic } from '@codemirror/lint';
import type { EditorView } from '@codemirror/view';
import type { Diagnostic } from '../../core/index.ts';

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

/** Replaces the diagnostics shown in `view` with `diagnostics` (see `toLintDiagnostics`). */
export function showDiagnostics(view: EditorView, diagnostics: readonly Diagnostic[]): void {
  view.dispatch(setDiagnostics(view.state, toLintDiagnostics(diagnostics, view.state.doc.length)));
}

/**
 * The lint display for pushed diagnostics: squiggles and hover tooltips come with `setDiagnostics`;
 * this adds the gutter markers.
 */
export function diagnosticsDisplay(): Extension {
  return lintGutter();
}
