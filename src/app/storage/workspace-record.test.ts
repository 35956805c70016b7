import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzParameters, throwOnFailure } from '../../../tests/fuzz/fuzz-run.ts';
import { PROTOTYPE_NAMES } from '../../../tests/support/prototype-names.ts';
import type { Workspace } from '../state/workspace-types.ts';
import {
  checkStoredMeta,
  checkStoredWorkspace,
  RECORD_ISSUES,
  snapshotWorkspace,
  STORAGE_LIMITS,
} from './workspace-record.ts';

const good = (): Workspace => ({
  id: 'w1',
  name: 'Agents',
  files: { 'a.md': '---\ntype: agent\n---\n', 'sub/b.yaml': 'type: agent\n' },
  active: 'a.md',
  profile: 'rfc',
  reloadMode: 'hot-swap',
  revision: 3,
  updatedAt: 1_700_000_000_000,
  history: { 'a.md': { done: [1, 2] } },
});

const codes = (value: unknown, id?: string) =>
  checkStoredWorkspace(value, id).issues.map((issue) => issue.code);

describe('checkStoredWorkspace', () => {
  it('accepts a well-formed record unchanged and without issues', () => {
    const { workspace, issues } = checkStoredWorkspace(good(), 'w1');
    expect(issues).toEqual([]);
    expect(workspace).toEqual(good());
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'workspace'],
    ['an array', [good()]],
    ['a Map', new Map([['id', 'w1']])],
    ['a class instance', new (class Ws {})()],
  ])('drops %s as not-a-workspace', (_label, value) => {
    const check = checkStoredWorkspace(value);
    expect(check.workspace).toBeUndefined();
    expect(check.issues).toEqual([{ code: 'not-a-workspace', field: '' }]);
  });

  it.each<[string, Partial<Record<keyof Workspace, unknown>>, string]>([
    ['an empty id', { id: '' }, 'bad-id'],
    ['a numeric id', { id: 7 }, 'bad-id'],
    ['an over-long id', { id: 'x'.repeat(STORAGE_LIMITS.maxIdChars + 1) }, 'bad-id'],
    ['revision 0', { revision: 0 }, 'bad-revision'],
    ['a fractional revision', { revision: 1.5 }, 'bad-revision'],
    ['a string revision', { revision: '3' }, 'bad-revision'],
    ['files as an array', { files: ['a.md'] }, 'bad-files'],
    ['files missing', { files: undefined }, 'bad-files'],
  ])('drops a record with %s', (_label, patch, code) => {
    const check = checkStoredWorkspace({ ...good(), ...patch });
    expect(check.workspace).toBeUndefined();
    expect(check.issues.map((i) => i.code)).toEqual([code]);
    expect(RECORD_ISSUES[code as keyof typeof RECORD_ISSUES].effect).toBe('record');
  });

  it('drops a record stored under another id', () => {
    expect(codes(good(), 'w2')).toEqual(['bad-id']);
  });

  it('drops a record with more files than allowed', () => {
    const files = Object.fromEntries(
      Array.from({ length: STORAGE_LIMITS.maxFiles + 1 }, (_, i) => [`f${i}.md`, '']),
    );
    expect(codes({ ...good(), files, active: '' })).toEqual(['too-many-files']);
  });

  it('drops a record holding more text than allowed', () => {
    const files = { 'big.md': 'x'.repeat(STORAGE_LIMITS.maxTotalChars) };
    expect(codes({ ...good(), files, active: '' })).toEqual(['too-large']);
  });

  it('drops only the files whose path or text is bad, keeping the work', () => {
    const files = { 'a.md': 'ok', '': 'empty path', 'nul\0.md': 'x', 'n.md': 42, 'o.md': null };
    const check = checkStoredWorkspace({ ...good(), files });
    expect(check.workspace?.files).toEqual({ 'a.md': 'ok' });
    expect(check.issues.map((i) => i.code)).toEqual([
      'bad-file',
      'bad-file',
      'bad-file',
      'bad-file',
    ]);
    expect(check.issues[0]?.field).toBe('files[""]');
  });

  it('resets unreadable settings to defaults and reports each', () => {
    const check = checkStoredWorkspace({
      ...good(),
      name: 12,
      active: 'gone.md',
      profile: 'future-profile',
      reloadMode: 'sometimes',
      updatedAt: -1,
      history: [1, 2],
    });
    expect(check.issues.map((i) => [i.code, i.field])).toEqual([
      ['bad-name', 'name'],
      ['bad-active', 'active'],
      ['bad-profile', 'profile'],
      ['bad-reload-mode', 'reloadMode'],
      ['bad-updated-at', 'updatedAt'],
      ['bad-history', 'history'],
    ]);
    expect(check.workspace).toMatchObject({
      name: 'Untitled workspace',
      active: 'a.md',
      profile: 'rfc',
      reloadMode: 'hot-swap',
      updatedAt: 0,
    });
    expect(check.workspace && 'history' in check.workspace).toBe(false);
  });

  it('cuts an over-long name', () => {
    const check = checkStoredWorkspace({ ...good(), name: 'n'.repeat(5000) });
    expect(check.workspace?.name).toHaveLength(STORAGE_LIMITS.maxNameChars);
    expect(check.issues.map((i) => i.code)).toEqual(['bad-name']);
  });

  it('drops a cyclic undo history (structured clone keeps cycles, JSON cannot)', () => {
    const history: Record<string, unknown> = {};
    history['self'] = history;
    expect(codes({ ...good(), history })).toEqual(['bad-history']);
  });

  it('keeps format choices for its files and drops the others with bad-formats', () => {
    const files = { 'a.md': 'x', 'b.json': '{}' };
    const kept = checkStoredWorkspace({ ...good(), files, formats: { 'b.json': 'a2a' } });
    expect(kept.issues).toEqual([]);
    expect(kept.workspace?.formats).toEqual({ 'b.json': 'a2a' });
    const mixed = checkStoredWorkspace({
      ...good(),
      files,
      formats: { 'b.json': 'a2a', 'gone.md': 'afm', 'a.md': 'word' },
    });
    expect(mixed.issues.map((i) => i.code)).toEqual(['bad-formats']);
    expect(mixed.workspace?.formats).toEqual({ 'b.json': 'a2a' });
  });

  it('keeps a stored "__proto__" path as a file, not a prototype', () => {
    const files = JSON.parse('{"__proto__": "text", "a.md": "x"}') as Record<string, string>;
    const ws = checkStoredWorkspace({ ...good(), files }).workspace!;
    expect(Object.keys(ws.files)).toEqual(['__proto__', 'a.md']);
    expect(Object.getPrototypeOf(ws.files)).toBe(Object.prototype);
  });

  it('returns fresh objects that do not share files with the stored value', () => {
    const stored = good();
    const ws = checkStoredWorkspace(stored).workspace!;
    ws.files['new.md'] = '';
    expect(stored.files).not.toHaveProperty('new.md');
  });
});

