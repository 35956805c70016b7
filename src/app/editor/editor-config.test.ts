import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { cardEditorConfig, documentKind, isCardFile } from './editor-config.ts';

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

describe('isCardFile', () => {
  it('reads Markdown and YAML files as cards, except the fast-agent config files', () => {
    expect(isCardFile('a.md')).toBe(true);
    expect(isCardFile('cards.yaml')).toBe(true);
    expect(isCardFile('sub/fastagent.config.yaml')).toBe(false);
    expect(isCardFile('fastagent.secrets.yaml')).toBe(false);
    expect(isCardFile('h.json')).toBe(false);
  });

  it('does not offer AgentCard field help in AFM and TsAgent Markdown files', () => {
    expect(isCardFile('tutor.afm.md')).toBe(false);
    expect(isCardFile('Tutor.AFM')).toBe(false);
    expect(isCardFile('agent/refs/guide.mdt')).toBe(false);
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
      isCardFile: true,
    });
    expect(EditorState.create().facet(cardEditorConfig).profile).toBe('rfc');
  });
});
