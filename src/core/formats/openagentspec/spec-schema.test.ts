import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { publishSchema } from '../../schemas/publish-schema.ts';
import { analyzeSpec } from './index.ts';
import { openAgentSpecSchemaSet } from './json-schema.ts';
import { specSchema } from './spec-schema.ts';

vi.mock('valibot', async (original) => {
  const actual = await original<typeof import('valibot')>();
  return { ...actual, safeParse: vi.fn(actual.safeParse) };
});
vi.mock('../../schemas/publish-schema.ts', async (original) => {
  const actual = await original<typeof import('../../schemas/publish-schema.ts')>();
  return { ...actual, publishSchema: vi.fn(actual.publishSchema) };
});

describe('the OpenAgentSpec schema', () => {
  it('is the one object the checker validates with and the JSON Schema is generated from', () => {
    analyzeSpec('x.yaml', 'kind: "openagentspec:v1/agent"\nname: a\ncapabilities: {}\n');
    expect(vi.mocked(v.safeParse).mock.calls.map(([schema]) => schema)).toContain(specSchema);
    openAgentSpecSchemaSet.files();
    expect(vi.mocked(publishSchema).mock.calls.map(([, schema]) => schema)).toEqual([specSchema]);
  });

  it('reports what it refuses as the checker does: each issue at its node, with the rule’s code', () => {
    const text = 'kind: "openagentspec:v1/agent"\nname: A\nintent: i\nowner: o\ncapabilities: []\n';
    expect(v.safeParse(specSchema, { name: 'A' }).success).toBe(false);
    const found = analyzeSpec('x.yaml', text).diagnostics.map((d) => [
      d.code,
      text.slice(d.from, d.to),
    ]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['oas-invalid-name', 'A'],
        ['invalid-value', '[]'],
        ['missing-field', 'kind'],
      ]),
    );
  });
});
