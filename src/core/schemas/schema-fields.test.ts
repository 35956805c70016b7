import { describe, expect, it } from 'vitest';
import { schemaFields } from './schema-fields.ts';

const names = (fields: { name: string }[]) => fields.map((f) => f.name);

describe('schemaFields', () => {
  it("lists an AFM frontmatter's top-level fields with description and shape", () => {
    const fields = schemaFields('afm', []);
    expect(names(fields)).toEqual(
      expect.arrayContaining(['name', 'model', 'max_iterations', 'interfaces', 'tools', 'skills']),
    );
    expect(names(fields)).not.toContain('type');
    expect(fields.find((f) => f.name === 'max_iterations')).toEqual({
      name: 'max_iterations',
      description:
        'The most reasoning and tool-call iterations per request (an integer, at least 1).',
      shape: 'integer',
      required: false,
    });
    expect(fields.find((f) => f.name === 'interfaces')?.shape).toBe('list of mapping');
    expect(fields.find((f) => f.name === 'authors')?.shape).toBe('list of string');
  });

  it('reads nested mappings through optional and nullable wrappers', () => {
    expect(names(schemaFields('afm', ['model']))).toEqual([
      'name',
      'provider',
      'url',
      'authentication',
    ]);
    expect(schemaFields('afm', ['tools'])).toEqual([
      {
        name: 'mcp',
        description: 'The MCP servers of the agent.',
        shape: 'list of mapping',
        required: false,
      },
    ]);
  });

  it('reads a list item, picking the variant its `type` names', () => {
    const webhook = schemaFields('afm', ['interfaces', 0], { type: 'webhook' });
    expect(names(webhook)).toEqual(['type', 'prompt', 'signature', 'exposure', 'subscription']);
    expect(webhook[0]).toMatchObject({ shape: "'webhook'", required: true });
    expect(schemaFields('afm', ['interfaces', 0, 'exposure'])).toEqual([
      { name: 'http', description: 'The HTTP endpoint.', shape: 'mapping', required: false },
    ]);
    const stdio = schemaFields('afm', ['tools', 'mcp', 2, 'transport'], { type: 'stdio' });
    expect(names(stdio)).toEqual(['type', 'command', 'args', 'env']);
  });

  it('lists every variant once when the item names none (or an unknown one)', () => {
    for (const values of [{}, { type: 'smoke-signal' }]) {
      const fields = schemaFields('afm', ['interfaces', 0], values);
      expect(names(fields)).toEqual(expect.arrayContaining(['platform', 'mode', 'subscription']));
      expect(new Set(names(fields)).size).toBe(fields.length);
      expect(fields[0]?.shape).toBe("'consolechat' or 'webchat' or 'webhook' or 'platformchat'");
    }
    expect(schemaFields('afm', ['interfaces', 0]).find((f) => f.name === 'mode')?.shape).toBe(
      "one of 'notification', 'request', 'polling'",
    );
  });

  it("lists an OpenAgentSpec agent's fields, required ones marked", () => {
    const fields = schemaFields('openagentspec', []);
    expect(names(fields)).toEqual([
      'kind',
      'name',
      'description',
      'intent',
      'owner',
      'capabilities',
      'guardrails',
      'exposes',
      'lifespan',
    ]);
    expect(fields[0]).toMatchObject({ shape: "'openagentspec:v1/agent'", required: true });
    expect(fields.find((f) => f.name === 'lifespan')?.required).toBe(false);
  });

  it('reads OpenAgentSpec records: any capability key leads to the capability settings', () => {
    expect(names(schemaFields('openagentspec', ['capabilities', 'web-search']))).toEqual([
      'collect_results',
      'user_identity',
      'static_identity',
      'input_restriction',
      'output_restriction',
    ]);
    expect(
      schemaFields('openagentspec', ['capabilities', 'x', 'input_restriction']).find(
        (f) => f.name === 'assertion',
      )?.description,
    ).toMatch(/^A CEL expression over the Engagement object/);
    expect(names(schemaFields('openagentspec', ['guardrails', 'input']))).toEqual([
      'tool_name',
      'assertion',
    ]);
  });

  it('gives nothing for unknown paths, scalar places and formats without such a schema', () => {
    expect(schemaFields('openagentspec', ['nope'])).toEqual([]);
    expect(schemaFields('openagentspec', ['name'])).toEqual([]);
    expect(schemaFields('openagentspec', ['exposes', 'x'])).toEqual([]);
    expect(schemaFields('afm', ['interfaces', 'type'])).toEqual([]);
    expect(schemaFields('afm', ['model', 0])).toEqual([]);
    expect(schemaFields('agentcard', [])).toEqual([]);
    expect(schemaFields('tsagent', [])).toEqual([]);
  });
});
