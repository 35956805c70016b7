import { describe, expect, it } from 'vitest';
import { checkLoadSet, detectFormat, type Diagnostic, type Json } from '../../index.ts';
import { analyzeSpec, openAgentSpecFormat } from './index.ts';

const HEAD = `kind: "openagentspec:v1/agent"
name: helpdesk
description: An agent that answers questions
intent: You answer questions for the help desk.
owner: team-a
`;

/** A spec with `body` after the required fields (`capabilities` included unless `body` has it). */
const spec = (body = 'capabilities:\n  web: {}\n') => HEAD + body;

/** Problems of a text as `[code, severity, text-it-points-at]`, through the load-set checker. */
function problems(text: string, file = 'x.yaml'): Array<[string, string, string]> {
  const result = checkLoadSet({ [file]: text });
  return result.diagnostics.map((d: Diagnostic) => [d.code, d.severity, text.slice(d.from, d.to)]);
}

/** The one diagnostic with `code`, through the module directly. */
function only(text: string, code: string) {
  const found = analyzeSpec('x.yaml', text).diagnostics.filter((d) => d.code === code);
  expect(found, code).toHaveLength(1);
  return found[0]!;
}

describe('detection', () => {
  it('claims YAML and JSON files with the agent kind, near-misses of it, and kind-less specs', () => {
    expect(detectFormat('a.yaml', spec())).toBe('openagentspec');
    expect(detectFormat('a.yml', "kind: 'openOAgentSpec:v1/agent'\n")).toBe('openagentspec');
    expect(detectFormat('a.yaml', 'kind: openagentspec:v1/tool\n')).toBe('openagentspec');
    expect(detectFormat('a.json', '{"kind": "openagentspec:v1/agent"}')).toBe('openagentspec');
    expect(
      detectFormat('a.json', '{"name": "a", "intent": "x", "owner": "o", "capabilities": {}}'),
    ).toBe('openagentspec');
    expect(detectFormat('a.yaml', 'name: a\nintent: x\nowner: o\ncapabilities: {}\n')).toBe(
      'openagentspec',
    );
  });

  it('leaves AgentCards, Markdown files and unrelated kinds alone', () => {
    expect(detectFormat('a.yaml', 'type: agent\nname: a\n')).toBe('agentcard');
    expect(detectFormat('a.md', `---\n${spec()}---\n`)).toBe('agentcard');
    expect(detectFormat('a.yaml', 'kind: Deployment\nintent: x\nowner: o\nexposes: {}\n')).toBe(
      'agentcard',
    );
    expect(openAgentSpecFormat.detect('a.yaml', 'name: a\nintent: x\n')).toBe(false);
  });
});

describe('a valid spec', () => {
  const text = spec(`capabilities:
  search-docs:
    collect_results: false
    input_restriction:
      require_review: lead@example.com
      assertion: recent["search-docs"].inputs.path.startsWith("public/")
  "oagent://scheduler": {}
  create_tkt: ~
guardrails:
  input:
    tool_name: pii-filter
    assertion: clean == true
exposes:
  pages: history["search-docs"].map(t, t.outputs.page)
lifespan:
  retain_memory: false
  short_circuit: 3
`);

  it('has no errors or warnings', () => {
    const result = checkLoadSet({ 'helpdesk.yaml': text });
    expect(result.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.code)).toEqual([
      'oas-invalid-name',
    ]);
    expect(result.cards.map((c) => [c.format, c.name, c.ok])).toEqual([
      ['openagentspec', 'helpdesk', false],
    ]);
  });

  it('compiles to the canonical agent data with the spec-only parts as extras', () => {
    const fixed = text.replace('create_tkt', 'create-tkt');
    const result = checkLoadSet({ 'helpdesk.yaml': fixed });
    expect(result.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    const agent = result.compiled[0]!;
    expect(agent.ok).toBe(true);
    const config = agent.data['config'] as Record<string, unknown>;
    expect(config['name']).toBe('helpdesk');
    expect(config['instruction']).toBe('You answer questions for the help desk.');
    expect(config['description']).toBe('An agent that answers questions');
    expect(agent.data['type']).toBe('basic');
    expect(agent.data['schema_version']).toBe(1);
    expect(agent.data['child_agents']).toEqual(['scheduler']);
    const oas = agent.extras?.['openagentspec'] as { capabilities: Json[]; [key: string]: Json };
    expect(oas['owner']).toBe('team-a');
    expect(oas['capabilities'][0]).toMatchObject({
      key: 'search-docs',
      collect_results: false,
      user_identity: true,
      input_restriction: { require_review: 'lead@example.com' },
    });
    expect(oas['capabilities'][2]).toMatchObject({ key: 'create-tkt', input_restriction: null });
    expect(oas['lifespan']).toEqual({ retain_memory: false, short_circuit: 3 });
    expect((agent.extras?.['cel'] as unknown[]).length).toBe(3);
    expect(JSON.parse(JSON.stringify(agent.extras))).toEqual(agent.extras);
  });
});