describe('checkStoredMeta', () => {
  const meta = { id: 'w1', name: 'A', updatedAt: 5, fileCount: 2, revision: 1 };

  it('accepts a meta entry and rejects one for another id or with bad fields', () => {
    expect(checkStoredMeta(meta, 'w1')).toEqual(meta);
    expect(checkStoredMeta(meta, 'w2')).toBeUndefined();
    expect(checkStoredMeta({ ...meta, fileCount: -1 })).toBeUndefined();
    expect(checkStoredMeta({ ...meta, revision: 0 })).toBeUndefined();
    expect(checkStoredMeta({ ...meta, name: null })).toBeUndefined();
    expect(checkStoredMeta('meta')).toBeUndefined();
  });
});

describe('snapshotWorkspace', () => {
  it('copies a proxied workspace into plain data that structured clone accepts', () => {
    const proxied = new Proxy(good(), {});
    const result = snapshotWorkspace(proxied);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(() => structuredClone(result.workspace)).not.toThrow();
    expect(result.workspace).toEqual(good());
    expect(result.workspace.files).not.toBe(proxied.files);
  });

  it('reports a workspace over the size limits instead of throwing', () => {
    const tooMany = Object.fromEntries(
      Array.from({ length: STORAGE_LIMITS.maxFiles + 1 }, (_, i) => [`f${i}`, '']),
    );
    const big = { 'a.md': 'x'.repeat(STORAGE_LIMITS.maxTotalChars) };
    expect(snapshotWorkspace({ ...good(), files: tooMany })).toMatchObject({
      ok: false,
      code: 'too-many-files',
    });
    expect(snapshotWorkspace({ ...good(), files: big })).toMatchObject({
      ok: false,
      code: 'too-large',
    });
  });

  it('throws a TypeError on a malformed workspace (a programmer error)', () => {
    expect(() => snapshotWorkspace({ ...good(), revision: 0 })).toThrow(TypeError);
    expect(() => snapshotWorkspace({ ...good(), id: '' })).toThrow(TypeError);
    expect(() =>
      snapshotWorkspace({ ...good(), files: { 'a.md': 1 as unknown as string } }),
    ).toThrow(TypeError);
    expect(() => snapshotWorkspace({ ...good(), profile: 'x' as never })).toThrow(TypeError);
  });

  it('leaves out an undo history that is not JSON rather than failing the save', () => {
    const history: Record<string, unknown> = {};
    history['self'] = history;
    const result = snapshotWorkspace({ ...good(), history });
    expect(result.ok && 'history' in result.workspace).toBe(false);
  });
});

