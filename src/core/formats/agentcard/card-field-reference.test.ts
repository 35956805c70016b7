import * as v from 'valibot';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CARD_TYPES } from '../../model/agent-types.ts';
import { FIELD_DEFAULTS, FIELD_EXAMPLES, TYPE_DOCS } from './card-field-reference.ts';
import { ALL_FIELDS } from './card-fields.ts';
import { FIELD_DOCS } from './field-docs.ts';
import { fieldSpec } from './field-specs.ts';

describe('the field tables the Reference, hover and completion read', () => {
  it('gives every field an example that parses and passes its own value schema', () => {
    for (const field of ALL_FIELDS) {
      const example = FIELD_EXAMPLES[field];
      expect(example, field).toBeTypeOf('string');
      const parsed = parse(example!) as Record<string, unknown>;
      expect(Object.keys(parsed), field).toEqual([field]);
      const spec = fieldSpec(field);
      expect(spec, field).toBeDefined();
      const result = v.safeParse(spec!.schema, parsed[field]);
      expect(result.success, `${field}: ${result.issues?.[0]?.message ?? ''}`).toBe(true);
    }
  });

  it('describes exactly the fields the type rules know (ALL_FIELDS is derived from the rules)', () => {
    expect([...ALL_FIELDS].sort()).toEqual(Object.keys(FIELD_DOCS).sort());
    expect(new Set(ALL_FIELDS).size).toBe(ALL_FIELDS.length);
  });

  it('has no example or default for a field the tables do not know', () => {
    const known = new Set(ALL_FIELDS);
    expect(Object.keys(FIELD_EXAMPLES).filter((f) => !known.has(f))).toEqual([]);
    expect(Object.keys(FIELD_DEFAULTS).filter((f) => !known.has(f))).toEqual([]);
  });

  it('describes every card type, a2a included', () => {
    for (const type of [...CARD_TYPES, 'a2a' as const]) expect(TYPE_DOCS[type]).toMatch(/\S/);
  });
});
