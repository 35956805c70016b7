import { describe, expect, it } from 'vitest';
import { checkLoadSet } from '../../load-set/check-load-set.ts';
import type { FormatAnalysis } from '../format-module.ts';
import { detectFormat } from '../registry.ts';
import { tsAgentFormat } from './index.ts';

/** `[from, to)` of the `nth` occurrence (0-based) of `needle` in `text`; fails the test when absent. */
function span(text: string, needle: string, nth = 0): [number, number] {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = text.indexOf(needle, at + 1);
  if (at === -1) throw new Error(`'${needle}' not in text`);
  return [at, at + needle.length];
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}

const metadata = {
  name: 'Helper',
  description: 'Helps.',
  created: '2025-04-07T17:32:29.081Z',
  lastAccessed: '2025-04-07T17:32:29.081Z',
};
const settings = { maxChatTurns: '10', temperature: '0.5', mostRecentModel: 'gemini:flash' };

function folder(config: unknown, extra: Record<string, string> = {}): Record<string, string> {
  return { 'a/tsagent.json': json(config), 'a/prompt.md': 'You help.\n', ...extra };
}

function analyze(files: Record<string, string>, entry = 'a/tsagent.json'): FormatAnalysis {
  return tsAgentFormat.analyze(
    { entry, files },
    { read: (p) => files[p], paths: Object.keys(files).sort() },
  );
}

const codes = (a: { diagnostics: ReadonlyArray<{ code: string }> }) =>
  a.diagnostics.map((d) => d.code);

const bookFlight = {
  name: 'book_flight',
  description: 'Books a flight.',
  parameters: {
    type: 'object',
    properties: { destination: { type: 'string' }, date: { type: 'string' } },
    required: ['destination'],
  },
  prompt: 'Book {name}: fly to {destination} on {date}.',
};

describe('detection', () => {
  it('claims tsagent.json by name and its folder as the unit', () => {
    expect(detectFormat('a/tsagent.json', '{}')).toBe('tsagent');
    expect(tsAgentFormat.unitFolder!('a/b/tsagent.json')).toBe('a/b');
    expect(tsAgentFormat.unitFolder!('tsagent.json')).toBe('');
  });

  it('claims a YAML file by content, as a single-file unit', () => {
    const text = 'metadata:\n  name: X\nsettings: {}\n';
    expect(detectFormat('x.yaml', text)).toBe('tsagent');
    expect(tsAgentFormat.unitFolder!('x.yaml')).toBeUndefined();
    expect(detectFormat('x.yaml', 'type: agent\nname: x\n')).toBe('agentcard');
    expect(detectFormat('x.yaml', 'metadata:\n  name: X\n')).not.toBe('tsagent');
  });

  it('does not read prompt.md or .mdt files of a TsAgent folder as AgentCards', () => {
    const files = folder(
      { metadata, settings },
      {
        'a/prompt.md': '---\ntype: agent\nname: nope\n---\nYou help.\n',
        'a/rules/r.mdt': '---\nname: r\ninclude: always\n---\nBe brief.\n',
        'b.md': '---\ntype: agent\nname: card\n---\nHi.\n',
      },
    );
    const result = checkLoadSet(files);
    expect(result.cards.map((c) => [c.file, c.format, c.name])).toEqual([
      ['b.md', 'agentcard', 'card'],
      ['a/tsagent.json', 'tsagent', 'Helper'],
    ]);
    expect(result.diagnostics).toEqual([]);
    expect(result.agents).toHaveLength(2);
  });
});