describe('structure', () => {
  it('reports a missing kind at the first key, and each missing required field', () => {
    const text = 'name: a\nintent: x\nowner: o\ncapabilities: {}\n';
    expect(problems(text)).toEqual([
      ['missing-field', 'error', 'name'],
      ['oas-missing-kind', 'error', 'name'],
    ]);
  });

  it('reports a misspelt kind at its value with the right spelling', () => {
    const text = spec().replace('openagentspec:v1', 'openOAgentSpec:v1');
    const d = only(text, 'oas-unknown-kind');
    expect(d.message).toContain("did you mean 'openagentspec:v1/agent'");
    expect(text.slice(d.from, d.to)).toBe('"openOAgentSpec:v1/agent"');
  });

  it('reads a tool kind as not an agent and checks nothing else', () => {
    expect(problems('kind: openagentspec:v1/tool\ncontainer: {}\n')).toEqual([
      ['oas-unknown-kind', 'error', 'openagentspec:v1/tool'],
    ]);
  });

  it('reports unknown fields with a suggestion, also for camelCase spellings', () => {
    const text = spec('capabilities:\n  web:\n    userIdentity: false\nexpose: {}\n');
    expect(problems(text)).toEqual([
      ['unknown-field', 'error', 'userIdentity'],
      ['unknown-field', 'error', 'expose'],
    ]);
    expect(only(text.replace('expose: {}\n', ''), 'unknown-field').message).toContain(
      "did you mean 'user_identity'",
    );
  });

  it('reports values of the wrong kind at the value', () => {
    const text = spec(`capabilities:
  web:
    user_identity: "no"
    static_identity: 42
lifespan:
  retain_memory: 1
  short_circuit: 2.0
`).replace('owner: team-a', 'owner: ""');
    expect(problems(text)).toEqual([
      ['invalid-value', 'error', '""'],
      ['invalid-value', 'error', '"no"'],
      ['invalid-value', 'error', '42'],
      ['invalid-value', 'error', '1'],
      ['invalid-value', 'error', '2.0'],
    ]);
  });

  it('refuses a short_circuit below 1 and a non-mapping capabilities', () => {
    expect(problems(spec('capabilities: [web]\nlifespan: {short_circuit: 0}\n'))).toEqual([
      ['invalid-value', 'error', '[web]'],
      ['invalid-value', 'error', '0'],
    ]);
  });

  it('reports a guardrail without tool_name or assertion at its key', () => {
    expect(problems(spec('capabilities: {}\nguardrails:\n  output:\n    assertion: ok\n'))).toEqual(
      [['missing-field', 'error', 'output']],
    );
  });

  it('warns about a restriction that restricts nothing', () => {
    expect(problems(spec('capabilities:\n  web:\n    output_restriction: {}\n'))).toEqual([
      ['oas-empty-restriction', 'warning', 'output_restriction'],
    ]);
  });

  it('reports a file that is not a mapping, YAML errors and duplicate keys', () => {
    expect(problems('kind: openagentspec:v1/agent\n- a\n')[0]?.[0]).toBe('yaml-syntax');
    expect(problems(spec() + 'owner: b\n')).toEqual([['duplicate-key', 'error', 'owner']]);
    const list = analyzeSpec('x.yaml', '- kind: openagentspec:v1/agent\n').diagnostics;
    expect(list.map((d) => d.code)).toEqual(['frontmatter-not-mapping']);
  });
});

