import { describe, expect, it } from 'vitest';
import {
  ALL_FIELDS,
  allowedFields,
  CARD_TYPES,
  FIELD_DOCS,
  PROFILES,
  requiredFields,
  schemaFields,
} from '../../core/index.ts';
import { buildReference, resolveAnchor, searchReference } from './reference-data.ts';

const reference = buildReference();

describe('the Reference, generated from the core tables', () => {
  it('has one entry per field of the tables, with its description, shape and example', () => {
    expect(reference.fields.map((f) => f.name)).toEqual(Object.keys(FIELD_DOCS));
    expect(new Set(Object.keys(FIELD_DOCS))).toEqual(new Set(ALL_FIELDS));
    for (const field of reference.fields) {
      expect(field.description).toBe(FIELD_DOCS[field.name]);
      expect(field.shape, field.name).not.toBe('');
      expect(field.example, field.name).toMatch(new RegExp(`^${field.name}:`));
    }
  });

  it('lists every field of every type, in both profiles, under that type and on the field', () => {
    for (const type of [...CARD_TYPES, 'a2a' as const]) {
      const entry = reference.types.find((t) => t.name === type)!;
      for (const profile of PROFILES) {
        if (type === 'a2a' && profile === 'rfc') continue;
        for (const field of allowedFields(type, profile)) {
          expect(entry.fields, `${type}.${field}`).toContain(field);
          expect(reference.fields.find((f) => f.name === field)!.types).toContain(type);
        }
      }
      expect(entry.required).toEqual(requiredFields(type));
    }
  });

  it('words shapes, defaults and profile limits from the core', () => {
    const field = (name: string) => reference.fields.find((f) => f.name === name)!;
    expect(field('sequence')).toMatchObject({
      shape: 'list of string',
      types: ['chain'],
      requiredBy: ['chain'],
      default: null,
    });
    expect(field('plan_type').shape).toBe("one of 'full', 'iterative'");
    expect(field('max_refinements').default).toBe('3');
    expect(field('history_mode').onlyIn).toBe('rfc');
    expect(field('url').onlyIn).toBe('fast-agent');
    expect(reference.types.find((t) => t.name === 'a2a')!.onlyIn).toBe('fast-agent');
  });

  it('lists the AFM and OpenAgentSpec fields of their schemas, nested ones by path', () => {
    const afm = reference.formats.find((f) => f.id === 'afm')!;
    const top = schemaFields('afm', []).map((f) => f.name);
    expect(afm.fields.filter((f) => !f.path.includes('.')).map((f) => f.name)).toEqual(top);
    expect(afm.fields.some((f) => f.path.startsWith('interfaces[].'))).toBe(true);
    const spec = reference.formats.find((f) => f.id === 'openagentspec')!;
    expect(spec.fields.length).toBeGreaterThan(5);
  });

  it('explains both profiles and both reload modes', () => {
    const ids = reference.topics.flatMap((t) => t.choices.map((c) => c.id));
    expect(ids).toEqual([
      'profile-rfc',
      'profile-fast-agent',
      'reload-hot-swap',
      'reload-explicit',
    ]);
  });
});

describe('searching the Reference', () => {
  it('finds `sequence` first, with the type it belongs to', () => {
    const found = searchReference(reference, 'Sequence ');
    expect(found.fields[0]!.name).toBe('sequence');
    expect(found.types.map((t) => t.name)).toContain('chain');
  });

  it('keeps everything for an empty query and nothing for a word no entry has', () => {
    expect(searchReference(reference, '  ')).toBe(reference);
    const none = searchReference(reference, 'zzzqqq');
    expect([none.fields, none.types, none.formats, none.topics].map((x) => x.length)).toEqual([
      0, 0, 0, 0,
    ]);
  });
});

describe('anchors', () => {
  it('resolves ids, bare field and type names, and setting names', () => {
    expect(resolveAnchor(reference, 'sequence')).toBe('field-sequence');
    expect(resolveAnchor(reference, 'field-k')).toBe('field-k');
    expect(resolveAnchor(reference, 'chain')).toBe('type-chain');
    expect(resolveAnchor(reference, 'profiles')).toBe('profiles');
    expect(resolveAnchor(reference, 'explicit')).toBe('reload-explicit');
    expect(resolveAnchor(reference, 'afm-interfaces.type')).toBe('afm-interfaces.type');
    expect(resolveAnchor(reference, 'no_such_field')).toBeNull();
  });
});
