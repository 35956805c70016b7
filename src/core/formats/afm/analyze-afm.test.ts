import { describe, expect, it } from 'vitest';
import { checkLoadSet } from '../../load-set/check-load-set.ts';
import type { FormatContext } from '../format-module.ts';
import { analyzeAfm } from './analyze-afm.ts';
import { afmFormat } from './index.ts';

/** Every non-info diagnostic of checking one AFM file: code, severity and the text its range covers. */
function problems(text: string, path = 'agent.afm.md', files: Record<string, string> = {}) {
  const result = checkLoadSet({ [path]: text, ...files });
  return {
    result,
    found: result.diagnostics
      .filter((d) => d.file === path && d.severity !== 'info')
      .map((d) => ({ code: d.code, severity: d.severity, at: text.slice(d.from, d.to) })),
  };
}

const BODY = '\n# Role\nHelps.\n\n# Instructions\nBe brief.\n';
const withFront = (yaml: string) => `---\n${yaml}\n---${BODY}`;
const context: FormatContext = { read: () => undefined, paths: [] };

describe('AFM files through the load-set checker', () => {
  it('accepts a minimal current-shape file with no problems and compiles the canonical shape', () => {
    const text = withFront(
      'spec_version: "0.3.0"\nname: Helper\ninterfaces:\n  - type: consolechat',
    );
    const { result, found } = problems(text);
    expect(found).toEqual([]);
    expect(result.agents).toHaveLength(1);
    const agent = result.agents[0]!;
    expect(agent.format).toBe('afm');
    expect(agent.data['type']).toBe('basic');
    expect(agent.data['schema_version']).toBe(1);
    const config = agent.data['config'] as Record<string, unknown>;
    expect(config['name']).toBe('Helper');
    expect(config['instruction']).toBe('# Role\n\nHelps.\n\n# Instructions\n\nBe brief.');
    expect(config['description']).toBe('Helps.');
    expect(result.cards[0]!.shape).toMatch(/current shape/);
  });

  it('reads a file without frontmatter, names it after the file and gives it the default interface', () => {
    const { result, found } = problems(BODY.trimStart(), 'notes/my-agent.afm');
    expect(found).toEqual([]);
    const agent = result.agents[0]!;
    expect(agent.name).toBe('my-agent');
    expect(agent.extras?.['interfaces']).toEqual([
      { type: 'consolechat', signature: { input: { type: 'string' }, output: { type: 'string' } } },
    ]);
  });

  it('prefers the description field over the Role text', () => {
    const { result } = problems(withFront('description: Given'));
    expect((result.agents[0]!.data['config'] as Record<string, unknown>)['description']).toBe(
      'Given',
    );
  });

  it('reports an unclosed frontmatter at the opening fence', () => {
    expect(problems('---\nname: x\n# Role\nR\n').found).toEqual([
      { code: 'frontmatter-unclosed', severity: 'error', at: '---' },
    ]);
  });

  it('reports YAML syntax errors and duplicate keys inside the frontmatter', () => {
    expect(problems(withFront('name: [x')).found.map((d) => d.code)).toContain('yaml-syntax');
    expect(problems(withFront('name: a\nname: b')).found).toEqual([
      { code: 'duplicate-key', severity: 'error', at: 'name' },
    ]);
  });

  it('reports a frontmatter that is not a mapping at its value', () => {
    expect(problems(withFront('- a\n- b')).found).toEqual([
      { code: 'frontmatter-not-mapping', severity: 'error', at: '- a\n- b\n' },
    ]);
  });

  it('warns that a frontmatter after blank lines is body text', () => {
    const { found } = problems(`\n---\nname: x\n---${BODY}`);
    expect(found[0]).toEqual({ code: 'afm-frontmatter-not-first', severity: 'warning', at: '---' });
  });

  it('reports an unknown field at its key with a suggestion', () => {
    const { found } = problems(withFront('nme: x'));
    expect(found).toEqual([{ code: 'unknown-field', severity: 'error', at: 'nme' }]);
  });

  it('reports wrong value kinds at the value', () => {
    expect(problems(withFront('max_iterations: ten')).found).toEqual([
      { code: 'invalid-value', severity: 'error', at: 'ten' },
    ]);
    expect(problems(withFront('max_iterations: 2.5')).found[0]?.at).toBe('2.5');
    expect(problems(withFront('authors: [a, 3]')).found).toEqual([
      { code: 'invalid-value', severity: 'error', at: '3' },
    ]);
    expect(problems(withFront('version: 1.0.x')).found).toEqual([
      { code: 'invalid-value', severity: 'warning', at: '1.0.x' },
    ]);
  });

  it('warns about an unknown spec_version', () => {
    expect(problems(withFront('spec_version: "9.9"')).found).toEqual([
      { code: 'afm-spec-version', severity: 'warning', at: '"9.9"' },
    ]);
  });

  it('requires the authentication fields its type needs, at the type value', () => {
    expect(problems(withFront('model:\n  authentication:\n    type: bearer')).found).toEqual([
      { code: 'afm-auth-missing-field', severity: 'error', at: 'bearer' },
    ]);
    expect(
      problems(withFront('model:\n  authentication:\n    type: Basic\n    username: ${env:U}'))
        .found,
    ).toEqual([{ code: 'afm-auth-missing-field', severity: 'error', at: 'Basic' }]);
    expect(problems(withFront('model:\n  authentication:\n    token: ${env:T}')).found).toEqual([
      { code: 'missing-field', severity: 'error', at: 'authentication' },
    ]);
  });

  it('warns about literal secrets but not about variables', () => {
    const text = withFront(
      'model:\n  authentication:\n    type: api-key\n    api_key: sk-123\ntools:\n  mcp:\n    - name: s\n      transport:\n        type: stdio\n        command: run\n        env:\n          API_TOKEN: abc\n          HOME_DIR: /tmp\n          SECRET_KEY: ${env:K}',
    );
    expect(problems(text).found).toEqual([
      { code: 'afm-literal-secret', severity: 'warning', at: 'sk-123' },
      { code: 'afm-literal-secret', severity: 'warning', at: 'abc' },
    ]);
  });
});

