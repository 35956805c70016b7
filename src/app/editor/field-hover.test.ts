import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { fieldDescription } from '../../core/index.ts';
import { cardEditorConfig } from './editor-config.ts';
import { fieldHoverAt } from './field-hover.ts';

const stateFor = (doc: string, path = 'a.md', profile: 'rfc' | 'fast-agent' = 'rfc') =>
  EditorState.create({ doc, extensions: cardEditorConfig.of({ path, profile }) });

describe('fieldHoverAt', () => {
  const doc = '---\ntype: chain\nsequence: [a]\nmodel: x\n---\nsequence: body text\n';

  it('describes a field the card type allows, over the whole key', () => {
    const state = stateFor(doc);
    const from = doc.indexOf('sequence');
    for (const pos of [from, from + 4, from + 'sequence'.length]) {
      expect(fieldHoverAt(state, pos)).toMatchObject({
        field: 'sequence',
        type: 'chain',
        allowed: true,
        note: null,
        description: fieldDescription('sequence')!,
        from,
        to: from + 'sequence'.length,
      });
    }
  });

  it('says a field is not a field of the card type, and still explains it', () => {
    const info = fieldHoverAt(stateFor(doc), doc.indexOf('model'));
    expect(info).toMatchObject({ allowed: false, note: 'not a field of chain' });
    expect(info?.description).toBe(fieldDescription('model')!);
  });

  it('handles names no type knows', () => {
    const text = '---\nmodle: x\n---\n';
    expect(fieldHoverAt(stateFor(text), 5)).toMatchObject({
      field: 'modle',
      type: 'agent',
      allowed: false,
      description: null,
      note: 'not a field of agent',
    });
  });

  it('says so when the card type is unknown', () => {
    const text = '---\ntype: wizard\nname: a\n---\n';
    expect(fieldHoverAt(stateFor(text), text.indexOf('name'))).toMatchObject({
      type: null,
      allowed: false,
      note: "'wizard' is not a card type",
    });
  });

  it('is null over values, bodies and nested keys', () => {
    const state = stateFor(doc);
    expect(fieldHoverAt(state, doc.indexOf('chain'))).toBeNull();
    expect(fieldHoverAt(state, doc.lastIndexOf('sequence'))).toBeNull();
    expect(fieldHoverAt(stateFor('---\nservers:\n  model: x\n---\n'), 16)).toBeNull();
  });

  it('follows the profile', () => {
    const text = '---\nhistory_mode: x\n---\n';
    expect(fieldHoverAt(stateFor(text, 'a.md', 'rfc'), 5)?.allowed).toBe(true);
    expect(fieldHoverAt(stateFor(text, 'a.md', 'fast-agent'), 5)?.allowed).toBe(false);
  });

  it('works on YAML card files', () => {
    expect(fieldHoverAt(stateFor('type: MAKER\nworker: w\n', 'm.yml'), 13)).toMatchObject({
      field: 'worker',
      type: 'MAKER',
      allowed: true,
    });
  });
});