describe('names and references', () => {
  it('follows RFC 1123 for names and mentions the newer underscore rule', () => {
    const text = spec('capabilities:\n  Web_Tool: {}\n  json_tool: {}\n  web-tool: {}\n');
    expect(problems(text)).toEqual([
      ['oas-invalid-name', 'error', 'Web_Tool'],
      ['oas-invalid-name', 'error', 'json_tool'],
    ]);
    expect(only(text.replace('Web_Tool', 'a'), 'oas-invalid-name').message).toContain('0493410');
    expect(problems(text.replace('name: helpdesk', 'name: help-desk'))).toContainEqual([
      'oas-name-rule',
      'info',
      'help-desk',
    ]);
  });

  it('reads the three reference forms and refuses others', () => {
    const text = spec(`capabilities:
  "oagent://scheduler": {}
  "oagent://agents.example.com/team/support": {}
  "oagent://host//x": {}
  "https://example.com/x": {}
  "oagent://Bad_Name": {}
`);
    expect(problems(text)).toEqual([
      ['oas-remote-reference', 'info', '"oagent://agents.example.com/team/support"'],
      ['oas-invalid-reference', 'error', '"oagent://host//x"'],
      ['oas-invalid-reference', 'error', '"https://example.com/x"'],
      ['oas-invalid-name', 'error', '"oagent://Bad_Name"'],
    ]);
  });
});