describe('MCP servers', () => {
  const server = (transport: string, extra = '') =>
    withFront(`tools:\n  mcp:\n    - name: s\n      transport:\n${transport}${extra}`);

  it('requires the url of an http transport and the command of a stdio transport', () => {
    expect(problems(server('        type: http')).found).toEqual([
      { code: 'missing-field', severity: 'error', at: 'type' },
    ]);
    expect(problems(server('        type: stdio\n        args: [a]')).found).toEqual([
      { code: 'missing-field', severity: 'error', at: 'type' },
    ]);
  });

  it('rejects a draft transport type in a current-shape file at the value', () => {
    expect(problems(server('        type: streamable_http\n        url: http://x')).found).toEqual([
      { code: 'invalid-value', severity: 'error', at: 'streamable_http' },
    ]);
  });

  it('rejects fields of the other transport kind', () => {
    expect(
      problems(server('        type: stdio\n        command: x\n        url: http://x')).found,
    ).toEqual([{ code: 'unknown-field', severity: 'error', at: 'url' }]);
  });

  it('reports duplicate server names and a missing transport', () => {
    const text = withFront(
      'tools:\n  mcp:\n    - name: s\n      transport: {type: http, url: "http://a"}\n    - name: s\n',
    );
    expect(problems(text).found).toEqual([
      { code: 'missing-field', severity: 'error', at: 'name' },
      { code: 'afm-duplicate-server', severity: 'error', at: 's' },
    ]);
  });

  it('checks tool_filter allow and deny lists and compiles allow into tools', () => {
    const text = server(
      '        type: http\n        url: "http://a"\n',
      '      tool_filter:\n        allow: [a, b]\n        deny: [c]\n        block: [d]',
    );
    const { result, found } = problems(text);
    expect(found).toEqual([{ code: 'unknown-field', severity: 'error', at: 'block' }]);
    const config = result.compiled[0]!.data['config'] as Record<string, unknown>;
    expect(config['servers']).toEqual(['s']);
    expect(config['tools']).toEqual({ s: ['a', 'b'] });
    expect(config['server_configs']).toEqual({ s: { transport: 'http', url: 'http://a' } });
  });
});

