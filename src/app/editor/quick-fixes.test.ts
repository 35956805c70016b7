import { history, undo } from '@codemirror/commands';
import { EditorState, type TransactionSpec } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { describe, expect, it } from 'vitest';
import type { Diagnostic, Fix, FixEdit } from '../../core/index.ts';
import type { DeferredFix, ResolvedFix } from '../analysis/deferred-fixes.ts';
import type { FixHost } from '../state/fix-application.ts';
import { diagnosticsDisplay, diagnosticsEffects } from './diagnostics-lint.ts';
import { cardEditorConfig } from './editor-config.ts';
import { applyFix, currentEdits, fixesAt, fixHost, quickFixes } from './quick-fixes.ts';

const TEXT = '---\nname: a\nmodle: x\n---\n';
const at = TEXT.indexOf('modle');
const typo: Fix = {
  title: "Change to 'model'",
  safe: true,
  edits: [{ file: 'a.md', from: at, to: at + 5, insert: 'model' }],
};
const diagnostic = (fixes: Fix[]): Diagnostic => ({
  code: 'unknown-field',
  severity: 'error',
  message: "Unknown field 'modle'",
  file: 'a.md',
  from: at,
  to: at + 5,
  line: 3,
  column: 1,
  endLine: 3,
  endColumn: 6,
  fixes,
});

/** A stand-in for the view: applyFix and the history commands use only `state` and `dispatch`. */
function editor(
  fixes: Fix[],
  others: Record<string, string> = {},
  analysed: Record<string, string> = {},
  worker: Map<number, ResolvedFix> = new Map(),
) {
  const applied: FixEdit[][] = [];
  let stale = 0;
  const host: FixHost = {
    analysed: (file) => analysed[file],
    current: (file) => others[file],
    apply: (edits) => applied.push(edits),
    stale: () => void stale++,
    resolve: (fix) => Promise.resolve(worker.get(fix.deferred) ?? null),
  };
  let state = EditorState.create({
    doc: TEXT,
    extensions: [
      cardEditorConfig.of({ path: 'a.md' }),
      history(),
      diagnosticsDisplay(),
      quickFixes(),
      fixHost.of(host),
    ],
  });
  state = state.update({ effects: diagnosticsEffects(state, [diagnostic(fixes)], TEXT) }).state;
  const view = {
    get state() {
      return state;
    },
    dispatch(spec: TransactionSpec | { state: EditorState }) {
      state =
        'startState' in spec
          ? (spec as { state: EditorState }).state
          : state.update(spec as TransactionSpec).state;
    },
  };
  const type = (from: number, to: number, insert: string) =>
    view.dispatch({ changes: { from, to, insert }, userEvent: 'input.type' });
  return {
    view: view as unknown as EditorView,
    /** Shows the diagnostics again, as a new analysis of the same text would. */
    reanalyse: () =>
      (state = state.update({
        effects: diagnosticsEffects(state, [diagnostic(fixes)], TEXT),
      }).state),
    type,
    applied,
    stale: () => stale,
    text: () => state.doc.toString(),
    undo: () => undo({ state, dispatch: (tr) => (state = tr.state) }),
  };
}

