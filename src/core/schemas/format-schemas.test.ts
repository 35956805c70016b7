import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { a2aSchemaSet } from '../formats/a2a/json-schema.ts';
import { afmSchemaSet } from '../formats/afm/json-schema.ts';
import { openAgentSpecSchemaSet } from '../formats/openagentspec/json-schema.ts';
import { tsAgentSchemaSet } from '../formats/tsagent/json-schema.ts';
import { generateSchemas, SCHEMA_SETS } from './generate-schemas.ts';

const files = generateSchemas();
const ajv = new Ajv({ allErrors: true, strict: true });
const validator = (name: string) => {
  const schema = files.find((f) => f.name === name)!.schema;
  return ajv.getSchema(schema.$id as string) ?? ajv.compile(schema);
};
const SETS = [afmSchemaSet, openAgentSpecSchemaSet, tsAgentSchemaSet, a2aSchemaSet];

describe('the JSON Schemas of the other formats', () => {
  it('are in the one list of schema sets, one file per format (two for TsAgent)', () => {
    for (const set of SETS) expect(SCHEMA_SETS).toContain(set);
    expect(SETS.flatMap((s) => s.files().map((f) => f.name))).toEqual([
      'afm.schema.json',
      'openagentspec.schema.json',
      'tsagent.schema.json',
      'tsagent-yaml.schema.json',
      'a2a-agentcard.schema.json',
    ]);
  });

  it('each say their $id (relative to where they are served), title and description', () => {
    for (const file of SETS.flatMap((s) => s.files())) {
      expect(file.schema['$schema']).toBe('http://json-schema.org/draft-07/schema#');
      expect(file.schema['$id']).toBe(`/schemas/v1/${file.name}`);
      expect(file.schema['title']).toMatch(/\w/);
      expect(file.schema['description']).toMatch(/\w/);
    }
  });

  it('list what only the core checks, with no check lost unnamed', () => {
    for (const set of SETS) {
      expect(set.coreOnlyRules().length, set.format).toBeGreaterThan(0);
      expect(set.coreOnlyRules(), set.format).not.toContain('an unnamed check');
    }
    expect(openAgentSpecSchemaSet.coreOnlyRules()[0]).toMatch(/^CEL/);
  });
});

describe('the AFM schema', () => {
  const validate = validator('afm.schema.json');

  it('accepts a current-shape frontmatter, null as "not set"', () => {
    expect(
      validate({
        name: 'Tutor',
        max_iterations: 5,
        model: { name: 'gpt-4o', provider: 'openai', authentication: null },
        interfaces: [{ type: 'webchat', exposure: { http: { path: '/chat' } } }],
        tools: {
          mcp: [
            { name: 'fs', transport: { type: 'stdio', command: 'npx', args: ['fs'] } },
            { name: 'web', transport: { type: 'http', url: 'https://x/mcp' } },
          ],
        },
        skills: [{ type: 'local', path: './skills' }],
        description: null,
      }),
    ).toBe(true);
  });

  it('refuses the draft shape and fields of another interface type', () => {
    expect(validate({ interface: { type: 'function' } })).toBe(false);
    expect(validate({ tools: { mcp: { servers: [] } } })).toBe(false);
    expect(validate({ interfaces: [{ type: 'consolechat', exposure: {} }] })).toBe(false);
    expect(validate({ interfaces: [{ type: 'function' }] })).toBe(false);
  });

  it('asks each authentication type for its fields, in any letter case', () => {
    const auth = (authentication: object) => validate({ model: { authentication } });
    expect(auth({ type: 'bearer', token: '${env:T}' })).toBe(true);
    expect(auth({ type: 'Bearer' })).toBe(false);
    expect(auth({ type: 'BASIC', username: 'u' })).toBe(false);
    expect(auth({ type: 'api-key', api_key: null })).toBe(false);
    expect(auth({ type: 'oauth2', client_id: 'free' })).toBe(true);
    expect(auth({ token: 'x' })).toBe(false);
  });

  it('refuses values of the wrong kind, but not what the core only warns about', () => {
    expect(validate({ max_iterations: 'ten' })).toBe(false);
    expect(validate({ max_iterations: 2.5 })).toBe(false);
    expect(validate({ max_iterations: 0, version: 'one' })).toBe(true);
    expect(validate({ name: '  ' })).toBe(false);
    expect(validate({ tools: { mcp: [{ name: 'a', transport: { type: 'stdio' } }] } })).toBe(false);
  });
});

