import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../../src/app/examples.ts';
import { defaultAgentConfig } from '../../src/core/model/agent-data.ts';
import { checkLoadSet, engagementSkeleton, evaluateEngagement } from '../../src/core/index.ts';

describe('the Examples menu', () => {
  for (const example of EXAMPLES) {
    it(`${example.id}: opens with only the problems it means to show, and defines agents`, () => {
      const result = checkLoadSet(example.files);
      expect(result.diagnostics.map((d) => d.code).sort()).toEqual(example.shows);
      expect(result.cards.length).toBeGreaterThan(0);
      expect(Object.hasOwn(example.files, example.active)).toBe(true);
    });
  }

  it('evaluates the sample Engagement of every OpenAgentSpec agent without errors', () => {
    const specs = EXAMPLES.flatMap((e) => checkLoadSet(e.files).compiled).filter(
      (a) => a.format === 'openagentspec',
    );
    expect(specs).not.toEqual([]);
    for (const agent of specs) {
      const { engagementError, results } = evaluateEngagement(
        agent.extras,
        engagementSkeleton(agent.extras),
      );
      expect(engagementError).toBeNull();
      expect(results.filter((r) => !r.ok)).toEqual([]);
    }
  });

  it('shows every format the checker reads', () => {
    const formats = new Set(
      EXAMPLES.flatMap((e) => checkLoadSet(e.files).cards.map((c) => c.format)),
    );
    expect([...formats].sort()).toEqual(['a2a', 'afm', 'agentcard', 'openagentspec', 'tsagent']);
  });
  it('gives every format the same config keys', () => {
    const keys = Object.keys(defaultAgentConfig('x')).sort();
    for (const example of EXAMPLES)
      for (const agent of checkLoadSet(example.files).compiled)
        for (const key of keys)
          expect(Object.hasOwn(agent.data['config'] as object, key), `${example.id} ${key}`).toBe(
            true,
          );
  });
});
