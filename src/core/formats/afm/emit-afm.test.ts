import { describe, expect, it } from 'vitest';
import { checkLoadSet, type CheckResult } from '../../load-set/check-load-set.ts';
import { convertAgent } from '../convert.ts';
import { systemPrompt } from './compile-afm.ts';

const CARD = `---
type: agent
name: helper
description: Answers questions
model: openai.gpt-4o
servers:
  - fetch
  - docs
tools:
  fetch: [get]
request_params:
  max_iterations: 7
---
Answer briefly.
Cite \${env:SOURCE}.
`;
const CONFIG = `mcp:
  servers:
    fetch:
      command: uvx
      args: [mcp-server-fetch]
    docs:
      transport: http
      url: https://docs.example/mcp
      headers:
        Authorization: Bearer \${DOCS_TOKEN}
`;

const AFM = `---
spec_version: "0.3.0"
name: Researcher
description: Finds sources
version: 1.2.0
license: MIT
model:
  provider: anthropic
  name: claude-x
  authentication:
    type: api-key
    api_key: \${env:KEY}
max_iterations: 12
interfaces:
  - type: webchat
    exposure:
      http:
        path: /r
tools:
  mcp:
    - name: search
      transport:
        type: http
        url: https://search.example/mcp
        authentication:
          type: bearer
          token: \${env:SEARCH_TOKEN}
      tool_filter:
        allow: [query]
        deny: [delete]
    - name: files
      transport:
        type: stdio
        command: npx
        args: [-y, server-files, "\${env:DIR}"]
---

# Role

You research questions.

# Instructions

- Search first.
- Cite \${env:STYLE} sources.
`;

function errors(result: CheckResult): string[] {
  return result.diagnostics
    .filter((d) => d.severity !== 'info')
    .map((d) => `${d.code} ${d.message}`);
}

function config(result: CheckResult): Record<string, unknown> {
  return result.compiled[0]!.data['config'] as Record<string, unknown>;
}

const SHARED = ['name', 'description', 'model', 'servers', 'tools', 'server_configs', 'skills'];

describe('AgentCard → AFM → AgentCard', () => {
  const source = checkLoadSet({ 'helper.md': CARD, 'fastagent.config.yaml': CONFIG });
  const card = source.agents[0]!;
  const toAfm = convertAgent(card, 'afm');
  const afmPath = Object.keys(toAfm.files)[0]!;
  const afmCheck = checkLoadSet(toAfm.files);
  const back = convertAgent(afmCheck.agents[0]!, 'agentcard');
  const backCheck = checkLoadSet(back.files);

  it('writes an AFM file that checks without errors or warnings', () => {
    expect(errors(source)).toEqual([]);
    expect(afmPath).toBe('helper.afm.md');
    expect(errors(afmCheck)).toEqual([]);
    expect(afmCheck.agents[0]!.format).toBe('afm');
  });

  it('writes an AgentCard (and its server config) that checks without errors or warnings', () => {
    expect(Object.keys(back.files).sort()).toEqual(['fastagent.config.yaml', 'helper.md']);
    expect(errors(backCheck)).toEqual([]);
    expect(backCheck.agents[0]!.format).toBe('agentcard');
  });

  it('keeps every field both formats express', () => {
    const before = config(source);
    const after = config(backCheck);
    for (const field of SHARED) expect(after[field], field).toEqual(before[field]);
    expect((after['default_request_params'] as Record<string, unknown>)['max_iterations']).toBe(7);
  });

  it('wraps the instruction in Role / Instructions sections and says so in lost', () => {
    expect(config(backCheck)['instruction']).toBe(
      systemPrompt('Answers questions', String(config(source)['instruction'])),
    );
    expect(toAfm.lost.map((l) => l.field)).toContain('instruction');
  });

  it('copies variables as written', () => {
    expect(toAfm.files[afmPath]).toContain('${env:SOURCE}');
    expect(toAfm.files[afmPath]).toContain('${DOCS_TOKEN}');
  });
});

