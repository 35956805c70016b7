import { describe, expect, it } from 'vitest';
import { checkLoadSet } from '../core/index.ts';
import { diagnosticFilter, unknownAgentName } from './diagnostic-filter.ts';

const TEAM = {
  'lead.md': '---\ntype: chain\nname: lead\nsequence: [planner, critic, stranger]\n---\n',
};

describe('diagnosticFilter', () => {
  const { diagnostics } = checkLoadSet(TEAM, { profile: 'fast-agent' });
  const unknown = diagnostics.filter((d) => d.code === 'unknown-agent-ref');

  it('finds the core reporting each unknown agent by name (the wording the filter reads)', () => {
    expect(unknown.map((d) => d.message.split("'")[1])).toEqual(['planner', 'critic', 'stranger']);
  });

  it('drops unknown-agent-ref only for the agents declared elsewhere', () => {
    const keep = diagnosticFilter({ hide: [], agents: ['planner', 'critic'] })!;
    expect(diagnostics.filter(keep).filter((d) => d.code === 'unknown-agent-ref')).toHaveLength(1);
    expect(diagnostics.filter(keep).length).toBe(diagnostics.length - 2);
  });

  it('drops every diagnostic of a hidden code', () => {
    const keep = diagnosticFilter({ hide: ['unknown-agent-ref'], agents: [] })!;
    expect(diagnostics.filter(keep).some((d) => d.code === 'unknown-agent-ref')).toBe(false);
    expect(diagnostics.filter(keep).length).toBe(diagnostics.length - unknown.length);
  });

  it('names the agent of each unknown-agent-ref and of no other diagnostic', () => {
    expect(diagnostics.map(unknownAgentName).filter(Boolean)).toEqual([
      'planner',
      'critic',
      'stranger',
    ]);
    expect(
      unknownAgentName({ code: 'unknown-field', message: "'x' is not an agent of the load-set" }),
    ).toBe(undefined);
  });

  it('is undefined when there is nothing to drop', () => {
    expect(diagnosticFilter({ hide: [], agents: [] })).toBeUndefined();
  });
});