describe('agent directory', () => {
  it('compiles a valid folder to the canonical shape, the instruction assembled from always-included items', () => {
    const files = folder(
      { metadata, settings, mcpServers: { fs: { type: 'stdio', command: 'npx', args: ['-y'] } } },
      {
        'a/rules/b.mdt': '---\nname: second\npriorityLevel: 200\ninclude: always\n---\nRule B.\n',
        'a/rules/a.mdt':
          '---\n{\n  "name": "first",\n  "priorityLevel": 100,\n  "include": "always"\n}---\nRule A.\n',
        'a/rules/m.mdt': '---\nname: manual\n---\nNot included.\n',
        'a/refs/r.mdt': '---\nname: ref\ninclude: always\n---\nReference.\n',
      },
    );
    const result = checkLoadSet(files);
    expect(result.diagnostics).toEqual([]);
    const agent = result.agents[0]!;
    const config = agent.data['config'] as Record<string, unknown>;
    expect(config['instruction']).toBe('You help.\n\nRule A.\n\nRule B.\n\nReference.');
    expect(config['name']).toBe('Helper');
    expect(config['model']).toBe('gemini:flash');
    expect(config['servers']).toEqual(['fs']);
    expect(config['use_history']).toBe(true);
    expect(agent.data['type']).toBe('basic');
    expect(agent.data['schema_version']).toBe(1);
    expect(agent.extras?.['mode']).toBe('interactive');
    expect(agent.extras?.['rules']).toHaveLength(3);
  });

  it('reports a missing prompt.md on tsagent.json', () => {
    const files = { 'a/tsagent.json': json({ metadata, settings }) };
    const result = checkLoadSet(files);
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.file, d.from])).toEqual([
      ['tsagent-missing-prompt', 'error', 'a/tsagent.json', 0],
    ]);
    expect(result.agents).toEqual([]);
  });

  it('reads a prompt.md outside the load-set through the context (the command line passes the disk)', () => {
    const files = { 'a/tsagent.json': json({ metadata, settings }) };
    const a = tsAgentFormat.analyze(
      { entry: 'a/tsagent.json', files },
      {
        read: (p) => (p === 'a/prompt.md' ? 'From disk.' : files[p as 'a/tsagent.json']),
        paths: [],
      },
    );
    expect(a.diagnostics).toEqual([]);
    expect((a.agents[0]!.data['config'] as Record<string, unknown>)['instruction']).toBe(
      'From disk.',
    );
  });

  it('reports invalid JSON at the error, and NaN that JavaScript rejects', () => {
    const text = '{\n  "metadata": {}\n  "settings": {}\n}\n';
    const a = analyze({ 'a/tsagent.json': text, 'a/prompt.md': 'x' });
    expect(a.agents).toEqual([]);
    expect(a.diagnostics.map((d) => [d.code, d.from])).toEqual([
      ['tsagent-json-syntax', span(text, '"settings"')[0]],
    ]);
    const nan = '{"metadata": {"name": "x"}, "settings": {"topP": NaN}}';
    const b = analyze({ 'a/tsagent.json': nan, 'a/prompt.md': 'x' });
    expect(b.diagnostics.map((d) => [d.code, d.from, d.to])).toEqual([
      ['tsagent-json-syntax', ...span(nan, 'NaN')],
    ]);
  });

  it('reports each missing required field at the key of the object that lacks it', () => {
    const text = json({ metadata: { name: 'x' } });
    const a = analyze({ 'a/tsagent.json': text, 'a/prompt.md': 'x' });
    const metadataKey = span(text, '"metadata"');
    expect(a.diagnostics.map((d) => [d.code, d.message, d.from, d.to])).toEqual([
      ['missing-field', '`settings` is required', 0, 1],
      ['missing-field', '`metadata.created` is required', ...metadataKey],
      ['missing-field', '`metadata.lastAccessed` is required', ...metadataKey],
    ]);
  });

  it('reports wrong values at the value and unknown keys as warnings at the key', () => {
    const text = json({
      metadata: { ...metadata, name: 3, colour: 'red' },
      settings: { ...settings, temperature: 'warm', toolPermission: 'sometimes', temprature: '1' },
    });
    const a = analyze({ 'a/tsagent.json': text, 'a/prompt.md': 'x' });
    expect(a.diagnostics.map((d) => [d.code, d.severity, d.from, d.to])).toEqual(
      expect.arrayContaining([
        ['invalid-value', 'error', ...span(text, '3')],
        ['unknown-field', 'warning', ...span(text, '"colour"')],
        ['invalid-value', 'error', ...span(text, '"warm"')],
        ['invalid-value', 'error', ...span(text, '"sometimes"')],
        ['unknown-field', 'warning', ...span(text, '"temprature"')],
      ]),
    );
    expect(a.diagnostics).toHaveLength(5);
  });

  it('warns about a literal API key at its value and redacts it from the output', () => {
    const text = json({
      metadata,
      settings,
      providers: {
        claude: { ANTHROPIC_API_KEY: 'sk-ant-123' },
        openai: { OPENAI_API_KEY: 'env://OPENAI_API_KEY' },
        ollama: { OLLAMA_HOST: 'http://localhost' },
      },
    });
    const a = analyze({ 'a/tsagent.json': text, 'a/prompt.md': 'x' });
    expect(a.diagnostics.map((d) => [d.code, d.severity, d.from, d.to])).toEqual([
      ['tsagent-literal-api-key', 'warning', ...span(text, '"sk-ant-123"')],
    ]);
    const providers = a.agents[0]!.extras!['providers'];
    expect(JSON.stringify(providers)).not.toContain('sk-ant');
    expect(providers).toMatchObject({ ollama: { OLLAMA_HOST: 'http://localhost' } });
  });

  it('names the provider id TsAgent expects', () => {
    const text = json({ metadata, settings, providers: { anthropic: {} } });
    const a = analyze({ 'a/tsagent.json': text, 'a/prompt.md': 'x' });
    expect(a.diagnostics.map((d) => [d.code, d.from])).toEqual([
      ['unknown-field', span(text, '"anthropic"')[0]],
    ]);
    expect(a.diagnostics[0]!.message).toContain("'claude'");
  });

  it('reads references from refs/ and references/, warning that TsAgent 1.2 only reads refs/', () => {
    const files = folder(
      { metadata, settings },
      {
        'a/refs/one.mdt': '---\nname: one\n---\nOne.\n',
        'a/references/two.mdt': '---\nname: two\n---\nTwo.\n',
        'a/notes.txt': 'scratch',
      },
    );
    const a = analyze(files);
    expect(a.diagnostics.map((d) => [d.code, d.severity, d.file])).toEqual([
      ['tsagent-ignored-file', 'info', 'a/notes.txt'],
      ['tsagent-references-folder', 'warning', 'a/references/two.mdt'],
    ]);
    expect(a.agents[0]!.extras!['references']).toHaveLength(2);
  });
});