describe('CEL expressions', () => {
  /** The text a CEL syntax error points at, for an assertion written as `yaml` (after `assertion:`). */
  function celErrorAt(yaml: string): string {
    const text = spec(`capabilities:\n  web:\n    input_restriction:\n      assertion: ${yaml}\n`);
    const d = only(text, 'oas-cel-syntax');
    expect(d.from, 'points inside the string').toBeGreaterThan(text.indexOf('assertion:'));
    return text.slice(d.from, d.to);
  }

  it('points a syntax error at its character in a plain scalar', () => {
    expect(celErrorAt('user.id == "a" && @x')).toBe('@');
  });

  it('points a syntax error at its character in a multi-line plain scalar', () => {
    expect(celErrorAt('user.id == "a"\n        && @x')).toBe('@');
  });

  it('points through escapes in a double-quoted scalar', () => {
    expect(celErrorAt('"user.id == \\"\\u00e9\\\\\\\\\\" && @x"')).toBe('@');
    expect(celErrorAt('"user.id == \\"a\\" \\u0026\\u0026 \\u0040x"')).toBe('\\u0040');
  });

  it("points through '' in a single-quoted scalar", () => {
    expect(celErrorAt("'user.id == ''it\\''s'' && @x'")).toBe('@');
  });

  it('points into literal and folded block scalars', () => {
    expect(celErrorAt('|\n        user.id == "a" &&\n          @x\n')).toBe('@');
    expect(celErrorAt('>-\n        user.id == "a"\n\n        && @x\n')).toBe('@');
  });

  it('points an error at the end of the expression at its last character', () => {
    expect(celErrorAt('"user.id == (  "')).toBe(' ');
    expect(celErrorAt('user.id ==')).toBe('=');
  });

  it('points into a JSON string', () => {
    const text = `{"kind": "openagentspec:v1/agent", "name": "a", "description": "d", "intent": "i",
 "owner": "o", "capabilities": {}, "exposes": {"x": "user.id + \\u0022a\\u0022 + @"}}`;
    const d = only(text, 'oas-cel-syntax');
    expect(text.slice(d.from, d.to)).toBe('@');
    expect(problems(text, 'a.json')).toEqual([['oas-cel-syntax', 'error', '@']]);
  });

  it('points identifier problems at the identifier inside the string', () => {
    const text = spec(`capabilities:
  web:
    output_restriction:
      assertion: "inputs.url != \\"\\" && recent.web.output.ok && recent.wbe.outputs.ok"
exposes:
  who: >-
    user.name
`);
    expect(problems(text)).toEqual([
      ['oas-cel-unknown-variable', 'error', 'inputs'],
      ['oas-cel-unknown-field', 'error', 'output'],
      ['oas-cel-unknown-capability', 'warning', 'wbe'],
      ['oas-cel-unknown-field', 'error', 'name'],
    ]);
  });

  it('suggests bracket access for a hyphenated capability name read with a dot', () => {
    const text = spec(`capabilities:
  search-docs:
    input_restriction:
      assertion: recent.search-docs.inputs["path"].startsWith("public")
`);
    expect(problems(text)).toEqual([['oas-cel-hyphen-name', 'error', '.search-docs']]);
    expect(only(text, 'oas-cel-hyphen-name').message).toContain('recent["search-docs"]');
  });

  it('only parses guardrail assertions (their input is the tool output)', () => {
    const text = spec(
      'capabilities: {}\nguardrails:\n  input:\n    tool_name: pii\n    assertion: clean\n',
    );
    expect(problems(text)).toEqual([]);
  });

  it('asks for a string where an assertion is not one', () => {
    const text = spec('capabilities:\n  web:\n    input_restriction:\n      assertion: true\n');
    expect(problems(text)).toEqual([['invalid-value', 'error', 'true']]);
  });

  it('reads values written through YAML aliases, pointing into the anchored string', () => {
    const text = spec(`capabilities:
  web:
    input_restriction:
      assertion: &check user.id == @
    output_restriction:
      assertion: *check
exposes:
  id: &who user.id
  again: *who
`);
    const found = analyzeSpec('x.yaml', text).diagnostics;
    expect(found.map((d) => [d.code, text.slice(d.from, d.to)])).toEqual([
      ['oas-cel-syntax', '@'],
      ['oas-cel-syntax', '@'],
    ]);
  });

  it('caps very long expressions with a warning instead of parsing them', () => {
    const long = `user.id == "${'a'.repeat(10_050)}"`;
    const text = spec(`capabilities: {}\nexposes:\n  x: ${long}\n`);
    expect(problems(text).map((p) => p[0])).toEqual(['oas-cel-limit']);
  });

  it('reports a guardrail assertion too deep to parse as a limit warning at the assertion', () => {
    const deep = '-'.repeat(9_999) + '1';
    const text = spec(
      `capabilities: {}\nguardrails:\n  input:\n    tool_name: pii\n    assertion: ${deep}\n`,
    );
    expect(problems(text)).toEqual([['oas-cel-limit', 'warning', deep]]);
  });
});

describe('robustness', () => {
  it('never throws and keeps ranges inside the text on odd input', () => {
    const inputs = [
      '',
      'kind: openagentspec:v1/agent',
      'kind: openagentspec:v1/agent\nexposes: {a: *x}\n',
      'kind: openagentspec:v1/agent\nexposes: &a {x: *a}\n',
      '{"kind": "openagentspec:v1/agent", "exposes": {"a": "' + '('.repeat(3000) + '"}}',
      spec('capabilities:\n  ? [a]\n  : {}\n'),
      spec('exposes:\n  x: |2\n     user.id +\n'),
    ];
    for (const text of inputs) {
      const analysis = analyzeSpec('x.yaml', text);
      for (const d of analysis.diagnostics) {
        expect(d.from).toBeGreaterThanOrEqual(0);
        expect(d.to).toBeLessThanOrEqual(text.length);
        expect(d.from).toBeLessThanOrEqual(d.to);
      }
      expect(structuredClone(analysis)).toEqual(analysis);
    }
  });
});
