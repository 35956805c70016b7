import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, memberOf, readJson, type JsonNode } from './read-json.ts';

// Strict mode: RFC 8259, exactly what JSON.parse accepts (A2A cards).

const MAX = MAX_JSON_DEPTH.strict;

const parse = (text: string): JsonNode => {
  const read = readJson(text, 'strict');
  if (!read.ok) throw new Error(`unexpected error: ${read.error.message}`);
  return read.root;
};

describe("readJson(text, 'strict')", () => {
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
    ['{"a": 1,}', 8, 'Expecting a property name in double quotes'],
    ['[1, 2', 5, "Expecting ',' or ']'"],
    ['{"a": 1 "b": 2}', 8, "Expecting ',' or '}'"],
    ['{"a" 1}', 5, "Expecting ':'"],
    ['{"a": tru}', 6, 'Expecting a value'],
    ['"abc', 0, 'Unterminated string'],
    ['"a\tb"', 2, 'Control character inside a string'],
    ['{"a": NaN}', 6, 'Expecting a value'],
    ['[-Infinity]', 1, 'Expecting a value'],
    ['{} x', 3, 'Unexpected text after the JSON value'],
    ['\uFEFF{}', 0, 'Unexpected byte order mark (BOM) before the JSON text'],
    ['', 0, 'Expecting a value'],
    ['{"a": "\\x"}', 7, 'Invalid escape'],
    ['"abc\\', 4, 'Invalid escape'],
    ['"\\u12g4"', 1, 'Invalid \\uXXXX escape'],
  ])('reports %j as a syntax error at offset %i', (text, at, message) => {
    const read = readJson(text, 'strict');
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.error).toEqual({ message, from: at, to: Math.min(at + 1, text.length) });
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
      '"\\u1234"',
      'NaN',
      'Infinity',
    ]) {
      let accepted = true;
      try {
        JSON.parse(text);
      } catch {
        accepted = false;
      }
      expect(readJson(text, 'strict').ok, text).toBe(accepted);
    }
  });

  it('stops at the nesting limit instead of overflowing the stack', () => {
    const deep = '['.repeat(MAX + 1) + ']'.repeat(MAX + 1);
    const read = readJson(deep, 'strict');
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error.from).toBe(MAX);
    expect(readJson('['.repeat(MAX) + ']'.repeat(MAX), 'strict').ok).toBe(true);
    expect(readJson('['.repeat(200_000), 'strict').ok).toBe(false);
  });
});