describe('.mdt files', () => {
  const one = (name: string, text: string) =>
    analyze(folder({ metadata, settings }, { [name]: text }));

  it('skips files TsAgent skips: no frontmatter, CRLF, unclosed, no text', () => {
    for (const text of [
      'Just text.\n',
      '---\r\nname: x\r\n---\r\nText.\r\n',
      '---\nname: x\nText.\n',
      '---\nname: x\n---\n  \n',
    ]) {
      const a = one('a/rules/x.mdt', text);
      expect(codes(a), JSON.stringify(text)).toEqual(['tsagent-mdt-skipped']);
      expect(a.diagnostics[0]!.file).toBe('a/rules/x.mdt');
      expect(a.agents[0]!.extras!['rules']).toEqual([]);
    }
  });

  it('checks priorityLevel and include at their values', () => {
    const text = '---\nname: x\npriorityLevel: 1000\ninclude: sometimes\n---\nText.\n';
    const a = one('a/rules/x.mdt', text);
    expect(a.diagnostics.map((d) => [d.code, d.from, d.to])).toEqual([
      ['invalid-value', ...span(text, '1000')],
      ['invalid-value', ...span(text, 'sometimes')],
    ]);
    const zero = '---\npriorityLevel: 0\nenabled: true\n---\nText.\n';
    const b = one('a/rules/x.mdt', zero);
    expect(b.diagnostics.map((d) => [d.code, d.severity, d.from])).toEqual([
      ['tsagent-priority-zero', 'warning', span(zero, '0\n')[0]],
      ['unknown-field', 'warning', span(zero, 'enabled')[0]],
    ]);
    expect(b.agents[0]!.extras!['rules']).toEqual([
      expect.objectContaining({ name: 'x', priorityLevel: 500, include: 'manual' }),
    ]);
  });

  it('reports YAML errors in the frontmatter at their place in the file', () => {
    const text = '---\nname: [x\n---\nText.\n';
    const a = one('a/refs/x.mdt', text);
    expect(codes(a)).toContain('yaml-syntax');
    for (const d of a.diagnostics) {
      expect(d.file).toBe('a/refs/x.mdt');
      expect(d.from).toBeGreaterThanOrEqual(4);
    }
  });

  it('warns about two rules with one name', () => {
    const a = analyze(
      folder(
        { metadata, settings },
        {
          'a/rules/a.mdt': '---\nname: same\n---\nA.\n',
          'a/rules/b.mdt': '---\nname: same\n---\nB.\n',
        },
      ),
    );
    expect(a.diagnostics.map((d) => [d.code, d.severity, d.file, d.from])).toEqual([
      ['tsagent-duplicate-name', 'warning', 'a/rules/b.mdt', 10],
    ]);
  });
});

