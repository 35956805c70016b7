import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { publishSchema } from '../../schemas/publish-schema.ts';
import { allowedKeys, schemaAt } from '../valibot-issues.ts';
import { analyzeAfm } from './analyze-afm.ts';
import {
  draftFrontmatterSchema,
  frontmatterSchema,
  skillsSchema,
  toolFilterSchema,
} from './frontmatter-schema.ts';
import { afmSchemaSet } from './json-schema.ts';
import { COMMON_FIELDS, CURRENT_ONLY_FIELDS, DRAFT_ONLY_FIELDS } from './shape.ts';

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

  it('lists the fields of the draft shape in the order the checker names them', () => {
    expect(allowedKeys(schemaAt(draftFrontmatterSchema, []))).toEqual([
      ...COMMON_FIELDS,
      ...DRAFT_ONLY_FIELDS,
    ]);
  });

  it('validates a draft-shape file with the draft schema, which shares tool_filter and authentication', () => {
    vi.mocked(v.safeParse).mockClear();
    const draft = [
      '---',
      'interface: {type: function, exposure: {http: {path: /x}}}',
      'tools:',
      '  mcp:',
      '    servers:',
      '      - {name: a, transport: {type: stdio, command: c}, tool_filter: {allow: [1]}, authentication: {type: basic}}',
      '---',
      '# Role',
      'r',
      '# Instructions',
      'i',
      '',
    ].join('\n');
    const analysis = analyzeAfm(
      { entry: 'x.afm.md', files: { 'x.afm.md': draft } },
      { read: () => undefined, paths: ['x.afm.md'] },
    );
    expect(vi.mocked(v.safeParse).mock.calls.map(([schema]) => schema)).toEqual([
      draftFrontmatterSchema,
    ]);
    const servers = ['tools', 'mcp', 'servers', 0];
    expect(schemaAt(draftFrontmatterSchema, [...servers, 'tool_filter'])).toBe(
      schemaAt(toolFilterSchema, []),
    );
    expect(schemaAt(draftFrontmatterSchema, [...servers, 'authentication'])).toBe(
      schemaAt(frontmatterSchema, ['model', 'authentication']),
    );
    expect(analysis.diagnostics.map((d) => [d.code, d.message])).toEqual(
      expect.arrayContaining([
        ['invalid-value', 'Each entry of `tool_filter.allow` must be a string'],
        [
          'afm-auth-missing-field',
          "Authentication type 'basic' requires 'username' and 'password'",
        ],
        [
          'afm-interface-mismatch',
          '`exposure` applies to service, chat and webhook interfaces, not to function',
        ],
      ]),
    );
  });
});