describe('hostile stored records', () => {
  /** A record as JSON would give it back: `__proto__` keys are own data, not prototypes. */
  const fromJson = (json: string): unknown => JSON.parse(json);

  it('keeps files named like every member of Object.prototype, with their format choices', () => {
    const files = Object.fromEntries(PROTOTYPE_NAMES.map((name) => [name, `text of ${name}`]));
    const formats = Object.fromEntries(PROTOTYPE_NAMES.map((name) => [name, 'afm']));
    for (const active of PROTOTYPE_NAMES) {
      const { workspace, issues } = checkStoredWorkspace({ ...good(), files, formats, active });
      expect(issues).toEqual([]);
      expect(Object.keys(workspace!.files)).toEqual(PROTOTYPE_NAMES);
      expect(Object.keys(workspace!.formats!)).toEqual(PROTOTYPE_NAMES);
      expect(workspace!.active).toBe(active);
    }
  });

  it('does not take an inherited member for the active file or a format choice', () => {
    for (const name of PROTOTYPE_NAMES) {
      expect(codes({ ...good(), active: name })).toEqual(['bad-active']);
      expect(codes({ ...good(), formats: fromJson(`{"${name}":"afm"}`) })).toEqual(['bad-formats']);
    }
  });

  it('reads a record with prototype-named and extra top-level fields by its own fields only', () => {
    const record = fromJson(
      `{"__proto__":{"id":"w9"},"constructor":1,"extra":[1],"id":"w1","revision":2,"files":{"a.md":"x"},` +
        `"name":"N","active":"a.md","profile":"rfc","reloadMode":"explicit","updatedAt":1}`,
    );
    const { workspace, issues } = checkStoredWorkspace(record, 'w1');
    expect(issues).toEqual([]);
    expect(workspace).toEqual({
      id: 'w1',
      name: 'N',
      files: { 'a.md': 'x' },
      active: 'a.md',
      profile: 'rfc',
      reloadMode: 'explicit',
      revision: 2,
      updatedAt: 1,
    });
    expect(({} as Record<string, unknown>)['id']).toBeUndefined();
    // A record whose id is only inherited is no record of that id.
    expect(codes(Object.assign(Object.create({ id: 'w1' }) as object, { revision: 1 }))).toEqual([
      'not-a-workspace',
    ]);
  });

  it('drops wrong types of identity fields with their codes, and cuts or resets the rest', () => {
    expect(codes({ ...good(), id: ['w1'] })).toEqual(['bad-id']);
    expect(codes({ ...good(), revision: 2 ** 53 })).toEqual(['bad-revision']);
    expect(codes({ ...good(), files: new Map([['a.md', 'x']]) })).toEqual(['bad-files']);
    expect(codes({ ...good(), name: 'n'.repeat(5_000_000) })).toEqual(['bad-name']);
    expect(
      codes({ ...good(), files: { ['p'.repeat(STORAGE_LIMITS.maxPathChars + 1)]: '' } }),
    ).toEqual(['bad-file', 'bad-active']);
  });

  it('never throws and always answers a workspace or a dropping issue, for any JSON value', () => {
    const recordLike = fc.record(
      {
        id: fc.oneof(fc.constant('w1'), fc.jsonValue()),
        revision: fc.oneof(fc.nat(), fc.jsonValue()),
        files: fc.oneof(
          fc.dictionary(fc.oneof(fc.string(), fc.constantFrom(...PROTOTYPE_NAMES)), fc.string()),
          fc.jsonValue(),
        ),
        name: fc.jsonValue(),
        active: fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), fc.jsonValue()),
        profile: fc.jsonValue(),
        reloadMode: fc.jsonValue(),
        updatedAt: fc.jsonValue(),
        history: fc.jsonValue(),
        formats: fc.jsonValue(),
      },
      { requiredKeys: [] },
    );
    throwOnFailure(
      fc.check(
        fc.property(fc.oneof(fc.jsonValue(), recordLike), (value) => {
          const { workspace, issues } = checkStoredWorkspace(value);
          const dropped = issues.filter((issue) => RECORD_ISSUES[issue.code].effect === 'record');
          expect(workspace === undefined).toBe(dropped.length === 1);
          if (workspace) expect(checkStoredWorkspace(workspace).issues).toEqual([]);
          expect(() => checkStoredMeta(value)).not.toThrow();
        }),
        fuzzParameters(300, 0x5701),
      ),
    );
  });
});