describe('modes and tools', () => {
  it('reads tools mode and lists the MCP tools meta-mcp would expose', () => {
    const a = analyze(folder({ metadata: { ...metadata, tools: [bookFlight] }, settings }));
    expect(a.diagnostics).toEqual([]);
    const agent = a.agents[0]!;
    expect(agent.extras!['mode']).toBe('tools');
    expect(agent.extras!['mcpTools']).toEqual([
      {
        name: 'Helper_book_flight',
        toolName: 'book_flight',
        description: 'Books a flight.',
        inputSchema: bookFlight.parameters,
      },
    ]);
    expect((agent.data['config'] as Record<string, unknown>)['use_history']).toBe(false);
  });

  it('reads autonomous mode from skills, even an empty list', () => {
    const a = analyze(folder({ metadata: { ...metadata, skills: [] }, settings }));
    expect(a.agents[0]!.extras!['mode']).toBe('autonomous');
  });

  it('warns when tools and skills are both given, and when tools is empty', () => {
    const text = json({ metadata: { ...metadata, tools: [], skills: [] }, settings });
    const a = analyze({ 'a/tsagent.json': text, 'a/prompt.md': 'x' });
    expect(a.diagnostics.map((d) => [d.code, d.from])).toEqual([
      ['tsagent-mode-conflict', span(text, '"tools"')[0]],
      ['tsagent-mode-conflict', span(text, '"skills"')[0]],
    ]);
  });

  it('reports a placeholder that is neither {name} nor a parameter, at the placeholder', () => {
    const tool = { ...bookFlight, prompt: 'Fly {name} to {destination}, {seat} and {seat}.' };
    const text = json({ metadata: { ...metadata, tools: [tool] }, settings });
    const a = analyze({ 'a/tsagent.json': text, 'a/prompt.md': 'x' });
    expect(a.diagnostics.map((d) => [d.code, d.severity, d.from, d.to])).toEqual([
      ['tsagent-unknown-placeholder', 'error', ...span(text, '{seat}')],
      ['tsagent-unknown-placeholder', 'error', ...span(text, '{seat}', 1)],
    ]);
  });

  it('requires parameters to be a JSON Schema object', () => {
    for (const parameters of [{ type: 'string' }, ['x'], { properties: {} }]) {
      const tool = { ...bookFlight, parameters, prompt: 'Go.' };
      const text = json({ metadata: { ...metadata, tools: [tool] }, settings });
      const a = analyze({ 'a/tsagent.json': text, 'a/prompt.md': 'x' });
      expect(codes(a), JSON.stringify(parameters)).toEqual(['tsagent-tool-parameters']);
      expect(a.agents[0]!.extras!['mcpTools']).toEqual([]);
    }
    const tool = {
      ...bookFlight,
      parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['nope'] },
      prompt: 'Go.',
    };
    const text = json({ metadata: { ...metadata, tools: [tool] }, settings });
    const a = analyze({ 'a/tsagent.json': text, 'a/prompt.md': 'x' });
    expect(a.diagnostics.map((d) => [d.code, d.from])).toEqual([
      ['tsagent-name-parameter', span(text, '"name"', 2)[0]],
      ['tsagent-tool-parameters', span(text, '"nope"')[0]],
    ]);
  });

  it('reports a second tool with the same name at its name', () => {
    const text = json({ metadata: { ...metadata, tools: [bookFlight, bookFlight] }, settings });
    const a = analyze({ 'a/tsagent.json': text, 'a/prompt.md': 'x' });
    expect(a.diagnostics.map((d) => [d.code, d.severity, d.from])).toEqual([
      ['tsagent-duplicate-name', 'error', span(text, '"book_flight"', 1)[0]],
    ]);
  });

  it('notes servers whose every tool needs approval in a tools agent', () => {
    const text = json({
      metadata: { ...metadata, tools: [bookFlight] },
      settings,
      mcpServers: {
        locked: { type: 'stdio', command: 'x', toolPermissionRequired: { serverDefault: true } },
        open: {
          type: 'stdio',
          command: 'y',
          toolPermissionRequired: { serverDefault: true, tools: { read: false } },
        },
      },
    });
    const a = analyze({ 'a/tsagent.json': text, 'a/prompt.md': 'x' });
    expect(a.diagnostics.map((d) => [d.code, d.severity, d.from])).toEqual([
      ['tsagent-approval-required', 'info', span(text, 'true')[0]],
    ]);
  });

  it('checks each server transport and its fields', () => {
    const text = json({
      metadata,
      settings,
      mcpServers: {
        a: { type: 'http', url: 'u' },
        b: { type: 'sse' },
        c: { type: 'stdio', command: 'x', args: 'y' },
      },
    });
    const a = analyze({ 'a/tsagent.json': text, 'a/prompt.md': 'x' });
    expect(a.diagnostics.map((d) => [d.code, d.from])).toEqual([
      ['invalid-value', span(text, '"http"')[0]],
      ['missing-field', span(text, '"b"')[0]],
      ['invalid-value', span(text, '"y"')[0]],
    ]);
    expect((a.agents[0]!.data['config'] as Record<string, unknown>)['servers']).toEqual([]);
  });
});

