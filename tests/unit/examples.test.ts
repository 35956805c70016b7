import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../../src/app/examples.ts';
import { defaultAgentConfig } from '../../src/core/agentcard/compile-card.ts';
import { checkLoadSet, engagementSkeleton, evaluateEngagement } from '../../src/core/index.ts';

/**
 * The problems each example means to show, as `[file, code]`, in the order the Problems panel lists them:
 * the PMO example keeps the RFC's own YAML error; bundles show fast-agent's portability warnings; the AFM
 * and OpenAgentSpec examples show a note each. Anything else an example shows is a bug in it.
 */
const MEANT: Record<string, Array<[string, string]>> = {
  'md-card': [],
  'yaml-bundle': [['agents.yaml', 'portability']],
  'md-bundle': [['agents.md', 'portability']],
  chain: [
    ['post_writer.md', 'portability'],
    ['post_writer.md', 'portability'],
  ],
  history: [
    ['support.md', 'portability'],
    ['support.md', 'portability'],
  ],
  pmo: [
    ['PMO-orchestrator.md', 'yaml-syntax'],
    ['PMO-orchestrator.md', 'portability'],
    ['PMO-orchestrator.md', 'portability'],
  ],
  afm: [['unit_converter.afm.md', 'afm-variable']],
  openagentspec: [['page-reader.yaml', 'oas-name-rule']],
  tsagent: [],
  a2a: [],
};

describe('the Examples menu', () => {
  it('lists the problems each example means to show for every example', () => {
    expect(EXAMPLES.map((e) => e.id).sort()).toEqual(Object.keys(MEANT).sort());
  });

  for (const example of EXAMPLES) {
    it(`${example.id}: opens with only the problems it means to show, and defines agents`, () => {
      const result = checkLoadSet(example.files);
      expect(result.diagnostics.map((d) => [d.file, d.code])).toEqual(MEANT[example.id]);
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
