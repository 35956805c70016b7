import { readdirSync, readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { CARD_TYPES } from '../model/agent-types.ts';
import { agentCardSchemaSet, cardTypeSchemaName } from './agentcard-schemas.ts';
import { generateSchemas, SCHEMA_SETS } from './generate-schemas.ts';
import type { SchemaSet } from './schema-set.ts';

const publicDir = new URL('../../../public/', import.meta.url);
const files = generateSchemas();
const ajv = new Ajv({ allErrors: true, strict: true });
const validator = (name: string) => ajv.compile(files.find((f) => f.name === name)!.schema);

describe('the published JSON Schemas', () => {
  it('are committed in public/schemas/v1 exactly as the generator makes them (run `npm run schemas`)', () => {
    for (const file of files)
      expect(readFileSync(new URL(file.path, publicDir), 'utf8'), file.path).toBe(file.text);
    expect(readdirSync(new URL('schemas/v1/', publicDir)).sort()).toEqual(
      files.map((f) => f.name).sort(),
    );
  });

  it('are one combined AgentCard schema and one per card type, all valid draft-07 for ajv in strict mode', () => {
    expect(agentCardSchemaSet.files().map((f) => f.name)).toEqual([
      'agentcard.schema.json',
      ...CARD_TYPES.map(cardTypeSchemaName),
    ]);
    for (const file of files) expect(() => ajv.compile(file.schema), file.name).not.toThrow();
  });

  it('describe every field', () => {
    const chain = files.find((f) => f.name === 'agentcard-chain.schema.json')!.schema;
    const properties = chain['properties'] as Record<string, { description?: string }>;
    expect(properties['sequence']!.description).toBe('The agents of the chain, run in order.');
    for (const [field, schema] of Object.entries(properties))
      expect(schema.description, field).toMatch(/\w/);
  });

  it('list the rules only the checker enforces', () => {
    expect(agentCardSchemaSet.coreOnlyRules()).toEqual([
      '`mcp_connect` entries need a non-empty `target` (or a `connector_id` with a `name`)',
      '`target` has an unclosed quote',
      '`target` must be a pure target string: move --auth to `access_token`, `headers` or `auth`',
      'Provider-managed MCP servers do not take `headers`',
    ]);
  });

  it('refuse two files of one name across the sets', () => {
    const twice: SchemaSet[] = [agentCardSchemaSet, agentCardSchemaSet];
    expect(() => generateSchemas(twice)).toThrow(/agentcard\.schema\.json/);
    expect(SCHEMA_SETS).toContain(agentCardSchemaSet);
  });
});

describe('the combined AgentCard schema', () => {
  const validate = validator('agentcard.schema.json');

  it("applies the rules of the card's own type", () => {
    expect(validate({ type: 'chain', name: 'c', sequence: ['a', 'b'] })).toBe(true);
    expect(validate({ type: 'chain', name: 'c' })).toBe(false); // sequence is required
    expect(validate({ type: 'chain', sequence: ['a'], model: 'x' })).toBe(false); // not a chain field
    expect(validate({ type: 'router', agents: ['a'], model: 'x' })).toBe(true);
    expect(validate({ type: 'MAKER', worker: 'w', k: 0 })).toBe(false); // k is at least 1
    expect(validate({ type: 'MAKER', worker: 'w', k: 1.5 })).toBe(false); // k is an integer
  });

  it('reads a card without a type (or a null or blank one) as an agent', () => {
    expect(validate({ name: 'a', model: 'sonnet', servers: ['fetch'] })).toBe(true);
    expect(validate({ type: null, name: 'a' })).toBe(true);
    expect(validate({ type: ' ', name: 'a' })).toBe(true);
    expect(validate({ name: 'a', sequence: ['b'] })).toBe(false);
  });

  it('refuses unknown types and fields, and values of the wrong kind', () => {
    expect(validate({ type: 'Agent' })).toBe(false); // the RFC spells types exactly
    expect(validate({ type: 'agent', modle: 'x' })).toBe(false);
    expect(validate({ type: 'agent', use_history: 'yes' })).toBe(false);
    expect(validate({ type: 'agent', name: '   ' })).toBe(false); // blank, as the core's trim check
    expect(validate({ type: 'agent', tools: ['a'] })).toBe(false); // a mapping, not a list
    expect(validate(['type', 'agent'])).toBe(false);
  });

  it('takes null as "not set", except where the checker refuses it', () => {
    expect(validate({ type: 'agent', model: null, instruction: null })).toBe(true);
    expect(validate({ type: 'agent', subagents: null })).toBe(false);
    expect(validate({ type: 'chain', sequence: null })).toBe(false);
  });

  it('carries the checks that have a recorded JSON Schema form', () => {
    expect(validate({ lifecycle_hooks: { on_start: 'h.py:f' } })).toBe(true);
    expect(validate({ lifecycle_hooks: { on_stop: 'h.py:f' } })).toBe(false);
    expect(validate({ tool_input_schema: { type: 'object' } })).toBe(true);
    expect(validate({ tool_input_schema: { type: 'string' } })).toBe(false);
    expect(validate({ mcp_connect: [{ target: 'https://x', protocol_mode: 'modern' }] })).toBe(
      true,
    );
    expect(validate({ mcp_connect: [{ target: 'https://x', protocol_mode: 'new' }] })).toBe(false);
    expect(validate({ mcp_connect: [{ target: 'npx x', command: 'npx' }] })).toBe(false);
  });
});

describe('a per-type schema', () => {
  it('requires the type to be said, except for agent', () => {
    expect(validator('agentcard-parallel.schema.json')({ fan_out: ['a'] })).toBe(false);
    expect(validator('agentcard-parallel.schema.json')({ type: 'parallel', fan_out: ['a'] })).toBe(
      true,
    );
    expect(validator('agentcard-agent.schema.json')({ name: 'a' })).toBe(true);
  });
});
