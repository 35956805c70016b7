import { describe, expect, it } from 'vitest';
import { isMap, isScalar, parseDocument, type Scalar } from 'yaml';
import { scalarSourceMap, sourceRange } from './scalar-source-map.ts';

/** The scalar under key `v` of a one-key YAML mapping. */
function scalarOf(source: string): Scalar {
  const doc = parseDocument(source);
  expect(doc.errors).toEqual([]);
  const root = doc.contents;
  if (!isMap(root)) throw new Error('not a mapping');
  const value = root.items[0]?.value;
  if (!isScalar(value)) throw new Error('not a scalar');
  return value;
}

/** The source text each character of the value came from. */
function origins(source: string): string[] {
  const node = scalarOf(source);
  const map = scalarSourceMap(source, node);
  if (!map) throw new Error(`no map for ${JSON.stringify(source)}`);
  return map.starts.map((from, i) => source.slice(from, map.ends[i]));
}

describe('scalarSourceMap', () => {
  it('maps a plain scalar character by character', () => {
    expect(origins('v: a && b\n')).toEqual([...'a && b']);
  });

  it('folds a multi-line plain scalar, mapping the space to the line break', () => {
    const source = 'v: a &&\n   b\n';
    const map = scalarSourceMap(source, scalarOf(source))!;
    expect(map.starts).toEqual([3, 4, 5, 6, 7, 11]);
    expect(source.slice(map.starts[4], map.ends[4])).toBe('\n');
  });

  it('keeps a newline per empty line in a plain scalar', () => {
    expect(origins('v: a\n\n  b\n')).toEqual(['a', '\n', 'b']);
  });

  it('maps double-quoted escapes to the whole escape', () => {
    expect(origins('v: "a\\tb\\u00e9\\"c\\\\"\n')).toEqual([
      'a',
      '\\t',
      'b',
      '\\u00e9',
      '\\"',
      'c',
      '\\\\',
    ]);
  });

  it('maps both halves of a \\U escape outside the BMP to the escape', () => {
    expect(origins('v: "\\U0001F600x"\n')).toEqual(['\\U0001F600', '\\U0001F600', 'x']);
  });

  it('joins an escaped line break without a space', () => {
    expect(origins('v: "ab\\\n    cd"\n')).toEqual([...'abcd']);
  });

  it('folds unescaped breaks in double quotes and keeps white space inside the quotes', () => {
    expect(origins('v: " a\n   b "\n')).toEqual([' ', 'a', '\n', 'b', ' ']);
  });

  it("reads '' in single quotes as one quote", () => {
    expect(origins("v: 'it''s x'\n")).toEqual(['i', 't', "''", 's', ' ', 'x']);
  });

  it('maps a literal block scalar with its kept indentation and chomping', () => {
    expect(origins('v: |-\n  a &&\n    b\n')).toEqual([...'a &&', '\n', ' ', ' ', 'b']);
    expect(origins('v: |\n  a\n\n')).toEqual(['a', '\n']);
    expect(origins('v: |+\n  a\n\n')).toEqual(['a', '\n', '\n']);
  });

  it('folds a folded block scalar, keeping breaks around more-indented lines', () => {
    const source = 'v: >\n  a\n  b\n\n  c\n    d\n  e\n';
    const node = scalarOf(source);
    expect(node.value).toBe('a b\nc\n  d\ne\n');
    const map = scalarSourceMap(source, node)!;
    expect(map.starts.length).toBe(String(node.value).length);
    expect(source.slice(map.starts[0], map.ends[0])).toBe('a');
    expect(source.slice(map.starts[6], map.ends[6])).toBe(' ');
    expect(map.starts[6]).toBe(source.indexOf('  d'));
  });

  it('handles CRLF line ends', () => {
    expect(origins('v: a\r\n  b\r\n')).toEqual(['a', '\r\n', 'b']);
    expect(origins('v: |\r\n  a\r\n  b\r\n')).toEqual(['a', '\r\n', 'b', '\r\n']);
  });

  it('maps a JSON string like a double-quoted scalar', () => {
    expect(origins('{"v": "x\\n\\u0041"}')).toEqual(['x', '\\n', '\\u0041']);
  });

  it('gives no map when the block scalar has an explicit indentation indicator', () => {
    const source = 'v: |2\n   a\n';
    expect(scalarSourceMap(source, scalarOf(source))).toBeUndefined();
  });

  it('adds the slice offset to every position', () => {
    const source = 'v: ab\n';
    expect(scalarSourceMap(source, scalarOf(source), 100)!.starts).toEqual([103, 104]);
  });
});

describe('sourceRange', () => {
  const map = { starts: [10, 11, 13], ends: [11, 13, 14] };

  it('spans the source of the characters from the first to the last', () => {
    expect(sourceRange(map, 0, 2, [0, 1])).toEqual([10, 13]);
  });

  it('points at the last character for an offset at the end of the value', () => {
    expect(sourceRange(map, 3, 3, [0, 1])).toEqual([13, 14]);
  });

  it('is never empty and uses the fallback for an empty value', () => {
    expect(sourceRange(map, 1, 1, [0, 1])).toEqual([11, 13]);
    expect(sourceRange({ starts: [], ends: [] }, 0, 0, [5, 7])).toEqual([5, 7]);
  });
});