describe('interfaces', () => {
  it('rejects a draft interface type inside interfaces[] with a hint', () => {
    expect(problems(withFront('interfaces:\n  - type: function')).found).toEqual([
      { code: 'invalid-value', severity: 'error', at: 'function' },
    ]);
  });

  it('requires exposure.http.path, at the http key', () => {
    expect(
      problems(withFront('interfaces:\n  - type: webchat\n    exposure:\n      http: {}')).found,
    ).toEqual([{ code: 'missing-field', severity: 'error', at: 'http' }]);
  });

  it('flags fields that belong to another interface type', () => {
    const text = withFront('interfaces:\n  - type: webchat\n    subscription: {protocol: websub}');
    expect(problems(text).found).toEqual([
      { code: 'afm-interface-mismatch', severity: 'error', at: 'subscription' },
    ]);
  });

  it('accepts a webhook without subscription as the spec does, warning that the reference rejects it', () => {
    const { found, result } = problems(withFront('interfaces:\n  - type: webhook'));
    expect(found).toEqual([{ code: 'afm-portability', severity: 'warning', at: 'webhook' }]);
    expect(result.agents).toHaveLength(1);
  });

  it('checks signatures as JSON Schemas', () => {
    const sig = (schema: string) =>
      problems(withFront(`interfaces:\n  - type: webchat\n    signature:\n      input:\n${schema}`))
        .found;
    expect(sig('        type: strin')).toEqual([
      { code: 'afm-invalid-schema', severity: 'error', at: 'strin' },
    ]);
    expect(
      sig(
        '        type: object\n        properties:\n          q: {type: string}\n        required: [q, r]',
      ),
    ).toEqual([{ code: 'afm-schema-keyword', severity: 'warning', at: 'r' }]);
    expect(sig('        type: object\n        propertes: {}')).toEqual([
      { code: 'afm-schema-keyword', severity: 'warning', at: 'propertes' },
    ]);
    expect(sig('        type: string\n        minLength: -1')).toEqual([
      { code: 'afm-invalid-schema', severity: 'error', at: '-1' },
    ]);
    expect(sig('        anyOf: [{type: string}]')).toEqual([
      { code: 'afm-portability', severity: 'warning', at: 'anyOf' },
    ]);
    expect(sig('        type: string\n        pattern: "("')).toEqual([
      { code: 'afm-invalid-schema', severity: 'error', at: '"("' },
    ]);
  });

  it('checks platformchat modes', () => {
    const text = withFront(
      'spec_version: "0.4.0"\ninterfaces:\n  - type: platformchat\n    platform: slack\n    mode: notification\n    polling: {interval: 5}',
    );
    const { result, found } = problems(text);
    expect(found).toEqual([
      { code: 'afm-portability', severity: 'warning', at: 'platformchat' },
      { code: 'afm-interface-mismatch', severity: 'error', at: 'polling' },
    ]);
    expect(result.cards[0]!.shape).toMatch(/platformchat/);
  });
});

describe('shapes', () => {
  it('reads the spec-text draft shape by its own rules and says how to migrate each construct', () => {
    const text = withFront(
      [
        'namespace: edu',
        'iconUrl: "https://x/i.png"',
        'interface:',
        '  type: service',
        '  exposure:',
        '    http:',
        '      path: /svc',
        'tools:',
        '  mcp:',
        '    servers:',
        '      - name: gh',
        '        transport:',
        '          type: http_sse',
        '          url: "https://x"',
      ].join('\n'),
    );
    const { result, found } = problems(text);
    expect(result.cards[0]!.shape).toMatch(/draft/);
    expect(result.agents).toHaveLength(1);
    expect(found.every((d) => d.code === 'afm-draft-shape' && d.severity === 'warning')).toBe(true);
    expect(found.map((d) => d.at)).toEqual([
      'namespace',
      'iconUrl',
      'interface',
      'servers',
      'http_sse',
    ]);
  });

  it('requires hub and topic of a draft webhook subscription, as the spec text does', () => {
    const text = withFront('interface:\n  type: webhook\n  subscription:\n    protocol: websub');
    const codes = problems(text).found.filter((d) => d.code === 'missing-field');
    expect(codes).toEqual([
      { code: 'missing-field', severity: 'error', at: 'subscription' },
      { code: 'missing-field', severity: 'error', at: 'subscription' },
    ]);
  });

  it('rejects fields of the other shape in a file', () => {
    const text = withFront('interfaces:\n  - type: webchat\nicon_url: x\nnamespace: a');
    expect(problems(text).found).toEqual([
      { code: 'afm-mixed-shape', severity: 'error', at: 'namespace' },
    ]);
  });
});

