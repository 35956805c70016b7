import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_FILES, parseEnvelope, serializeEnvelope, type PermalinkEnvelope } from './envelope.ts';
import { decodePermalink, encodePermalink } from './permalink.ts';
import { PROTOTYPE_NAMES } from '../../tests/support/prototype-names.ts';
import { fuzzParameters, throwOnFailure } from '../../tests/fuzz/fuzz-run.ts';

const sample: PermalinkEnvelope = {
  files: { 'agents/a.md': 'A', 'b.yaml': 'B' },
  active: 'b.yaml',
  profile: 'fast-agent',
};

function reasonOf(value: unknown): string {
  const parsed = parseEnvelope(JSON.stringify(value));
  return parsed.ok ? 'ok' : parsed.reason;
}

function wire(overrides: Record<string, unknown>): Record<string, unknown> {
  return { v: 1, f: [['a.md', 'text']], a: 'a.md', p: 'rfc', ...overrides };
}

describe('serializeEnvelope', () => {
  it('writes the compact versioned form, files in insertion order', () => {
    expect(serializeEnvelope(sample)).toBe(
      '{"v":1,"f":[["agents/a.md","A"],["b.yaml","B"]],"a":"b.yaml","p":"fast-agent"}',
    );
  });

  it('throws a TypeError for an envelope that could not be read back', () => {
    expect(() => serializeEnvelope({ ...sample, active: 'missing.md' })).toThrow(TypeError);
    expect(() => serializeEnvelope({ ...sample, files: { '../x': '' }, active: '../x' })).toThrow(
      TypeError,
    );
    expect(() => serializeEnvelope({ ...sample, profile: 'strict' as 'rfc' })).toThrow(TypeError);
    expect(() => serializeEnvelope({ ...sample, files: null as never })).toThrow(TypeError);
    expect(() => serializeEnvelope(undefined as never)).toThrow(TypeError);
  });
});

describe('parseEnvelope', () => {
  it('reads back what serializeEnvelope writes', () => {
    expect(parseEnvelope(serializeEnvelope(sample))).toEqual({ ok: true, envelope: sample });
  });

  it('keeps a file called __proto__ as an ordinary own entry', () => {
    const parsed = parseEnvelope(JSON.stringify(wire({ f: [['__proto__', 'x']], a: '__proto__' })));
    if (!parsed.ok) throw new Error(parsed.detail);
    expect(Object.keys(parsed.envelope.files)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(parsed.envelope.files)).toBe(Object.prototype);
  });

  it('accepts nested paths, dots inside names and the largest allowed file count', () => {
    expect(reasonOf(wire({ f: [['a/b/.c/..d/e..f', '']], a: 'a/b/.c/..d/e..f' }))).toBe('ok');
    const many = Array.from({ length: MAX_FILES }, (_, i) => [`f${i}.md`, '']);
    expect(reasonOf(wire({ f: many, a: 'f0.md' }))).toBe('ok');
  });

  it('reports text that is not a JSON object as invalid content', () => {
    expect(parseEnvelope('{"v":1,').ok).toBe(false);
    for (const value of [null, 1, 'x', [], [1]]) expect(reasonOf(value)).toBe('invalid-content');
  });

  it('reports another content version as an unknown version, and a missing one as invalid', () => {
    expect(reasonOf(wire({ v: 2 }))).toBe('unknown-version');
    expect(reasonOf(wire({ v: undefined }))).toBe('invalid-content');
    expect(reasonOf(wire({ v: '1' }))).toBe('invalid-content');
  });

  it.each<[string, Record<string, unknown>]>([
    ['an unexpected field', { x: 1 }],
    ['a missing file list', { f: undefined }],
    ['a file list that is an object', { f: { 'a.md': 'text' } }],
    ['no files', { f: [], a: '' }],
    [
      'too many files',
      { f: Array.from({ length: MAX_FILES + 1 }, (_, i) => [`f${i}`, '']), a: 'f0' },
    ],
    ['an entry that is not a pair', { f: [['a.md']] }],
    ['an entry with a third element', { f: [['a.md', 'x', 'y']] }],
    ['a text that is not a string', { f: [['a.md', 1]] }],
    ['a path that is not a string', { f: [[1, 'x']] }],
    ['an empty path', { f: [['', 'x']], a: '' }],
    ['a path with NUL', { f: [['a\0.md', 'x']], a: 'a\0.md' }],
    ['a path with a leading slash', { f: [['/etc/passwd', 'x']], a: '/etc/passwd' }],
    ['a path with a leading backslash', { f: [['\\x', 'x']], a: '\\x' }],
    ['a path with a .. segment', { f: [['a/../../b', 'x']], a: 'a/../../b' }],
    ['a path that is ..', { f: [['..', 'x']], a: '..' }],
    ['a .. segment between backslashes', { f: [['a\\..\\b', 'x']], a: 'a\\..\\b' }],
    [
      'a duplicate path',
      {
        f: [
          ['a.md', 'x'],
          ['a.md', 'y'],
        ],
      },
    ],
    ['a missing active file', { a: undefined }],
    ['an active file that is not one of the files', { a: 'b.md' }],
    ['an unknown profile', { p: 'strict' }],
    ['a missing profile', { p: undefined }],
  ])('reports %s as invalid content', (_, overrides) => {
    expect(reasonOf(wire(overrides))).toBe('invalid-content');
  });

  it('carries format choices as path and format pairs, and leaves them out when there are none', () => {
    const chosen = { ...sample, formats: { 'b.yaml': 'openagentspec' as const } };
    const json = serializeEnvelope(chosen);
    expect(JSON.parse(json).m).toEqual([['b.yaml', 'openagentspec']]);
    expect(parseEnvelope(json)).toEqual({ ok: true, envelope: chosen });
    expect(JSON.parse(serializeEnvelope({ ...sample, formats: {} }))).not.toHaveProperty('m');
  });

  it.each([
    ['format choices that are not a list', { m: { 'a.md': 'afm' } }],
    ['a format choice for a file it does not hold', { m: [['b.md', 'afm']] }],
    ['an unknown format', { m: [['a.md', 'word']] }],
    ['a format choice that is not a pair', { m: [['a.md']] }],
  ])('reports %s as invalid content', (_, overrides) => {
    expect(reasonOf(wire(overrides))).toBe('invalid-content');
  });
});

