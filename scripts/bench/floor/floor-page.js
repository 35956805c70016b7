/**
 * The latency floor of the browser benchmark: a CodeMirror editor with the playground's kind of setup
 * (line numbers, history, selection drawing, Markdown, lint squiggles and gutter, wrapping) and a
 * worker that does no work (echo-worker.js). Every edit is posted before the view updates, as the
 * playground does; each answer is shown with `setDiagnostics`. What this page measures is what any
 * CodeMirror + Web Worker design gets from the browser before doing any analysis.
 *
 * `window.__floor` records, per keystroke: `keydown` (capture listener), `echo` (first animation
 * frame after it), `posted`, `received` (the answer reached the page's handler), `handled` (answer applied, after its microtasks) and `shown` (the first
 * animation frame after that, as the playground's probe records it); times are
 * `performance.now()` ms. The document comes from the `#` fragment (URI-encoded) or a default card.
 */
import { history } from '@codemirror/commands';
import { markdown } from '@codemirror/lang-markdown';
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics } from '@codemirror/lint';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { defaultKeymap, historyKeymap } from '@codemirror/commands';

const worker = new Worker(new URL('./echo-worker.js', import.meta.url));
/** @type {{ keydown: number, echo?: number, posted?: number, received?: number, handled?: number, shown?: number }[]} */
const strokes = [];
/** @type {any} */ (window).__floor = strokes;
let rev = 0;

window.addEventListener(
  'keydown',
  () => {
    const stroke = { keydown: performance.now() };
    strokes.push(stroke);
    requestAnimationFrame(() => /** @type {any} */ (stroke.echo = performance.now()));
  },
  { capture: true },
);

const doc = location.hash
  ? decodeURIComponent(location.hash.slice(1))
  : '---\ntype: agent\nuse_history: true\n---\n' + 'A line of prose.\n'.repeat(200);
const view = new EditorView({
  parent: /** @type {HTMLElement} */ (document.getElementById('editor')),
  doc,
  extensions: [
    lineNumbers(),
    highlightActiveLineGutter(),
    history(),
    drawSelection(),
    bracketMatching(),
    highlightActiveLine(),
    syntaxHighlighting(defaultHighlightStyle),
    markdown(),
    lintGutter(),
    EditorView.lineWrapping,
    keymap.of([...defaultKeymap, ...historyKeymap]),
  ],
  dispatchTransactions(trs, view) {
    const last = trs[trs.length - 1];
    if (last && trs.some((tr) => tr.docChanged)) {
      const stroke = strokes[strokes.length - 1];
      if (stroke) stroke.posted = performance.now();
      worker.postMessage({ rev: ++rev, text: last.newDoc.toString() });
    }
    view.update(trs);
  },
});

worker.onmessage = (event) => {
  if (event.data.rev !== rev) return;
  const stroke = strokes[strokes.length - 1];
  if (stroke) stroke.received = performance.now();
  const diagnostics = event.data.ranges.map((/** @type {{ from: number, to: number }} */ r) => ({
    ...r,
    severity: /** @type {const} */ ('error'),
    message: 'unknown-field',
  }));
  view.dispatch(setDiagnostics(view.state, diagnostics));
  queueMicrotask(() => {
    if (!stroke) return;
    stroke.handled = performance.now();
    requestAnimationFrame(() => (stroke.shown = performance.now()));
  });
};

/** @type {any} */ (window).__floorView = view;
