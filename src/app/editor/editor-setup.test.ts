import { undo, undoDepth } from '@codemirror/commands';
import { EditorState, type Transaction } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { describe, expect, it } from 'vitest';
import { madeText } from './doc-text.ts';
import { cardEditorConfig } from './editor-config.ts';
import {
  createEditorState,
  dispatchReportingEdits,
  externalText,
  reconfigureEditor,
  textChange,
  type EditorHooks,
  type EditorStateOptions,
} from './editor-setup.ts';
import { saveHistory } from './undo-history.ts';

const hooks: EditorHooks = {
  change: () => {},
  history: () => {},
  cursorCard: () => {},
  run: () => false,
};

const options = (over: Partial<EditorStateOptions> = {}): EditorStateOptions => ({
  path: 'a.md',
  doc: '---\nname: a\n---\n',
  profile: 'rfc',
  readonly: false,
  theme: 'light',
  hooks,
  ...over,
});

function undone(state: EditorState): string {
  let next = state;
  undo({ state, dispatch: (tr: Transaction) => (next = tr.state) });
  return next.doc.toString();
}

describe('textChange', () => {
  it('replaces only the differing middle', () => {
    expect(textChange('abcXYZdef', 'abcQdef')).toEqual({ from: 3, to: 6, insert: 'Q' });
    expect(textChange('abc', 'abcd')).toEqual({ from: 3, to: 3, insert: 'd' });
    expect(textChange('aaa', 'aa')).toEqual({ from: 2, to: 3, insert: '' });
    expect(textChange('', 'new')).toEqual({ from: 0, to: 0, insert: 'new' });
    expect(textChange('same', 'same')).toBeNull();
  });

  it('always produces the new text', () => {
    const pairs = [
      ['hello world', 'hello brave new world'],
      ['abab', 'ab'],
      ['xyz', ''],
      ['a\nb\nc', 'a\nc'],
    ] as const;
    for (const [a, b] of pairs) {
      const change = textChange(a, b)!;
      expect(a.slice(0, change.from) + change.insert + a.slice(change.to)).toBe(b);
    }
  });
});

describe('createEditorState', () => {
  it('configures path and profile for hover and completion', () => {
    const state = createEditorState(options({ profile: 'fast-agent' }));
    expect(state.facet(cardEditorConfig)).toMatchObject({ path: 'a.md', profile: 'fast-agent' });
    expect(state.readOnly).toBe(false);
    expect(state.facet(EditorView.darkTheme)).toBe(false);
  });

  it('knows its text as the string it was made from, with or without a restored history', () => {
    const fresh = createEditorState(options({ doc: 'one' }));
    expect(madeText(fresh.doc)).toBe('one');
    const saved = saveHistory(fresh.update({ changes: { from: 3, insert: ' two' } }).state);
    const restored = createEditorState(options({ doc: 'one two', histories: [saved] }));
    expect(undoDepth(restored)).toBe(1);
    expect(madeText(restored.doc)).toBe('one two');
  });

  it('restores the first saved history that belongs to the text', () => {
    const first = createEditorState(options({ doc: 'one' }));
    const edited = first.update({ changes: { from: 3, insert: ' two' } }).state;
    const saved = saveHistory(edited);
    const state = createEditorState(
      options({ doc: 'one two', histories: [undefined, { junk: true }, saved] }),
    );
    expect(undone(state)).toBe('one');
  });

  it('starts a fresh history when no saved one fits', () => {
    const first = createEditorState(options({ doc: 'one' }));
    const saved = saveHistory(first.update({ changes: { from: 3, insert: '!' } }).state);
    const state = createEditorState(options({ doc: 'other text', histories: [saved, null] }));
    expect(undone(state)).toBe('other text');
  });
});

describe('reconfigureEditor', () => {
  it('returns nothing when the state already has the settings', () => {
    const state = createEditorState(options());
    expect(reconfigureEditor(state, { profile: 'rfc', readonly: false, theme: 'light' })).toEqual(
      [],
    );
  });

  it('switches profile, read-only mode and theme', () => {
    let state = createEditorState(options());
    const settings = { profile: 'fast-agent', readonly: true, theme: 'dark' } as const;
    const effects = reconfigureEditor(state, settings);
    expect(effects).toHaveLength(3);
    state = state.update({ effects }).state;
    expect(state.facet(cardEditorConfig).profile).toBe('fast-agent');
    expect(state.readOnly).toBe(true);
    expect(state.facet(EditorView.darkTheme)).toBe(true);
    expect(reconfigureEditor(state, settings)).toEqual([]);
  });
});

describe('dispatchReportingEdits', () => {
  /** A stand-in view that records the order of reports and updates. */
  function harness(doc: string) {
    const log: string[] = [];
    const reported: { text: string; edit: unknown }[] = [];
    const state = createEditorState(
      options({
        doc,
        hooks: {
          ...hooks,
          change: (text, edit) => {
            log.push('change');
            reported.push({ text, edit });
          },
        },
      }),
    );
    const view = { update: () => log.push('update') } as unknown as EditorView;
    return { state, view, log, reported };
  }

  it('reports a user edit with its text and range before the view updates', () => {
    const { state, view, log, reported } = harness('name: a\n');
    const tr = state.update({ changes: { from: 6, to: 7, insert: 'bc' } });
    dispatchReportingEdits([tr], view);
    expect(log).toEqual(['change', 'update']);
    expect(reported).toEqual([{ text: 'name: bc\n', edit: { from: 6, to: 7, insert: 'bc' } }]);
  });

  it('still applies the edit when the host fails while handling the report', () => {
    const log: string[] = [];
    const state = createEditorState(
      options({
        doc: 'abc',
        hooks: {
          ...hooks,
          change: () => {
            throw new Error('host failed');
          },
        },
      }),
    );
    const view = { update: () => log.push('update') } as unknown as EditorView;
    expect(() =>
      dispatchReportingEdits([state.update({ changes: { from: 0, insert: 'x' } })], view),
    ).toThrow('host failed');
    expect(log).toEqual(['update']);
  });

  it('reports several transactions as one text, with no single edit when ranges differ', () => {
    const { state, view, reported } = harness('abc');
    const one = state.update({ changes: { from: 0, insert: 'x' } });
    const two = one.state.update({ changes: { from: 4, insert: 'y' } });
    dispatchReportingEdits([one, two], view);
    expect(reported).toEqual([{ text: 'xabcy', edit: null }]);
  });

  it('does not report text loaded from outside, or a transaction that changes no text', () => {
    const { state, view, log, reported } = harness('abc');
    dispatchReportingEdits(
      [state.update({ changes: { from: 0, insert: 'x' }, annotations: externalText.of(true) })],
      view,
    );
    dispatchReportingEdits([state.update({ selection: { anchor: 1 } })], view);
    expect(reported).toEqual([]);
    expect(log).toEqual(['update', 'update']);
  });
});