describe('quick fixes in the editor', () => {
  it('applies a fix to the text it was computed for, and one undo takes it back', () => {
    const e = editor([typo]);
    expect(applyFix(e.view, typo)).toBe(true);
    expect(e.text()).toBe(TEXT.replace('modle', 'model'));
    e.undo();
    expect(e.text()).toBe(TEXT);
  });

  it('maps the fix through typing that came after the check', () => {
    const e = editor([typo]);
    e.type(4, 4, '# note\n');
    expect(applyFix(e.view, typo)).toBe(true);
    expect(e.text()).toBe('---\n# note\nname: a\nmodel: x\n---\n');
    e.undo(); // the fix alone: the typing stays
    expect(e.text()).toBe('---\n# note\nname: a\nmodle: x\n---\n');
  });

  it('drops a fix whose text was edited since the check, and says so', () => {
    const e = editor([typo]);
    e.type(at + 5, at + 5, 's'); // "modles"
    expect(currentEdits(e.view.state, typo)).toBeNull();
    expect(applyFix(e.view, typo)).toBe(false);
    expect(e.text()).toBe(TEXT.replace('modle', 'modles'));
    expect(e.stale()).toBe(1);
  });

  it('sends the edits of other files to the app and applies its own part', () => {
    const split: Fix = {
      title: 'Move the history to a.history.md',
      safe: false,
      edits: [
        { file: 'a.md', from: at, to: at + 8, insert: 'messages: a.history.md' },
        { file: 'a.history.md', from: 0, to: 0, insert: '---USER\nhi\n' },
      ],
    };
    const e = editor([split]);
    expect(applyFix(e.view, split)).toBe(true);
    expect(e.text()).toBe('---\nname: a\nmessages: a.history.md\n---\n');
    expect(e.applied).toEqual([
      [{ file: 'a.history.md', from: 0, to: 0, insert: '---USER\nhi\n' }],
    ]);
  });

  it('does not offer a fix that creates a file which exists by now', () => {
    const create: Fix = {
      title: 'Create h.md',
      safe: false,
      edits: [{ file: 'h.md', from: 0, to: 0, insert: 'x' }],
    };
    expect(currentEdits(editor([create]).view.state, create)).not.toBeNull();
    const e = editor([create], { 'h.md': '' });
    expect(currentEdits(e.view.state, create)).toBeNull();
  });

  it('finds the fixes at the cursor, or on its line', () => {
    const e = editor([typo]);
    expect(fixesAt(e.view.state, at + 2, 'cursor')).toEqual([typo]);
    expect(fixesAt(e.view.state, at + 8, 'cursor')).toEqual([typo]); // same line, past the range
    expect(fixesAt(e.view.state, 5, 'cursor')).toEqual([]);
  });

  describe('a fix whose edits stayed in the worker (a placeholder)', () => {
    const placeholder: DeferredFix = { ...typo, edits: [], deferred: 7 };
    const settle = async () => {
      for (let i = 0; i < 3; i++) await Promise.resolve();
    };

    it('is applied once the worker has given it whole, as one undo step', async () => {
      const e = editor(
        [placeholder],
        {},
        {},
        new Map([[7, { fix: typo, texts: { 'a.md': TEXT } }]]),
      );
      expect(applyFix(e.view, placeholder)).toBe(true);
      expect(e.text()).toBe(TEXT); // not yet: the edits are on their way
      await settle();
      expect(e.text()).toBe(TEXT.replace('modle', 'model'));
      expect(e.stale()).toBe(0);
      e.undo();
      expect(e.text()).toBe(TEXT);
    });

    it("maps the worker's version from the text it was computed for, not the shown diagnostics' text", async () => {
      // The worker checked a newer text (a line added at the top) than the one the editor's diagnostics are of.
      const newer = '# top\n' + TEXT;
      const shifted: Fix = {
        ...typo,
        edits: typo.edits.map((edit) => ({ ...edit, from: edit.from + 6, to: edit.to + 6 })),
      };
      const e = editor(
        [placeholder],
        {},
        {},
        new Map([[7, { fix: shifted, texts: { 'a.md': newer } }]]),
      );
      e.type(0, 0, '# top\n');
      e.type(newer.length, newer.length, 'tail\n'); // typed after that check too
      expect(applyFix(e.view, placeholder)).toBe(true);
      await settle();
      expect(e.text()).toBe(newer.replace('modle', 'model') + 'tail\n');
      expect(e.stale()).toBe(0);
    });

    it('is out of date when the worker no longer holds it', async () => {
      const e = editor([placeholder]);
      expect(applyFix(e.view, placeholder)).toBe(true);
      await settle();
      expect(e.text()).toBe(TEXT);
      expect(e.stale()).toBe(1);
    });

    it('is out of date when the text it edits changed after the check it came from', async () => {
      const e = editor(
        [placeholder],
        {},
        {},
        new Map([[7, { fix: typo, texts: { 'a.md': TEXT } }]]),
      );
      e.type(at + 5, at + 5, 's'); // "modles"
      expect(applyFix(e.view, placeholder)).toBe(true);
      await settle();
      expect(e.text()).toBe(TEXT.replace('modle', 'modles'));
      expect(e.stale()).toBe(1);
    });
  });
});