describe('paths named like members of Object.prototype', () => {
  const NAMES = PROTOTYPE_NAMES;
  // Built entry by entry: an object literal would make `__proto__` the prototype, not a file.
  const files = Object.fromEntries(NAMES.map((name) => [name, `text of ${name}`]));
  const formats = Object.fromEntries(NAMES.map((name) => [name, 'agentcard' as const]));

  it('keeps every one as a file, with its format choice, through an envelope round trip', () => {
    for (const active of NAMES) {
      const parsed = parseEnvelope(serializeEnvelope({ files, active, profile: 'rfc', formats }));
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) continue;
      expect(Object.keys(parsed.envelope.files)).toEqual(NAMES);
      for (const name of NAMES) {
        expect(Object.hasOwn(parsed.envelope.files, name)).toBe(true);
        expect(parsed.envelope.files[name]).toBe(`text of ${name}`);
        expect(Object.hasOwn(parsed.envelope.formats!, name)).toBe(true);
      }
      expect(parsed.envelope.active).toBe(active);
    }
  });

  it('keeps them through a whole permalink round trip', async () => {
    const link = await encodePermalink({ files, active: '__proto__', profile: 'rfc' });
    const decoded = await decodePermalink(link);
    expect(decoded.ok && Object.entries(decoded.envelope.files)).toEqual(Object.entries(files));
  });

  it('does not take an inherited member for a file: a path missing from the files is refused', () => {
    for (const name of NAMES) expect(reasonOf(wire({ a: name })), name).toBe('invalid-content');
  });
});

