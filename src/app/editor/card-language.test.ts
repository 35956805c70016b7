import type { Language } from '@codemirror/language';
import { Tree, TreeFragment } from '@lezer/common';
import { describe, expect, it } from 'vitest';
import { cardBundleSupport } from './card-language.ts';

const language: Language = cardBundleSupport().language;

/** Names of the innermost nodes that cover the first occurrence of `needle`. */
function nodesAt(tree: Tree, text: string, needle: string): string[] {
  const pos = text.indexOf(needle) + 1;
  const names: string[] = [];
  for (
    let node: ReturnType<Tree['resolveInner']> | null = tree.resolveInner(pos, 1);
    node;
    node = node.parent
  )
    names.push(node.name);
  return names;
}

const bundle = [
  '---',
  'type: agent',
  'name: first',
  '---',
  '# First',
  '',
  'A body long enough that an edit in the next card leaves this card in an unchanged fragment.',
  '',
  '---',
  'type: chain',
  'sequence: [first]',
  '---',
  '## Second',
  '',
].join('\n');

describe('cardBundleLanguage', () => {
  it("parses every card's frontmatter as YAML and every body as Markdown", () => {
    const tree = language.parser.parse(bundle);
    expect(nodesAt(tree, bundle, 'name: first')).toContain('Pair');
    expect(nodesAt(tree, bundle, 'sequence:')).toContain('Pair');
    expect(nodesAt(tree, bundle, 'sequence:')).toEqual(expect.arrayContaining(['Stream', 'Card']));
    expect(nodesAt(tree, bundle, '# First')).toContain('ATXHeading1');
    expect(nodesAt(tree, bundle, '## Second')).toContain('ATXHeading2');
  });

  it('marks the fences as DashLine nodes', () => {
    const tree = language.parser.parse(bundle);
    const dashes: number[] = [];
    tree.iterate({
      enter: (node) => {
        if (node.name === 'DashLine') dashes.push(node.from);
      },
    });
    const fences = [...bundle.matchAll(/^---$/gm)].map((m) => m.index);
    expect(dashes).toEqual(fences);
  });

  it('keeps a horizontal rule in a body as Markdown', () => {
    const text = '---\ntype: agent\n---\nA\n\n---\n\nB\n';
    const tree = language.parser.parse(text);
    expect(nodesAt(tree, text, '---\n\nB')).toContain('HorizontalRule');
  });

  it('reads text before the first card, or a file without cards, as Markdown', () => {
    const text = '# Notes\n\nno cards here\n';
    expect(nodesAt(language.parser.parse(text), text, '# Notes')).toContain('ATXHeading1');
  });

  it('reuses unchanged cards when re-parsing after an edit', () => {
    const old = language.parser.parse(bundle);
    const at = bundle.indexOf('## Second') + 3;
    const next = bundle.slice(0, at) + 'x' + bundle.slice(at);
    const fragments = TreeFragment.applyChanges(TreeFragment.addTree(old), [
      { fromA: at, toA: at, fromB: at, toB: at + 1 },
    ]);
    const tree = language.parser.parse(next, fragments);
    expect(tree.children[0]).toBe(old.children[0]);
    expect(tree.children[1]).not.toBe(old.children[1]);
    expect(nodesAt(tree, next, 'name: first')).toContain('Pair');
    expect(nodesAt(tree, next, '## xSecond')).toContain('ATXHeading2');
  });
});