describe('the OpenAgentSpec schema', () => {
  const validate = validator('openagentspec.schema.json');
  const spec = {
    kind: 'openagentspec:v1/agent',
    name: 'helper',
    description: 'Helps',
    intent: 'Help',
    owner: 'me',
    capabilities: { search: null, 'oagent://hr': { user_identity: false } },
  };

  it('accepts a spec with the three reference forms', () => {
    expect(validate(spec)).toBe(true);
    expect(
      validate({ ...spec, capabilities: { 'oagent://agents.example.org:8443/team/hr': {} } }),
    ).toBe(true);
    expect(validate({ ...spec, capabilities: null })).toBe(true);
  });

  it('refuses a wrong kind, a missing or blank required field, and names that are not RFC 1123', () => {
    expect(validate({ ...spec, kind: 'openOAgentSpec:v1/agent' })).toBe(false);
    expect(validate({ ...spec, owner: ' ' })).toBe(false);
    const { intent: _intent, ...noIntent } = spec;
    expect(validate(noIntent)).toBe(false);
    expect(validate({ ...spec, name: 'Helper' })).toBe(false);
    expect(validate({ ...spec, capabilities: { 'https://x/y': {} } })).toBe(false);
    expect(validate({ ...spec, capabilities: { web_search: {} } })).toBe(false);
  });

  it('requires both fields of a guardrail and a positive short_circuit', () => {
    expect(validate({ ...spec, guardrails: { input: { tool_name: 'pii' } } })).toBe(false);
    expect(validate({ ...spec, guardrails: { input: { tool_name: 'pii', assertion: 'x' } } })).toBe(
      true,
    );
    expect(validate({ ...spec, lifespan: { short_circuit: 0 } })).toBe(false);
  });
});

describe('the TsAgent schemas', () => {
  const metadata = { name: 'a', created: '2025', lastAccessed: '2025' };

  it('take string settings in tsagent.json and numbers in the YAML file', () => {
    expect(validator('tsagent.schema.json')({ metadata, settings: { topP: '0.5' } })).toBe(true);
    expect(validator('tsagent.schema.json')({ metadata, settings: { topP: 0.5 } })).toBe(false);
    expect(validator('tsagent-yaml.schema.json')({ metadata, settings: { topP: 0.5 } })).toBe(true);
    expect(validator('tsagent-yaml.schema.json')({ metadata, settings: { topP: '0.5' } })).toBe(
      false,
    );
  });

  it('check toolPermission, which the checker checks on its own', () => {
    const settings = (toolPermission: string) => ({ metadata, settings: { toolPermission } });
    expect(validator('tsagent-yaml.schema.json')(settings('tool'))).toBe(true);
    expect(validator('tsagent.schema.json')(settings('ask'))).toBe(false);
  });
});

describe('the A2A schema', () => {
  it('requires what v0.3.0 requires and allows unknown properties', () => {
    const validate = validator('a2a-agentcard.schema.json');
    const card = {
      protocolVersion: '0.3.0',
      name: 'n',
      description: 'd',
      url: 'https://x',
      version: '1',
      capabilities: {},
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [],
    };
    expect(validate({ ...card, somethingElse: 1 })).toBe(true);
    const { skills: _skills, ...noSkills } = card;
    expect(validate(noSkills)).toBe(false);
    expect(
      validate({ ...card, securitySchemes: { k: { type: 'apiKey', in: 'body', name: 'k' } } }),
    ).toBe(false);
  });
});
