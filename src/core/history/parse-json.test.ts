import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, parseJson, type JsonValue } from './parse-json.ts';

function valueOf(text: string): JsonValue {
  const parsed = parseJson(text);
  if (!parsed.ok) throw new Error(`unexpected error: ${parsed.error.message}`);
  return parsed.value;
}

function errorOf(text: string): { from: number; to: number } {
  const parsed = parseJson(text);
  if (parsed.ok) throw new Error('expected a syntax error');
  return { from: parsed.error.from, to: parsed.error.to };
}

describe('parseJson', () => {
  it('reads objects as Maps, so a "__proto__" key is plain data', () => {
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

  it('records the range of each element of the arrays it is asked to', () => {
    const text = '{ "messages" : [ 1 , {"x": "]"} ,"s\\"" ] }';
    const parsed = parseJson(text);
    if (!parsed.ok) throw new Error('parse failed');
    const root = parsed.value as Map<string, JsonValue>;
    const entries = root.get('messages') as JsonValue[];
    const spans = parsed.spans.items.get(entries)!.map(({ from, to }) => text.slice(from, to));
    expect(spans).toEqual(['1', '{"x": "]"}', '"s\\""']);
    const member = parsed.spans.members.get(root)!.get('messages')!;
    expect(text.slice(member.from, member.to)).toBe('[ 1 , {"x": "]"} ,"s\\"" ]');
    expect(parsed.span).toEqual({ from: 0, to: text.length });
  });

  it('points at the place of each syntax error', () => {
    expect(errorOf('{"messages": [')).toEqual({ from: 14, to: 14 });
    expect(errorOf('[1,]')).toEqual({ from: 3, to: 4 });
    expect(errorOf('{"a": 1,}')).toEqual({ from: 8, to: 9 });
    expect(errorOf('{"a" 1}')).toEqual({ from: 5, to: 6 });
    expect(errorOf('[1 2]')).toEqual({ from: 3, to: 4 });
    expect(errorOf('{"a": 1} x')).toEqual({ from: 9, to: 10 });
    expect(errorOf('')).toEqual({ from: 0, to: 0 });
    expect(errorOf('"abc')).toEqual({ from: 0, to: 1 });
  });

  it('refuses what Python refuses: a BOM, control characters in strings, bad escapes, comments, leading zeros', () => {
    expect(errorOf('\ufeff{}')).toEqual({ from: 0, to: 1 });
    expect(errorOf('"a\tb"')).toEqual({ from: 2, to: 3 });
    expect(errorOf('"\\x"')).toEqual({ from: 1, to: 2 });
    expect(errorOf('"\\u12g4"')).toEqual({ from: 2, to: 3 });
    expect(errorOf('"\\ud800')).toEqual({ from: 2, to: 3 });
    expect(errorOf('// c\n{}')).toEqual({ from: 0, to: 1 });
    expect(errorOf('01')).toEqual({ from: 1, to: 2 });
  });

  it(`refuses nesting deeper than ${MAX_JSON_DEPTH} levels without using the call stack`, () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    expect(errorOf(deep)).toEqual({ from: MAX_JSON_DEPTH, to: MAX_JSON_DEPTH + 1 });
    const allowed = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect(parseJson(allowed).ok).toBe(true);
  });

  it('reads long flat arrays and long strings in one pass', () => {
    const items = Array.from({ length: 100_000 }, (_, i) => `{"i": ${i}}`).join(',');
    const value = valueOf(`[${items}]`) as JsonValue[];
    expect(value).toHaveLength(100_000);
    expect(valueOf(`"${'x'.repeat(2_000_000)}"`)).toHaveLength(2_000_000);
  });
});
