import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { publishSchema } from '../../schemas/publish-schema.ts';
import { allowedKeys, schemaAt } from '../valibot-issues.ts';
import { analyzeAfm } from './analyze-afm.ts';
import { frontmatterSchema, skillsSchema, toolFilterSchema } from './frontmatter-schema.ts';
import { afmSchemaSet } from './json-schema.ts';
import { COMMON_FIELDS, CURRENT_ONLY_FIELDS } from './shape.ts';

vi.mock('valibot', async (original) => {
  const actual = await original<typeof import('valibot')>();
  return { ...actual, safeParse: vi.fn(actual.safeParse) };
});
vi.mock('../../schemas/publish-schema.ts', async (original) => {
  const actual = await original<typeof import('../../schemas/publish-schema.ts')>();
  return { ...actual, publishSchema: vi.fn(actual.publishSchema) };
});

const TEXT = [
  '---',
  'interfaces: [{type: consolechat}]',
  'tools:',
  '  mcp: [{name: a, transport: {type: stdio, command: c}, tool_filter: {allow: [1]}}]',
  'skills: [{type: remote, path: s}]',
  '---',
  '# Role',
  'r',
  '# Instructions',
  'i',
  '',
].join('\n');

describe('the AFM frontmatter schema', () => {
  it('is the one object the checker validates with and the JSON Schema is generated from', () => {
    const analysis = analyzeAfm(
      { entry: 'x.afm.md', files: { 'x.afm.md': TEXT } },
      {
        read: () => undefined,
        paths: ['x.afm.md', 's/SKILL.md'],
      },
    );
    const used = vi.mocked(v.safeParse).mock.calls.map(([schema]) => schema);
    expect(used).toEqual([frontmatterSchema]);
    afmSchemaSet.files();
    expect(vi.mocked(publishSchema).mock.calls.map(([, schema]) => schema)).toEqual([
      frontmatterSchema,
    ]);
    expect(schemaAt(frontmatterSchema, ['skills'])).toBe(schemaAt(skillsSchema, []));
    expect(schemaAt(frontmatterSchema, ['tools', 'mcp', 0, 'tool_filter'])).toBe(
      schemaAt(toolFilterSchema, []),
    );
    const found = analysis.diagnostics.map((d) => [d.code, TEXT.slice(d.from, d.to)]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['invalid-value', '1'],
        ['invalid-value', 'remote'],
      ]),
    );
  });

  it('lists the fields of the current shape in the order the checker names them', () => {
    expect(allowedKeys(schemaAt(frontmatterSchema, []))).toEqual([
      ...COMMON_FIELDS,
      ...CURRENT_ONLY_FIELDS,
    ]);
  });
});
