import { describe, expect, it } from 'vitest';
import { checkLoadSet } from '../../load-set/check-load-set.ts';
import { convertAgent } from '../convert.ts';
import { emitAgentCard } from './emit-agentcard.ts';

function errors(files: Record<string, string>): string[] {
  return checkLoadSet(files)
    .diagnostics.filter((d) => d.severity !== 'info')
    .map((d) => `${d.file} ${d.code}`);
}

describe('emitting AgentCards', () => {
  it('writes a workflow with its fields and keeps its compiled data', () => {
    const files = {
      'flow.md': `---\ntype: chain\nname: flow\nsequence: [a, b]\ncumulative: true\ndescription: Two steps\n---\n`,
      'a.md': `---\ntype: agent\nname: a\nuse_history: false\nhuman_input: true\n---\nFirst.\n`,
      'b.md': `---\ntype: agent\nname: b\nrequest_params:\n  temperature: 0.5\n---\nSecond.\n`,
    };
    const source = checkLoadSet(files);
    const out: Record<string, string> = {};
    for (const agent of source.agents) {
      const { files: written, lost } = convertAgent(agent, 'agentcard');
      expect(lost).toEqual([]);
      Object.assign(out, written);
    }
    expect(Object.keys(out).sort()).toEqual(['a.md', 'b.md', 'flow.md']);
    expect(errors(out)).toEqual([]);
    const again = checkLoadSet(out);
    for (const agent of source.agents) {
      const twin = again.agents.find((a) => a.name === agent.name)!;
      expect(twin.data).toEqual(agent.data);
    }
  });

  it("lists another format's extras as lost, never dropping them silently", () => {
    const { lost, files } = emitAgentCard(
      {
        name: 'x',
        format: 'a2a',
        data: { config: { name: 'x', instruction: 'Hi' }, type: 'basic', schema_version: 1 },
        extras: { skills: [], capabilities: { streaming: true } },
      },
      { baseName: 'x' },
    );
    expect(lost.map((l) => l.field)).toEqual(['skills', 'capabilities']);
    expect(errors(files)).toEqual([]);
  });

  it('keeps an instruction with boundary-like lines in the instruction field', () => {
    const { files } = emitAgentCard(
      {
        name: 'x',
        format: 'afm',
        data: {
          config: { name: 'x', instruction: 'Before\n---\ntype: agent\n---\nAfter' },
          type: 'basic',
        },
      },
      {},
    );
    const result = checkLoadSet(files);
    expect(result.agents).toHaveLength(1);
    expect((result.agents[0]!.data['config'] as Record<string, unknown>)['instruction']).toBe(
      'Before\n---\ntype: agent\n---\nAfter',
    );
  });
});
