import { history, undo } from '@codemirror/commands';
import { EditorState, type TransactionSpec } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { describe, expect, it } from 'vitest';
import type { Diagnostic, Fix, FixEdit } from '../../core/index.ts';
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
) {
  const applied: FixEdit[][] = [];
  let stale = 0;
  const host: FixHost = {
    analysed: (file) => analysed[file],
    current: (file) => others[file],
    apply: (edits) => applied.push(edits),
    stale: () => void stale++,
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
});
