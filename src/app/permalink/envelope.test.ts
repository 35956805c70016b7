import { describe, expect, it } from 'vitest';
import { MAX_FILES, parseEnvelope, serializeEnvelope, type PermalinkEnvelope } from './envelope.ts';
import { decodePermalink, encodePermalink } from './permalink.ts';
import { PROTOTYPE_NAMES } from '../../../tests/support/prototype-names.ts';

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
