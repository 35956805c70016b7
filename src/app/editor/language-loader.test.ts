import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { languageCompartment, lazyLanguage, loadLanguage } from './language-loader.ts';

describe('loadLanguage', () => {
  it('loads each kind once and shares the result', async () => {
    const a = await loadLanguage('yaml');
    expect(await loadLanguage('yaml')).toBe(a);
    expect(await loadLanguage('text')).toEqual([]);
  });

  it('loads Markdown with YAML in every frontmatter', async () => {
    const support = await loadLanguage('markdown');
    const doc = '---\ntype: agent\n---\nA\n---\ntype: chain\n---\nB\n';
    const state = EditorState.create({ doc, extensions: support });
    const tree = ensureSyntaxTree(state, doc.length, 5000)!;
    expect(tree.resolveInner(doc.lastIndexOf('type') + 1, 1).parent?.name).toBe('Key');
  });

  it('starts a state with a language that has already loaded', async () => {
    const json = await loadLanguage('json');
    const state = EditorState.create({ extensions: lazyLanguage('json') });
    expect(languageCompartment.get(state)).toBe(json);
    const md = EditorState.create({ extensions: lazyLanguage('text') });
    expect(languageCompartment.get(md)).toEqual([]);
  });
});