describe('the detail a refused envelope shows (the text after "does not hold a valid workspace:")', () => {
  const detailOf = (json: string): string => {
    const parsed = parseEnvelope(json);
    return parsed.ok ? 'ok' : parsed.detail;
  };
  const text = (overrides: Record<string, unknown>) => JSON.stringify(wire(overrides));

  it.each<[string, string]>([
    ['{"v":1,', 'its data is not JSON.'],
    ['[1]', 'its data is not a JSON object.'],
    ['{}', 'its format version is missing.'],
    [text({ v: '1' }), 'its format version is missing.'],
    [text({ x: 1 }), 'it has an unexpected field "x".'],
    [text({ f: { 'a.md': 't' } }), 'its file list is missing.'],
    [text({ f: [], a: '' }), 'it holds no files.'],
    [
      text({ f: Array.from({ length: MAX_FILES + 1 }, (_, i) => [`f${i}`, '']), a: 'f0' }),
      `it holds ${MAX_FILES + 1} files, more than the ${MAX_FILES} a link may hold.`,
    ],
    [text({ f: [['a.md', 'x'], 5] }), 'file entry 2 is not a pair of a path and a text.'],
    [text({ f: [['a.md', 'x', 'y']] }), 'file entry 1 is not a pair of a path and a text.'],
    [text({ f: [['', 'x']] }), 'the file path "" is empty.'],
    [text({ f: [['a\0.md', 'x']] }), 'the file path "a\\u0000.md" contains a NUL character.'],
    [text({ f: [['\\x', 'x']] }), 'the file path "\\\\x" starts with a slash.'],
    [text({ f: [['{n}/..', 'x']] }), 'the file path "{n}/.." has a ".." segment.'],
    [
      text({
        f: [
          ['a.md', 'x'],
          ['a.md', 'y'],
        ],
      }),
      'the file path "a.md" appears twice.',
    ],
    [text({ a: 3 }), 'its active file is missing.'],
    [text({ a: 'b.md' }), 'its active file "b.md" is not one of its files.'],
    [text({ p: 'strict' }), 'its profile "strict" is neither "rfc" nor "fast-agent".'],
    [
      text({ p: 'x'.repeat(100) }),
      `its profile "${'x'.repeat(56)}… is neither "rfc" nor "fast-agent".`,
    ],
    [text({ m: {} }), 'its format choices are not a list.'],
    [
      text({ m: [['a.md', 'afm'], ['a.md']] }),
      'format choice 2 is not a pair of a path and a format.',
    ],
    [text({ m: [['b.md', 'afm']] }), 'format choice 1 names "b.md", not one of its files.'],
    [text({ m: [['a.md', 'word']] }), 'format choice 1 names an unknown format "word".'],
  ])('%s: %s', (json, detail) => {
    expect(detailOf(json)).toBe(detail);
  });

  it('names another version as an unknown version', () => {
    expect(parseEnvelope(text({ v: 2 }))).toEqual({
      ok: false,
      reason: 'unknown-version',
      detail: 'its content is format version 2.',
    });
  });
});

describe('hostile envelopes', () => {
  it.each(['__proto__', 'constructor', 'prototype', 'toString'])(
    'refuses a top-level field %s as an unexpected field, and the result has no such own key',
    (name) => {
      const json = `{"v":1,"f":[["a.md","t"]],"a":"a.md","p":"rfc","${name}":{"polluted":true}}`;
      expect(parseEnvelope(json)).toEqual({
        ok: false,
        reason: 'invalid-content',
        detail: `it has an unexpected field "${name}".`,
      });
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    },
  );

  it('keeps a huge text and quotes a huge path cut to a readable length', () => {
    const big = 'x'.repeat(2_000_000);
    const kept = parseEnvelope(JSON.stringify(wire({ f: [['a.md', big]] })));
    expect(kept.ok && kept.envelope.files['a.md']?.length).toBe(big.length);
    const refused = parseEnvelope(JSON.stringify(wire({ f: [[`/${big}`, 'x']] })));
    expect(refused.ok || refused.detail.length).toBeLessThan(120);
  });

  it('refuses a text of a wrong type in any entry, and extra fields of any name', () => {
    for (const bad of [null, 1, true, {}, [], ['x']])
      expect(reasonOf(wire({ f: [['a.md', bad]] }))).toBe('invalid-content');
    expect(reasonOf(wire({ files: {} }))).toBe('invalid-content');
  });
});

describe('parseEnvelope on arbitrary input', () => {
  const wireLike = fc.record(
    {
      v: fc.oneof(fc.constant(1), fc.jsonValue()),
      f: fc.oneof(
        fc.array(fc.tuple(fc.oneof(fc.string(), fc.constantFrom(...PROTOTYPE_NAMES)), fc.string())),
        fc.jsonValue(),
      ),
      a: fc.oneof(fc.string(), fc.constantFrom(...PROTOTYPE_NAMES), fc.jsonValue()),
      p: fc.oneof(fc.constantFrom('rfc', 'fast-agent'), fc.jsonValue()),
      m: fc.oneof(fc.array(fc.tuple(fc.string(), fc.string())), fc.jsonValue()),
    },
    { requiredKeys: [] },
  );

  it('never throws, and answers ok or a reason with a one-clause detail, for any JSON value', () => {
    throwOnFailure(
      fc.check(
        fc.property(fc.oneof(fc.jsonValue(), wireLike), (value) => {
          const parsed = parseEnvelope(JSON.stringify(value) ?? 'null');
          if (!parsed.ok) expect(parsed.detail).toMatch(/^[a-z].*\.$/s);
          else expect(parseEnvelope(serializeEnvelope(parsed.envelope))).toEqual(parsed);
        }),
        fuzzParameters(300, 0x0e1),
      ),
    );
  });

  it('never throws on arbitrary text', () => {
    throwOnFailure(
      fc.check(
        fc.property(fc.string(), (json) => void parseEnvelope(json)),
        fuzzParameters(300, 0x0e2),
      ),
    );
  });
});