describe('the body', () => {
  it('warns when # Role or # Instructions is missing, at the first body line', () => {
    const { found } = problems('---\nname: x\n---\n# Overview\ntext\n');
    expect(found).toEqual([
      { code: 'afm-missing-section', severity: 'warning', at: '# Overview' },
      { code: 'afm-missing-section', severity: 'warning', at: '# Overview' },
      { code: 'afm-body-ignored', severity: 'warning', at: '# Overview\ntext' },
    ]);
  });

  it('warns about an empty section at its heading and about a repeated heading', () => {
    const { found } = problems('# Role\n\n# Instructions\nDo.\n# role\nMore.\n');
    expect(found).toEqual([{ code: 'afm-duplicate-section', severity: 'warning', at: '# role' }]);
    expect(problems('# Role\nR\n# Instructions\n\n').found).toEqual([
      { code: 'afm-missing-section', severity: 'warning', at: '# Instructions' },
    ]);
  });

  it('warns that a level-1 heading inside the instructions cuts them, as the reference parser reads it', () => {
    const text = '# Role\nR\n# Instructions\nRun:\n```sh\n# install\nnpm i\n```\n';
    const { found, result } = problems(text);
    expect(found).toEqual([
      { code: 'afm-body-ignored', severity: 'warning', at: '# install\nnpm i\n```' },
    ]);
    expect((result.agents[0]!.data['config'] as Record<string, unknown>)['instruction']).toBe(
      '# Role\n\nR\n\n# Instructions\n\nRun:\n```sh',
    );
  });
});

describe('variables', () => {
  it('reports every variable with its place and prefix and never substitutes it', () => {
    const text = withFront('model:\n  name: "${env:MODEL}"\n  url: "${BASE}/v1"').replace(
      'Be brief.',
      'Be brief ${env:TONE}.',
    );
    const result = checkLoadSet({ 'a.afm.md': text });
    const infos = result.diagnostics.filter((d) => d.code === 'afm-variable');
    expect(infos.map((d) => [d.severity, text.slice(d.from, d.to)])).toEqual([
      ['info', '${env:MODEL}'],
      ['info', '${BASE}'],
      ['info', '${env:TONE}'],
    ]);
    const vars = result.agents[0]!.extras?.['variables'] as Array<Record<string, unknown>>;
    expect(vars.map((v) => [v['prefix'], v['where'], v['field'] ?? null])).toEqual([
      ['env', 'frontmatter', 'model.name'],
      ['', 'frontmatter', 'model.url'],
      ['env', 'body', null],
    ]);
    const config = result.agents[0]!.data['config'] as Record<string, unknown>;
    expect(config['model']).toBe('${env:MODEL}');
  });

  it('allows http variables only in a webhook prompt', () => {
    const ok = withFront(
      'interfaces:\n  - type: webhook\n    prompt: "Event ${http:payload.kind}"\n    subscription: {protocol: websub}',
    );
    expect(problems(ok).found).toEqual([]);
    const bad = ok.replace('Be brief.', 'See ${http:payload}');
    expect(problems(bad).found).toEqual([
      { code: 'afm-http-variable-misplaced', severity: 'error', at: '${http:payload}' },
    ]);
  });

  it('warns about prefixes the reference implementation does not support', () => {
    expect(problems(withFront('model:\n  name: "${secret:M}"')).found).toEqual([
      { code: 'afm-unsupported-prefix', severity: 'warning', at: '${secret:M}' },
    ]);
  });
});