describe('AFM → AgentCard → AFM', () => {
  const source = checkLoadSet({ 'researcher.afm.md': AFM });
  const toCard = convertAgent(source.agents[0]!, 'agentcard');
  const cardCheck = checkLoadSet(toCard.files);
  const again = convertAgent(cardCheck.agents[0]!, 'afm');
  const againCheck = checkLoadSet(again.files);

  it('checks clean at every step', () => {
    expect(errors(source)).toEqual([]);
    expect(errors(cardCheck)).toEqual([]);
    expect(errors(againCheck)).toEqual([]);
  });

  it('keeps the whole compiled config, the Role / Instructions split included', () => {
    expect(config(cardCheck)['instruction']).toBe(config(source)['instruction']);
    expect(config(againCheck)).toEqual(config(source));
  });

  it('lists what AgentCard cannot express', () => {
    const fields = toCard.lost.map((l) => l.field);
    for (const f of [
      'version',
      'license',
      'interfaces',
      'model.authentication',
      'tools.mcp.search.tool_filter.deny',
    ])
      expect(fields).toContain(f);
    expect(fields).not.toContain('variables');
  });
});

describe('emitting AFM', () => {
  it('lists every AgentCard field AFM cannot express', () => {
    const card = `---\ntype: agent\nname: a\nhuman_input: true\nuse_history: false\nshell: true\nrequest_params:\n  temperature: 0.2\n---\nHi\n`;
    const result = checkLoadSet({ 'a.md': card });
    const { lost, files } = convertAgent(result.compiled[0]!, 'afm');
    const fields = lost.map((l) => l.field);
    for (const f of ['human_input', 'use_history', 'shell', 'request_params.temperature'])
      expect(fields).toContain(f);
    expect(errors(checkLoadSet(files))).toEqual([]);
  });

  it('writes a workflow as a plain agent and says so', () => {
    const files = {
      'w.md': `---\ntype: chain\nname: w\nsequence: [a]\n---\n`,
      'a.md': `---\ntype: agent\nname: a\n---\nDo.\n`,
    };
    const chain = checkLoadSet(files).agents.find((a) => a.name === 'w')!;
    const { lost, files: out } = convertAgent(chain, 'afm');
    expect(lost.map((l) => l.field)).toEqual(expect.arrayContaining(['type', 'sequence']));
    expect(errors(checkLoadSet(out))).toEqual([]);
  });

  it('migrates a draft-shape file to the current shape', () => {
    const draft = `---\nname: Old\nnamespace: edu\ninterface:\n  type: service\n  exposure:\n    http:\n      path: /old\ntools:\n  mcp:\n    servers:\n      - name: gh\n        transport:\n          type: http_sse\n          url: https://gh\n      - name: fs\n        transport:\n          type: stdio\n          command: npx -y fs-server\n---\n# Role\nR\n# Instructions\nI\n`;
    const source = checkLoadSet({ 'old.afm.md': draft });
    const { files, lost } = convertAgent(source.agents[0]!, 'afm');
    const text = Object.values(files)[0]!;
    const check = checkLoadSet(files);
    expect(errors(check)).toEqual([]);
    expect(check.cards[0]!.shape).toMatch(/current/);
    expect(text).toContain('type: webchat');
    expect(lost.map((l) => l.field)).toEqual(
      expect.arrayContaining(['namespace', 'interfaces[0].type', 'servers.gh.transport']),
    );
    const before = config(source)['server_configs'] as Record<string, Record<string, unknown>>;
    const after = config(check)['server_configs'] as Record<string, Record<string, unknown>>;
    expect(before['gh']).toEqual({ transport: 'sse', url: 'https://gh' });
    expect(after['gh']).toEqual({ transport: 'http', url: 'https://gh' });
    expect(after['fs']).toEqual({ command: 'npx', args: ['-y', 'fs-server'] });
    expect(after['fs']).toEqual(before['fs']);
  });
});