describe('single YAML file', () => {
  const yaml = (body: string) =>
    `metadata:\n  name: Y\n  created: "2025"\n  lastAccessed: "2025"\n${body}settings:\n  maxChatTurns: 20\n  model: gemini:flash\nsystemPrompt: Be kind.\n`;

  it('compiles rules and references given inline', () => {
    const text =
      yaml('  autonomous: true\n') +
      'rules:\n  - name: r\n    text: Rule.\n    include: always\n    priorityLevel: 5\nreferences: []\nmcpServers: {}\n';
    const result = checkLoadSet({ 'agents/y.yaml': text });
    expect(result.diagnostics).toEqual([]);
    const agent = result.agents[0]!;
    expect(agent.format).toBe('tsagent');
    expect(agent.extras!['mode']).toBe('autonomous');
    expect((agent.data['config'] as Record<string, unknown>)['instruction']).toBe(
      'Be kind.\n\nRule.',
    );
  });

  it('wants numbers in settings and args on stdio servers', () => {
    const text = yaml('') + 'mcpServers:\n  fs:\n    type: stdio\n    command: npx\n';
    const bad = text.replace('maxChatTurns: 20', 'maxChatTurns: "20"');
    const a = analyze({ 'y.yaml': bad }, 'y.yaml');
    expect(a.diagnostics.map((d) => [d.code, d.from, d.to])).toEqual([
      ['invalid-value', ...span(bad, '"20"')],
      ['missing-field', ...span(bad, 'fs')],
    ]);
  });

  it('notes that skills without autonomous make an interactive agent', () => {
    const text = yaml(
      '  skills:\n    - id: s\n      name: S\n      description: d\n      tags: []\n',
    );
    const a = analyze({ 'y.yaml': text }, 'y.yaml');
    expect(a.diagnostics.map((d) => [d.code, d.severity, d.from])).toEqual([
      ['tsagent-mode-conflict', 'info', span(text, 'skills')[0]],
    ]);
    expect(a.agents[0]!.extras!['mode']).toBe('interactive');
  });

  it('reports YAML syntax errors and duplicate keys with the generic codes', () => {
    expect(codes(analyze({ 'y.yaml': yaml('') + 'rules: [\n' }, 'y.yaml'))).toContain(
      'yaml-syntax',
    );
    const dup = yaml('') + 'systemPrompt: again\n';
    const a = analyze({ 'y.yaml': dup }, 'y.yaml');
    expect(a.diagnostics.map((d) => [d.code, d.from])).toEqual([
      ['duplicate-key', span(dup, 'systemPrompt', 1)[0]],
    ]);
  });

  it('keeps positions true after inline embeddings are skipped by the fast path', () => {
    const numbers = Array.from({ length: 40 }, (_, i) => (i / 7 - 2).toPrecision(12)).join(', ');
    const text =
      yaml('') +
      `rules:\n  - name: r\n    text: Rule.\n    embeddings:\n      - [ ${numbers} ]\n      - [ ${numbers} ]\n    include: sometimes\n`;
    const a = analyze({ 'y.yaml': text }, 'y.yaml');
    expect(a.diagnostics.map((d) => [d.code, d.from, d.to])).toEqual([
      ['invalid-value', ...span(text, 'sometimes')],
    ]);
    expect(a.agents[0]!.extras!['embeddingNumbersSkipped']).toBe(80);
  });

  it('falls back to a full parse when a number list sits inside a string', () => {
    const numbers = Array.from({ length: 20 }, (_, i) => i).join(', ');
    const text =
      yaml('') + `references:\n  - name: n\n    text: "[${numbers}]"\n    include: always\n`;
    const result = checkLoadSet({ 'y.yaml': text });
    expect(result.diagnostics).toEqual([]);
    expect((result.agents[0]!.data['config'] as Record<string, unknown>)['instruction']).toBe(
      `Be kind.\n\n[${numbers}]`,
    );
    expect(result.agents[0]!.extras!['embeddingNumbersSkipped']).toBeUndefined();
  });
});
