import { describe, expect, it } from 'vitest';
import { MAX_TREE_DEPTH, memberOf, parseJsonTree, type JsonNode } from './json-tree.ts';

const parse = (text: string): JsonNode => {
  const tree = parseJsonTree(text);
  if (!tree.ok) throw new Error(`unexpected error: ${tree.error.message}`);
  return tree.root;
};

describe('parseJsonTree', () => {
  it('keeps the key and value range of every member', () => {
    const text = '{ "name" : "Trip",\n  "skills": [ {"id": 1} ] }';
    const root = parse(text);
    const name = memberOf(root, 'name')!;
    expect(text.slice(name.keyFrom, name.keyTo)).toBe('"name"');
    expect(text.slice(name.value.from, name.value.to)).toBe('"Trip"');
    const skills = memberOf(root, 'skills')!.value;
    expect(skills.kind).toBe('array');
    if (skills.kind !== 'array') return;
    expect(text.slice(skills.items[0]!.from, skills.items[0]!.to)).toBe('{"id": 1}');
    expect([root.from, root.to]).toEqual([0, text.length]);
  });

  it('keeps every occurrence of a repeated key, and memberOf finds the last', () => {
    const root = parse('{"a": 1, "a": 2}');
    expect(root.kind === 'object' && root.members.map((m) => m.key)).toEqual(['a', 'a']);
    const a = memberOf(root, 'a')!.value;
    expect(a.kind === 'number' && a.value).toBe(2);
  });

  it('decodes escapes, including lone surrogates as JSON.parse does', () => {
    const text = String.raw`"a\n\u00e9\ud800\/"`;
    const root = parse(text);
    expect(root.kind === 'string' && root.value).toBe(JSON.parse(text));
  });

  it.each([
    ['{"a": 1,}', 8, 'property name'],
    ['[1, 2', 5, "','"],
    ['{"a" 1}', 5, "':'"],
    ['{"a": tru}', 6, 'value'],
    ['"abc', 0, 'Unterminated'],
    ['"a\tb"', 2, 'Control'],
    ['{"a": NaN}', 6, 'value'],
    ['{} x', 3, 'after'],
    ['\uFEFF{}', 0, 'byte order mark'],
    ['', 0, 'value'],
    ['{"a": "\\x"}', 7, 'escape'],
  ])('reports %j as a syntax error at offset %i', (text, at, words) => {
    const tree = parseJsonTree(text);
    expect(tree.ok).toBe(false);
    if (tree.ok) return;
    expect(tree.error.from).toBe(at);
    expect(tree.error.to).toBe(Math.min(at + 1, text.length));
    expect(tree.error.message).toContain(words);
  });

  it('accepts exactly what JSON.parse accepts on tricky numbers and literals', () => {
    for (const text of [
      '-0',
      '1e5',
      '1E+2',
      '0.5',
      '-',
      '01',
      '1.',
      '.5',
      '+1',
      'nul',
      'true ',
      ' null',
    ]) {
      let accepted = true;
      try {
        JSON.parse(text);
      } catch {
        accepted = false;
      }
      expect(parseJsonTree(text).ok, text).toBe(accepted);
    }
  });

  it('stops at the nesting limit instead of overflowing the stack', () => {
    const deep = '['.repeat(MAX_TREE_DEPTH + 1) + ']'.repeat(MAX_TREE_DEPTH + 1);
    const tree = parseJsonTree(deep);
    expect(tree.ok).toBe(false);
    if (!tree.ok) expect(tree.error.from).toBe(MAX_TREE_DEPTH);
    expect(parseJsonTree('['.repeat(100) + ']'.repeat(100)).ok).toBe(true);
  });
});
