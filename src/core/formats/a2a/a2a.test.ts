import { describe, expect, it } from 'vitest';
import { checkLoadSet } from '../../load-set/check-load-set.ts';
import type { FormatDiagnostic } from '../format-module.ts';
import { a2aFormat, analyzeA2aCard } from './index.ts';

/** A complete, valid v0.3.0 card written for these tests. */
function card(): Record<string, unknown> {
  return {
    protocolVersion: '0.3.0',
    name: 'Trip Planner',
    description: 'Plans trips and books nothing.',
    url: 'https://trips.example.com/a2a',
    preferredTransport: 'JSONRPC',
    version: '2.1.0',
    capabilities: { streaming: true, extensions: [{ uri: 'https://ext.example.com/x' }] },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['application/json'],
    provider: { organization: 'Example Travel', url: 'https://example.com' },
    securitySchemes: {
      key: { type: 'apiKey', in: 'header', name: 'X-Key' },
      sso: {
        type: 'oauth2',
        flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/t', scopes: {} } },
      },
    },
    security: [{ key: [] }],
    skills: [
      { id: 'plan', name: 'Plan a trip', description: 'Builds an itinerary.', tags: ['travel'] },
    ],
  };
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Code, severity and the text each diagnostic points at. */
function found(text: string, diagnostics: readonly FormatDiagnostic[]) {
  return diagnostics.map((d) => [d.code, d.severity, text.slice(d.from, d.to)]);
}

function analyze(text: string) {
  return analyzeA2aCard('agent.json', text);
}

describe('A2A AgentCard: reading', () => {
  it('accepts a complete v0.3.0 card without a single diagnostic and names its shape', () => {
    const result = analyze(json(card()));
    expect(result.diagnostics).toEqual([]);
    expect(result.shape).toBe('A2A v0.3.0');
    expect(result.agents).toHaveLength(1);
  });

  it('compiles the card as a remote agent at its url, keeping the skills and the card in extras', () => {
    const text = json(card());
    const agent = analyze(text).agents[0]!;
    expect(agent.name).toBe('Trip_Planner');
    expect([agent.from, agent.to]).toEqual([0, text.length]);
    const config = agent.data['config'] as Record<string, unknown>;
    expect(config['name']).toBe('Trip_Planner');
    expect(config['description']).toBe('Plans trips and books nothing.');
    expect(config['instruction']).toBeNull();
    expect(config['servers']).toEqual([]);
    expect(agent.data['type']).toBe('a2a');
    expect(agent.data['url']).toBe('https://trips.example.com/a2a');
    expect(agent.data['schema_version']).toBe(1);
    expect(agent.extras?.['skills']).toEqual([
      { id: 'plan', name: 'Plan a trip', description: 'Builds an itinerary.', tags: ['travel'] },
    ]);
    expect((agent.extras?.['a2a'] as Record<string, unknown>)['version']).toBe('2.1.0');
  });

  it('names the agent after the file when the card has no name', () => {
    const { name, ...rest } = card();
    void name;
    expect(analyzeA2aCard('cards/helper.json', json(rest)).agents[0]!.name).toBe('helper');
  });

  it('reports invalid JSON at the offending character and compiles nothing', () => {
    const text = '{\n  "name": "x",\n}';
    const result = analyze(text);
    expect(found(text, result.diagnostics)).toEqual([['a2a-json-syntax', 'error', '}']]);
    expect(result.agents).toEqual([]);
  });

  it('reports text that stops early at the end of the text', () => {
    const text = '{"name": "x"';
    const [d] = analyze(text).diagnostics;
    expect([d!.code, d!.from, d!.to]).toEqual(['a2a-json-syntax', text.length, text.length]);
  });

  it('reports a root that is not an object as an invalid value over the whole text', () => {
    const text = '[1, 2]';
    const result = analyze(text);
    expect(found(text, result.diagnostics)).toEqual([['invalid-value', 'error', '[1, 2]']]);
    expect(result.agents).toEqual([]);
  });

  it('reports each missing required property of the card at its opening brace', () => {
    const c = card();
    delete c['url'];
    delete c['version'];
    const text = json(c);
    const result = analyze(text);
    expect(found(text, result.diagnostics)).toEqual([
      ['missing-field', 'error', '{'],
      ['missing-field', 'error', '{'],
    ]);
    expect(result.diagnostics.map((d) => d.message).join('\n')).toMatch(/`url`[\s\S]*`version`/);
  });

  it('reports a missing property of a nested object at the key that holds it, or the item brace', () => {
    const c = card();
    c['provider'] = { organization: 'Example' };
    (c['skills'] as Array<Record<string, unknown>>)[0] = { id: 'a', name: 'A', description: 'd' };
    const text = json(c);
    const result = analyze(text);
    expect(found(text, result.diagnostics)).toEqual([
      ['missing-field', 'error', '"provider"'],
      ['missing-field', 'error', '{'],
    ]);
    expect(result.diagnostics[1]!.message).toContain('`skills[0]`');
    expect(result.diagnostics[1]!.message).toContain('`tags`');
  });

  it('reports a value of the wrong kind at the value, with its path', () => {
    const c = card();
    c['name'] = 5;
    c['capabilities'] = [];
    c['supportsAuthenticatedExtendedCard'] = 'yes';
    (c['skills'] as Array<Record<string, unknown>>)[0]!['tags'] = ['ok', 7];
    const text = json(c);
    const result = analyze(text);
    expect(found(text, result.diagnostics)).toEqual([
      ['invalid-value', 'error', '5'],
      ['invalid-value', 'error', '[]'],
      ['invalid-value', 'error', '7'],
      ['invalid-value', 'error', '"yes"'],
    ]);
    expect(result.diagnostics[2]!.message).toContain('`skills[0].tags[1]`');
    expect(result.agents).toHaveLength(1);
  });

  it('checks security schemes by their type, like the schema anyOf', () => {
    const c = card();
    c['securitySchemes'] = {
      bad: { type: 'bearer' },
      partial: { type: 'apiKey', in: 'body' },
      none: { description: 'no type' },
      http: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      tls: { type: 'mutualTLS' },
      oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://id.example.com' },
    };
    c['security'] = [];
    const text = json(c);
    expect(found(text, analyze(text).diagnostics)).toEqual([
      ['invalid-value', 'error', '"bearer"'],
      ['missing-field', 'error', '"partial"'],
      ['invalid-value', 'error', '"body"'],
      ['missing-field', 'error', '"none"'],
    ]);
  });

  it('checks scope maps under every key, constructor and __proto__ included', () => {
    const text = json(card()).replace(
      '"scopes": {}',
      '"scopes": {"constructor": 1, "__proto__": 2}',
    );
    expect(found(text, analyze(text).diagnostics)).toEqual([
      ['invalid-value', 'error', '1'],
      ['invalid-value', 'error', '2'],
    ]);
  });

  it('warns about an unknown property at its key with the closest known name', () => {
    const c = card();
    (c['skills'] as Array<Record<string, unknown>>)[0]!['exmaples'] = ['x'];
    c['x-vendor'] = true;
    const text = json(c);
    const result = analyze(text);
    expect(found(text, result.diagnostics)).toEqual([
      ['a2a-unknown-property', 'warning', '"exmaples"'],
      ['a2a-unknown-property', 'warning', '"x-vendor"'],
    ]);
    expect(result.diagnostics[0]!.message).toContain("did you mean 'examples'");
  });

  it('takes a top-level $schema (for editors) without a warning, but not one deeper down', () => {
    const c: Record<string, unknown> = {
      $schema: 'https://example.com/schemas/v1/a2a-agentcard.schema.json',
      ...card(),
    };
    (c['skills'] as Array<Record<string, unknown>>)[0]!['$schema'] = 'x';
    const text = json(c);
    expect(found(text, analyze(text).diagnostics)).toEqual([
      ['a2a-unknown-property', 'warning', '"$schema"'],
    ]);
    expect(analyze(text).diagnostics[0]!.from).toBeGreaterThan(text.indexOf('"skills"'));
  });

  it('points a misspelt required property out twice: missing, and unknown with the fix', () => {
    const text = json(card()).replace('"protocolVersion"', '"protocolVersoin"');
    const result = analyze(text);
    expect(found(text, result.diagnostics)).toEqual([
      ['missing-field', 'error', '{'],
      ['a2a-unknown-property', 'warning', '"protocolVersoin"'],
    ]);
    expect(result.diagnostics[0]!.message).toContain("'protocolVersoin'");
    expect(result.diagnostics[1]!.message).toContain("did you mean 'protocolVersion'");
  });

  it('warns about unknown properties of a security scheme by its type', () => {
    const text = json(card()).replace('"name": "X-Key"', '"name": "X-Key", "scheme": "x"');
    expect(found(text, analyze(text).diagnostics)).toEqual([
      ['a2a-unknown-property', 'warning', '"scheme"'],
    ]);
  });

  it('warns about a repeated key at the repeat and judges the last value, as JSON readers do', () => {
    const text = json(card()).replace('"name": "Trip Planner"', '"name": 5, "name": "Trip"');
    const result = analyze(text);
    expect(found(text, result.diagnostics)).toEqual([['duplicate-key', 'warning', '"name"']]);
    expect(result.diagnostics[0]!.from).toBe(text.lastIndexOf('"name": "Trip"'));
    expect(result.agents[0]!.name).toBe('Trip');
  });
});

describe('A2A AgentCard: advice beyond the schema', () => {
  it('warns about modes that are not MIME types, with the usual fix', () => {
    const c = card();
    c['defaultInputModes'] = ['text', 'text/plain', 'image/*', '*/*', 'text/plain; charset=utf-8'];
    (c['skills'] as Array<Record<string, unknown>>)[0]!['outputModes'] = ['json'];
    const text = json(c);
    const result = analyze(text);
    expect(found(text, result.diagnostics)).toEqual([
      ['a2a-mode-not-mime', 'warning', '"text"'],
      ['a2a-mode-not-mime', 'warning', '"json"'],
    ]);
    expect(result.diagnostics[0]!.message).toContain("'text/plain'");
    expect(result.diagnostics[1]!.message).toContain("'application/json'");
  });

  it('warns about a missing preferredTransport at the url key', () => {
    const c = card();
    delete c['preferredTransport'];
    const text = json(c);
    expect(found(text, analyze(text).diagnostics)).toEqual([
      ['a2a-no-preferred-transport', 'warning', '"url"'],
    ]);
  });

  it('warns about transports outside TransportProtocol, with a did-you-mean', () => {
    const c = card();
    c['preferredTransport'] = 'jsonrpc';
    c['additionalInterfaces'] = [
      { url: 'https://trips.example.com/grpc', transport: 'GRPC' },
      { url: 'https://trips.example.com/rest', transport: 'REST' },
    ];
    const text = json(c);
    const result = analyze(text);
    expect(found(text, result.diagnostics)).toEqual([
      ['a2a-unknown-transport', 'warning', '"jsonrpc"'],
      ['a2a-unknown-transport', 'warning', '"REST"'],
    ]);
    expect(result.diagnostics[0]!.message).toContain("did you mean 'JSONRPC'");
  });

  it('warns when protocolVersion is not 0.3.0 and names the version as the shape', () => {
    const c = card();
    c['protocolVersion'] = '0.2.9';
    const text = json(c);
    const result = analyze(text);
    expect(found(text, result.diagnostics)).toEqual([
      ['a2a-protocol-version', 'warning', '"0.2.9"'],
    ]);
    expect(result.shape).toBe('A2A v0.2.9');
  });

  it('names a card without protocolVersion as older than 0.3', () => {
    const c = card();
    delete c['protocolVersion'];
    expect(analyze(json(c)).shape).toBe('A2A before v0.3 (no protocolVersion)');
  });

  it('warns about URL properties that are not absolute URLs', () => {
    const c = card();
    c['url'] = 'localhost:8080/a2a';
    c['iconUrl'] = '/icon.png';
    const text = json(c);
    expect(found(text, analyze(text).diagnostics)).toEqual([
      ['a2a-invalid-url', 'warning', '"localhost:8080/a2a"'],
      ['a2a-invalid-url', 'warning', '"/icon.png"'],
    ]);
  });

  it('warns about a repeated skill id at the repeat', () => {
    const c = card();
    const skills = c['skills'] as unknown[];
    skills.push({ id: 'plan', name: 'Again', description: 'd', tags: [] });
    const text = json(c);
    const result = analyze(text);
    expect(found(text, result.diagnostics)).toEqual([
      ['a2a-duplicate-skill-id', 'warning', '"plan"'],
    ]);
    expect(result.diagnostics[0]!.from).toBe(text.lastIndexOf('"plan"'));
  });

  it('warns about security requirements naming undefined schemes', () => {
    const c = card();
    c['security'] = [{ kye: [] }];
    (c['skills'] as Array<Record<string, unknown>>)[0]!['security'] = [{ other: ['read'] }];
    const text = json(c);
    const result = analyze(text);
    expect(found(text, result.diagnostics)).toEqual([
      ['a2a-unknown-security-scheme', 'warning', '"kye"'],
      ['a2a-unknown-security-scheme', 'warning', '"other"'],
    ]);
    expect(result.diagnostics[0]!.message).toContain("did you mean 'key'");
  });

  it('recognises the v1.0 shape, says how to migrate, and does not call its keys unknown', () => {
    const c = card();
    delete c['url'];
    delete c['protocolVersion'];
    delete c['preferredTransport'];
    c['supportedInterfaces'] = [
      { url: 'https://trips.example.com/v1', protocolBinding: 'GRPC', protocolVersion: '1.0' },
    ];
    c['capabilities'] = { extendedAgentCard: true };
    c['securitySchemes'] = { key: { apiKeySecurityScheme: { location: 'header', name: 'X' } } };
    const text = json(c);
    const result = analyze(text);
    expect(result.shape).toBe('A2A v1.0 shape');
    expect(found(text, result.diagnostics)).toEqual([
      ['missing-field', 'error', '{'],
      ['missing-field', 'error', '{'],
      ['a2a-v1-shape', 'warning', '"extendedAgentCard"'],
      ['missing-field', 'error', '"key"'],
      ['a2a-v1-shape', 'warning', '"apiKeySecurityScheme"'],
      ['a2a-v1-shape', 'warning', '"supportedInterfaces"'],
    ]);
    const migration = result.diagnostics.find(
      (d) => text.slice(d.from, d.to) === '"supportedInterfaces"',
    );
    expect(migration!.message).toContain('"url": "https://trips.example.com/v1"');
    expect(migration!.message).toContain('"preferredTransport": "GRPC"');
  });
});

describe('A2A AgentCard: detection', () => {
  const cardText = json(card());

  it('claims .json files whose top-level keys are a card', () => {
    expect(a2aFormat.detect('agent.json', cardText)).toBe(true);
    expect(a2aFormat.detect('.well-known/agent-card.JSON', cardText)).toBe(true);
    expect(a2aFormat.detect('a.json', '{"skills": [], "url": "x"}')).toBe(true);
    expect(a2aFormat.detect('a.json', '{"supportedInterfaces": []}')).toBe(true);
    expect(a2aFormat.detect('broken.json', '{"protocolVersion": "0.3.0", "name": ')).toBe(true);
  });

  it('does not claim chat histories, tsagent.json, other JSON or other extensions', () => {
    const history = json({
      messages: [
        { role: 'user', content: [{ type: 'text', text: '"protocolVersion": "skills"' }] },
        { role: 'assistant', content: [], tool_calls: { a: { protocolVersion: 1, skills: [] } } },
      ],
    });
    expect(a2aFormat.detect('history.json', history)).toBe(false);
    expect(a2aFormat.detect('history.json', '{"protocolVersion": "0.3.0", "messages": []}')).toBe(
      false,
    );
    expect(a2aFormat.detect('tsagent.json', cardText)).toBe(false);
    expect(a2aFormat.detect('dir/TsAgent.json', cardText)).toBe(false);
    expect(a2aFormat.detect('package.json', '{"name": "x", "version": "1", "url": "y"}')).toBe(
      false,
    );
    expect(a2aFormat.detect('a.json', '{"nested": {"protocolVersion": "0.3.0"}}')).toBe(false);
    expect(a2aFormat.detect('a.json', '[{"protocolVersion": "0.3.0"}]')).toBe(false);
    expect(a2aFormat.detect('agent.yaml', cardText)).toBe(false);
  });
});

describe('A2A AgentCard: through checkLoadSet', () => {
  it('checks agent.json as an A2A card: positioned diagnostics, shape and the compiled agent', () => {
    const c = card();
    c['defaultInputModes'] = ['text'];
    const text = json(c);
    const result = checkLoadSet({ 'agent.json': text });
    expect(result.cards.map((k) => [k.format, k.name, k.shape, k.ok])).toEqual([
      ['a2a', 'Trip_Planner', 'A2A v0.3.0', true],
    ]);
    const d = result.diagnostics[0]!;
    expect([d.code, d.severity, d.file, d.line, text.slice(d.from, d.to)]).toEqual([
      'a2a-mode-not-mime',
      'warning',
      'agent.json',
      text.slice(0, d.from).split('\n').length,
      '"text"',
    ]);
    expect(result.agents.map((a) => a.name)).toEqual(['Trip_Planner']);
  });

  it('fails the agent of a card with a schema error', () => {
    const c = card();
    delete c['skills'];
    const result = checkLoadSet({ 'agent.json': json(c) });
    expect(result.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['missing-field', 'error'],
    ]);
    expect(result.cards[0]!.ok).toBe(false);
    expect(result.agents).toEqual([]);
  });

  it('reports a JSON syntax error with its line and column', () => {
    const result = checkLoadSet({
      'agent.json': '{\n  "protocolVersion": "0.3.0",\n  "url": x\n}',
    });
    expect(result.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ['a2a-json-syntax', 3, 10],
    ]);
    expect(result.cards).toEqual([]);
  });

  it('leaves a chat history file alone, for the cards that reference it', () => {
    const history = json({ messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] });
    const alone = checkLoadSet({ 'history.json': history });
    expect([alone.cards, alone.diagnostics]).toEqual([[], []]);
    const withCard = checkLoadSet({
      'history.json': history,
      'a.md': '---\ntype: agent\nname: a\nmessages: history.json\n---\nHelp.\n',
      'agent.json': json(card()),
    });
    expect(withCard.diagnostics).toEqual([]);
    expect(withCard.cards.map((k) => [k.file, k.format])).toEqual([
      ['a.md', 'agentcard'],
      ['agent.json', 'a2a'],
    ]);
  });
});
