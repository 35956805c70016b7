import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';

// A field added to the core's tables (its description, its type's field list, its value schema, its
// example) shows in the Reference with no change to the Reference's code.
vi.mock('../../core/index.ts', async (importOriginal) => {
  const core = await importOriginal<typeof import('../../core/index.ts')>();
  return {
    ...core,
    ALL_FIELDS: [...core.ALL_FIELDS, 'pause_sec'],
    FIELD_DOCS: {
      ...core.FIELD_DOCS,
      pause_sec: 'Seconds to wait between the steps of the chain.',
    },
    FIELD_DEFAULTS: { ...core.FIELD_DEFAULTS, pause_sec: '0' },
    FIELD_EXAMPLES: { ...core.FIELD_EXAMPLES, pause_sec: 'pause_sec: 2' },
    allowedFields: (
      type: Parameters<typeof core.allowedFields>[0],
      profile: 'rfc' | 'fast-agent',
    ) =>
      type === 'chain'
        ? [...core.allowedFields(type, profile), 'pause_sec']
        : core.allowedFields(type, profile),
    fieldSpec: (field: string) =>
      field === 'pause_sec' ? { schema: v.number() } : core.fieldSpec(field),
  };
});

describe('a field added to the tables', () => {
  it('appears in the Reference, under its type, and is found by search', async () => {
    const { buildReference, searchReference } = await import('./reference-data.ts');
    const reference = buildReference();
    expect(reference.fields.at(-1)).toMatchObject({
      id: 'field-pause_sec',
      description: 'Seconds to wait between the steps of the chain.',
      shape: 'number',
      default: '0',
      example: 'pause_sec: 2',
      types: ['chain'],
    });
    expect(reference.types.find((t) => t.name === 'chain')!.fields).toContain('pause_sec');
    expect(searchReference(reference, 'pause_sec').types.map((t) => t.name)).toEqual(['chain']);
  });
});
