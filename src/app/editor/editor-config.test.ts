import { EditorState, Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { cardEditorConfig, documentFormat, documentKind } from './editor-config.ts';

describe('documentKind', () => {
  it('picks the kind from the extension, case-insensitively', () => {
    expect(documentKind('agents/a.md')).toBe('markdown');
    expect(documentKind('A.MARKDOWN')).toBe('markdown');
    expect(documentKind('cards.yml')).toBe('yaml');
    expect(documentKind('x/fastagent.config.yaml')).toBe('yaml');
    expect(documentKind('history.json')).toBe('json');
    expect(documentKind('tools.py')).toBe('text');
    expect(documentKind('Makefile')).toBe('text');
    expect(documentKind('dir.md/notes')).toBe('text');
    expect(documentKind('')).toBe('text');
  });

  it('edits TsAgent rule files and AFM files as Markdown', () => {
    expect(documentKind('agent/rules/tone.mdt')).toBe('markdown');
    expect(documentKind('tutor.afm')).toBe('markdown');
    expect(documentKind('tutor.afm.md')).toBe('markdown');
  });
});

describe('documentFormat', () => {
  const format = (path: string, text = '') => documentFormat(path, Text.of(text.split('\n')));

  it('reads Markdown and YAML files as AgentCards, except the fast-agent config files', () => {
    expect(format('a.md', '---\nname: a\n---\n')).toBe('agentcard');
    expect(format('cards.yaml', 'name: a\n')).toBe('agentcard');
    expect(format('sub/fastagent.config.yaml', 'default_model: x\n')).toBeUndefined();
    expect(format('fastagent.secrets.yaml')).toBeUndefined();
    expect(format('h.json', '[]')).toBeUndefined();
  });

  it('asks the core, so AFM, TsAgent and OpenAgentSpec files are not AgentCards', () => {
    expect(format('tutor.afm.md')).toBe('afm');
    expect(format('Tutor.AFM')).toBe('afm');
    expect(format('agent/refs/guide.mdt')).toBeUndefined();
    expect(format('spec.yaml', 'kind: openagentspec:v1/agent\nname: tutor\n')).toBe(
      'openagentspec',
    );
  });

  it('answers for the path asked, even for a document already seen under another', () => {
    const doc = Text.of(['---', 'name: a', '---']);
    expect(documentFormat('a.md', doc)).toBe('agentcard');
    expect(documentFormat('a.afm.md', doc)).toBe('afm');
  });
});

describe('cardEditorConfig', () => {
  it('combines path and profile from separate providers, later ones winning', () => {
    const state = EditorState.create({
      extensions: [
        cardEditorConfig.of({ path: 'a.md' }),
        cardEditorConfig.of({ profile: 'fast-agent' }),
      ],
    });
    expect(state.facet(cardEditorConfig)).toEqual({
      path: 'a.md',
      profile: 'fast-agent',
      kind: 'markdown',
    });
    expect(EditorState.create().facet(cardEditorConfig).profile).toBe('rfc');
  });
});