describe('identifier and skills', () => {
  it('rejects a file name that starts with a digit or a special character', () => {
    expect(problems(BODY.trimStart(), '1agent.afm.md').found).toEqual([
      { code: 'afm-invalid-identifier', severity: 'error', at: '# Role' },
    ]);
    expect(problems(BODY.trimStart(), '_x.afm.md').found[0]?.code).toBe('afm-invalid-identifier');
  });

  it('notes a file name that is not lowercase-with-hyphens', () => {
    const result = checkLoadSet({ 'My Agent.afm.md': BODY.trimStart() });
    expect(result.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['afm-identifier-style', 'info'],
    ]);
  });

  it('looks for SKILL.md files under a local skills path', () => {
    const text = withFront('skills:\n  - type: local\n    path: ./skills');
    expect(problems(text, 'a/agent.afm.md').found).toEqual([
      { code: 'afm-skills-not-found', severity: 'warning', at: './skills' },
    ]);
    const files = { 'a/skills/one/SKILL.md': '---\nname: one\ndescription: d\n---\nx\n' };
    const result = checkLoadSet(
      { 'a/agent.afm.md': text, ...files },
      { cards: ['a/agent.afm.md'] },
    );
    expect(result.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect((result.agents[0]!.data['config'] as Record<string, unknown>)['skills']).toEqual([
      './skills',
    ]);
  });
});

describe('the module', () => {
  it('detects AFM by file name and by content marker, and not AgentCards', () => {
    expect(afmFormat.detect('a.afm.md', '')).toBe(true);
    expect(afmFormat.detect('a.AFM', '')).toBe(true);
    expect(afmFormat.detect('a.md', `---\nspec_version: "0.3.0"\n---${BODY}`)).toBe(true);
    expect(afmFormat.detect('a.md', `---\nspec_version: "0.3.0"\ntype: agent\n---${BODY}`)).toBe(
      false,
    );
    expect(afmFormat.detect('a.md', `---\ntype: agent\n---\nHi\n`)).toBe(false);
    expect(afmFormat.detect('a.yaml', 'spec_version: 1')).toBe(false);
  });

  it('is read as AFM when the checker is told so, whatever the name', () => {
    const result = checkLoadSet(
      { 'a.md': `---\nname: x\n---${BODY}` },
      { formats: { 'a.md': 'afm' } },
    );
    expect(result.agents[0]?.format).toBe('afm');
  });

  it('analyses a unit directly with diagnostics that carry the file', () => {
    const analysis = analyzeAfm(
      { entry: 'x.afm.md', files: { 'x.afm.md': withFront('nme: 1') } },
      context,
    );
    expect(analysis.diagnostics.find((d) => d.code === 'unknown-field')?.file).toBe('x.afm.md');
    expect(analysis.agents[0]!.headerTo).toBe(withFront('nme: 1').indexOf('---\n#') + 4);
  });

  it('returns structured-cloneable results', () => {
    const analysis = analyzeAfm(
      { entry: 'x.afm.md', files: { 'x.afm.md': withFront('name: x') } },
      context,
    );
    expect(structuredClone(analysis)).toEqual(analysis);
  });
});

describe('draft interface types that name Object.prototype members', () => {
  for (const type of ['constructor', 'toString', '__proto__']) {
    it(`'${type}' is an unknown type, compiles to plain JSON and converts without a current_type`, () => {
      const text = withFront(`name: Proto\ninterface:\n  type: ${type}`);
      const analysis = analyzeAfm({ entry: 'a.afm.md', files: { 'a.afm.md': text } }, context);
      const interfaces = analysis.agents[0]!.extras?.['interfaces'] as Array<
        Record<string, unknown>
      >;
      expect(interfaces[0]!['type']).toBe(type);
      expect(Object.hasOwn(interfaces[0]!, 'current_type')).toBe(false);
      // Plain JSON all the way down: a function would vanish in the round trip.
      expect(JSON.parse(JSON.stringify(analysis.agents[0]!.extras))).toEqual(
        analysis.agents[0]!.extras,
      );
      expect(analysis.diagnostics.map((d) => d.code)).toContain('invalid-value');
      const emitted = afmFormat.emit!(
        {
          name: 'Proto',
          format: 'afm',
          data: analysis.agents[0]!.data,
          extras: analysis.agents[0]!.extras!,
        },
        {},
      );
      expect(Object.values(emitted.files).join('')).not.toMatch(/function|native code/);
    });
  }
});
