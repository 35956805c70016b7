import { describe, expect, it } from 'vitest';
import type { AgentData, Json } from '../../model/agent-data.ts';
import { checkLoadSet } from '../../load-set/check-load-set.ts';
import { convertAgent } from '../convert.ts';
import type { Conversion, EmitSource } from '../format-module.ts';
import { PLACEHOLDER_URL } from './emit-card.ts';
import { a2aFormat, analyzeA2aCard } from './index.ts';

/** The one produced file: its name, the parsed card, and what the A2A reader says about it. */
function produced(conversion: Conversion) {
  const [file, text] = Object.entries(conversion.files)[0]!;
  const analysis = analyzeA2aCard(file, text);
  return { file, card: JSON.parse(text) as Record<string, Json>, text, analysis };
}

const lostFields = (conversion: Conversion) => conversion.lost.map((l) => l.field);

function agentOf(files: Record<string, string>, name: string) {
  const agent = checkLoadSet(files).compiled.find((a) => a.name === name);
  if (!agent) throw new Error(`no agent ${name}`);
  return agent;
}

const basicData = (config: Record<string, Json>): AgentData => ({
  config: { name: 'x', instruction: null, description: null, servers: [], tools: {}, ...config },
  type: 'basic',
  schema_version: 1,
});

describe('A2A AgentCard: producing a card', () => {
  it('writes a v0.3.0 card from an AgentCard agent, listing all that A2A cannot say', () => {
    const agent = agentOf(
      {
        'helper.md':
          '---\ntype: agent\nname: helper\ndescription: Answers questions.\nservers: [fs]\nmodel: gpt-4.1\ntools: {fs: [read]}\n---\nYou help with files.\n',
      },
      'helper',
    );
    const conversion = convertAgent(agent, 'a2a', { url: 'https://helper.example.com/a2a' });
    const { file, card, analysis } = produced(conversion);
    expect(file).toBe('helper.json');
    expect(analysis.diagnostics).toEqual([]);
    expect(card).toMatchObject({
      protocolVersion: '0.3.0',
      name: 'helper',
      description: 'Answers questions.',
      url: 'https://helper.example.com/a2a',
      preferredTransport: 'JSONRPC',
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [{ id: 'helper', name: 'helper', description: 'Answers questions.', tags: [] }],
    });
    expect(lostFields(conversion)).toEqual(['instruction', 'servers', 'tools', 'model']);
  });

  it('writes a clear placeholder url when none is given, and says so in lost', () => {
    const conversion = a2aFormat.emit!({ name: 'x', format: 'agentcard', data: basicData({}) }, {});
    const { card, analysis } = produced(conversion);
    expect(card['url']).toBe(PLACEHOLDER_URL);
    expect(analysis.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(conversion.lost.find((l) => l.field === 'url')?.reason).toContain(PLACEHOLDER_URL);
  });

  it('describes an agent without a description by its instruction, else by its name', () => {
    const fromInstruction = a2aFormat.emit!(
      {
        name: 'x',
        format: 'agentcard',
        data: basicData({ instruction: 'You plan trips.\nCarefully.\n\nSecond paragraph.' }),
      },
      { url: 'https://x.example.com' },
    );
    expect(produced(fromInstruction).card['description']).toBe('You plan trips. Carefully.');
    expect(lostFields(fromInstruction)).toEqual(['description', 'instruction']);
    const fromName = a2aFormat.emit!({ name: 'x', format: 'agentcard', data: basicData({}) }, {});
    expect(produced(fromName).card['description']).toBe('x');
  });

  it("turns TsAgent's declared skills into A2A skills, filling what A2A requires", () => {
    const source: EmitSource = {
      name: 'planner',
      format: 'tsagent',
      data: basicData({ name: 'planner', description: 'Plans.' }),
      extras: {
        skills: [
          {
            id: 'plan',
            name: 'Plan',
            description: 'Plans a trip.',
            tags: ['travel'],
            examples: ['Go'],
          },
          { name: 'Book Hotel' },
          { id: 'plan', name: 'Plan again', description: 'Again.' },
          'not a skill',
        ],
        mcpTools: { fs: ['read'] },
      },
    };
    const conversion = a2aFormat.emit!(source, { url: 'https://p.example.com', baseName: 'card' });
    const { file, card, analysis } = produced(conversion);
    expect(file).toBe('card.json');
    expect(analysis.diagnostics).toEqual([]);
    expect(card['skills']).toEqual([
      {
        id: 'plan',
        name: 'Plan',
        description: 'Plans a trip.',
        tags: ['travel'],
        examples: ['Go'],
      },
      { id: 'book-hotel', name: 'Book Hotel', description: 'Book Hotel', tags: [] },
      { id: 'plan-2', name: 'Plan again', description: 'Again.', tags: [] },
    ]);
    expect(lostFields(conversion)).toEqual([
      'skills[1].description',
      'skills[2].id',
      'skills[3]',
      'extras.mcpTools',
    ]);
  });

  it('uses a default skill when the declared skill list is empty', () => {
    const conversion = a2aFormat.emit!(
      { name: 'a', format: 'tsagent', data: basicData({ name: 'a b' }), extras: { skills: [] } },
      { url: 'https://a.example.com' },
    );
    expect(produced(conversion).card['skills']).toEqual([
      { id: 'a-b', name: 'a b', description: 'a b', tags: [] },
    ]);
  });

  it('lists the workflow, its agents and the history of a chain', () => {
    const files = {
      'flow.md':
        '---\ntype: agent\nname: one\nmessages: h.md\n---\nOne.\n\n---\ntype: agent\nname: two\n---\nTwo.\n\n---\ntype: chain\nname: both\nsequence: [one, two]\n---\n',
      'h.md': 'hello',
    };
    const one = convertAgent(agentOf(files, 'one'), 'a2a', { url: 'https://x.example.com' });
    expect(lostFields(one)).toContain('history');
    const chain = convertAgent(agentOf(files, 'both'), 'a2a', { url: 'https://x.example.com' });
    expect(lostFields(chain)).toEqual(expect.arrayContaining(['type', 'sequence']));
    expect(produced(chain).analysis.diagnostics).toEqual([]);
  });

  it('keeps an A2A card through a round trip, except its signatures', () => {
    const original = {
      protocolVersion: '0.3.0',
      name: 'Geo Agent',
      description: 'Maps.',
      url: 'https://geo.example.com/a2a',
      preferredTransport: 'GRPC',
      version: '4.0.0',
      capabilities: { streaming: true, pushNotifications: false },
      defaultInputModes: ['application/json'],
      defaultOutputModes: ['image/png'],
      provider: { organization: 'Geo', url: 'https://geo.example.com' },
      securitySchemes: {
        oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://id.example.com' },
      },
      security: [{ oidc: ['openid'] }],
      skills: [{ id: 'map', name: 'Map', description: 'Draws maps.', tags: ['maps'] }],
      signatures: [{ protected: 'abc', signature: 'def' }],
      'x-extra': 1,
    };
    const agent = agentOf({ 'geo.json': JSON.stringify(original) }, 'Geo_Agent');
    const conversion = convertAgent(agent, 'a2a', {});
    const { card, analysis } = produced(conversion);
    const { signatures, 'x-extra': extra, ...kept } = original;
    void signatures;
    void extra;
    expect(card).toEqual(kept);
    expect(analysis.diagnostics).toEqual([]);
    expect(lostFields(conversion)).toEqual(['signatures', 'x-extra']);
  });

  it('migrates a v1.0 card: url from its first interface, the other v1.0 properties listed', () => {
    const v1 = {
      protocolVersion: '1.0',
      name: 'New',
      description: 'A v1.0 card.',
      supportedInterfaces: [{ url: 'https://new.example.com/a2a', protocolBinding: 'JSONRPC' }],
      version: '1',
      capabilities: {},
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [],
    };
    const agent = agentOf({ 'new.json': JSON.stringify(v1) }, 'New');
    const conversion = convertAgent(agent, 'a2a', {});
    const { card, analysis } = produced(conversion);
    expect(card['url']).toBe('https://new.example.com/a2a');
    expect(analysis.diagnostics).toEqual([]);
    expect(lostFields(conversion)).toEqual(['url', 'protocolVersion', 'supportedInterfaces']);
  });

  it('drops invalid properties of an A2A source instead of writing an invalid card', () => {
    const source: EmitSource = {
      name: 'bad',
      format: 'a2a',
      data: basicData({ name: 'bad' }),
      extras: { a2a: { name: 'Bad', capabilities: [], defaultInputModes: 'text' } },
    };
    const conversion = a2aFormat.emit!(source, { url: 'https://b.example.com' });
    const { card, analysis } = produced(conversion);
    expect(analysis.diagnostics).toEqual([]);
    expect(card['capabilities']).toEqual({});
    expect(lostFields(conversion)).toEqual(['description', 'capabilities', 'defaultInputModes']);
  });
});
