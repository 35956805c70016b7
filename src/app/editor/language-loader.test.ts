import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { describe, expect, it } from 'vitest';
import { languageCompartment, lazyLanguage, loadLanguage } from './language-loader.ts';

describe('loadLanguage', () => {
  // First: the languages are loaded once per module, by the tests below.
  it('says nothing about the language until it has loaded', () => {
    const state = EditorState.create({ extensions: lazyLanguage('markdown') });
    expect(state.facet(EditorView.editorAttributes)).not.toContainEqual({
      'data-language': 'markdown',
    });
  });

  it('loads each kind once and shares the result', async () => {
    const a = await loadLanguage('yaml');
    expect(await loadLanguage('yaml')).toBe(a);
    expect(await loadLanguage('text')).toBe(await loadLanguage('text'));
  });

  it('loads Markdown with YAML in every frontmatter', async () => {
    const support = await loadLanguage('markdown');
    const doc = '---\ntype: agent\n---\nA\n---\ntype: chain\n---\nB\n';
    const state = EditorState.create({ doc, extensions: support });
    const tree = ensureSyntaxTree(state, doc.length, 5000)!;
    expect(tree.resolveInner(doc.lastIndexOf('type') + 1, 1).parent?.name).toBe('Key');
  });

  it('starts a state with a language that has already loaded, and marks the editor with it', async () => {
    const json = await loadLanguage('json');
    const state = EditorState.create({ extensions: lazyLanguage('json') });
    expect(languageCompartment.get(state)).toBe(json);
    expect(state.facet(EditorView.editorAttributes)).toContainEqual({ 'data-language': 'json' });
    // Plain text needs nothing loaded, and says so at once.
    const text = EditorState.create({ extensions: lazyLanguage('text') });
    expect(text.facet(EditorView.editorAttributes)).toContainEqual({ 'data-language': 'text' });
  });
});
