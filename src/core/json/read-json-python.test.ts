import { describe, expect, it } from 'vitest';
import { mapValue, type JsonValue } from './map-value.ts';
import { MAX_JSON_DEPTH, readJson, type JsonNode } from './read-json.ts';

// Python mode: what fast-agent's `json.loads` accepts, with Python's words and places for each error
// (history diagnostics quote them; the golden files pin them).

const MAX = MAX_JSON_DEPTH.python;

function rootOf(text: string): JsonNode {
  const read = readJson(text, 'python');
  if (!read.ok) throw new Error(`unexpected error: ${read.error.message}`);
  return read.root;
}

const valueOf = (text: string): JsonValue => mapValue(rootOf(text));

function errorOf(text: string): { message: string; from: number; to: number } {
  const read = readJson(text, 'python');
  if (read.ok) throw new Error('expected a syntax error');
  return read.error;
}

const placeOf = (text: string): { from: number; to: number } => {
  const { from, to } = errorOf(text);
  return { from, to };
};

describe("readJson(text, 'python')", () => {
  it('reads objects as Maps (mapValue), so a "__proto__" key is plain data', () => {
    const value = valueOf('{"__proto__": {"a": 1}, "b": [true, false, null]}');
    expect(value).toEqual(
      new Map<string, JsonValue>([
        ['__proto__', new Map([['a', 1]])],
        ['b', [true, false, null]],
      ]),
    );
  });

  it('keeps the last value of a repeated key, as Python does', () => {
    expect(valueOf('{"a": 1, "a": 2}')).toEqual(new Map([['a', 2]]));
  });

  it('decodes escapes, including surrogate pairs and lone surrogates', () => {
    expect(valueOf('"a\\"b\\\\c\\/\\n\\t\\u00e9\\ud83d\\ude00\\ud800"')).toBe(
      'a"b\\c/\n\té😀\ud800',
    );
  });

  it('reads NaN, Infinity and -Infinity, which Python accepts', () => {
    expect(valueOf('[NaN, Infinity, -Infinity, -0.5e2]')).toEqual([NaN, Infinity, -Infinity, -50]);
  });

  it('records the range of every element and member value', () => {
    const text = '{ "messages" : [ 1 , {"x": "]"} ,"s\\"" ] }';
    const root = rootOf(text);
    if (root.kind !== 'object') throw new Error('not an object');
    const messages = root.members[0]!;
    expect(text.slice(messages.keyFrom, messages.keyTo)).toBe('"messages"');
    const entries = messages.value;
    expect(text.slice(entries.from, entries.to)).toBe('[ 1 , {"x": "]"} ,"s\\"" ]');
    if (entries.kind !== 'array') throw new Error('not an array');
    expect(entries.items.map(({ from, to }) => text.slice(from, to))).toEqual([
      '1',
      '{"x": "]"}',
      '"s\\""',
    ]);
    expect([root.from, root.to]).toEqual([0, text.length]);
  });

  it('points at the place of each syntax error', () => {
    expect(placeOf('{"messages": [')).toEqual({ from: 14, to: 14 });
    expect(placeOf('[1,]')).toEqual({ from: 3, to: 4 });
    expect(placeOf('{"a": 1,}')).toEqual({ from: 8, to: 9 });
    expect(placeOf('{"a" 1}')).toEqual({ from: 5, to: 6 });
    expect(placeOf('[1 2]')).toEqual({ from: 3, to: 4 });
    expect(placeOf('{"a": 1} x')).toEqual({ from: 9, to: 10 });
    expect(placeOf('')).toEqual({ from: 0, to: 0 });
    expect(placeOf('"abc')).toEqual({ from: 0, to: 1 });
  });

  it('refuses what Python refuses: a BOM, control characters in strings, bad escapes, comments, leading zeros', () => {
    expect(placeOf('\ufeff{}')).toEqual({ from: 0, to: 1 });
    expect(placeOf('"a\tb"')).toEqual({ from: 2, to: 3 });
    expect(placeOf('"\\x"')).toEqual({ from: 1, to: 2 });
    expect(placeOf('"\\u12g4"')).toEqual({ from: 2, to: 3 });
    expect(placeOf('"\\ud800')).toEqual({ from: 2, to: 3 });
    expect(placeOf('// c\n{}')).toEqual({ from: 0, to: 1 });
    expect(placeOf('01')).toEqual({ from: 1, to: 2 });
  });

  it.each([
    ['\ufeff{}', 'Unexpected UTF-8 BOM (decode using utf-8-sig)'],
    ['{"a": 1} x', 'Extra data'],
    ['[1,]', 'Expecting value'],
    ['{"a": 1,}', 'Expecting property name enclosed in double quotes'],
    ['{"a" 1}', "Expecting ':' delimiter"],
    ['[1 2]', "Expecting ',' delimiter"],
    ['{"a": 1 "b": 2}', "Expecting ',' delimiter"],
    ['"abc', 'Unterminated string starting at'],
    ['"abc\\', 'Unterminated string starting at'],
    ['"a\tb"', 'Invalid control character at'],
    ['"\\x"', 'Invalid \\escape'],
    ['"\\u12g4"', 'Invalid \\uXXXX escape'],
    ['"\\u1234', 'Invalid \\uXXXX escape'],
  ])('words the error in %j as Python does: %s', (text, message) => {
    expect(errorOf(text).message).toBe(message);
  });

  it('reports a backslash at the very end as an unterminated string, at its opening quote', () => {
    expect(placeOf('["abc\\')).toEqual({ from: 1, to: 2 });
  });

  it(`refuses nesting deeper than ${MAX} levels without using the call stack`, () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    expect(errorOf(deep)).toEqual({
      message: `Nested deeper than ${MAX} levels`,
      from: MAX,
      to: MAX + 1,
    });
    const allowed = '['.repeat(MAX) + ']'.repeat(MAX);
    expect(readJson(allowed, 'python').ok).toBe(true);
  });

  it('reads long flat arrays and long strings in one pass', () => {
    const items = Array.from({ length: 100_000 }, (_, i) => `{"i": ${i}}`).join(',');
    const value = valueOf(`[${items}]`) as JsonValue[];
    expect(value).toHaveLength(100_000);
    expect(valueOf(`"${'x'.repeat(2_000_000)}"`)).toHaveLength(2_000_000);
  });
});
