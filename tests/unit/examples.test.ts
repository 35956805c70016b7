import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../../src/app/examples.ts';
import { defaultAgentConfig } from '../../src/core/agentcard/compile-card.ts';
import { checkLoadSet } from '../../src/core/index.ts';

// The PMO example keeps the RFC's own YAML error on purpose; every other example must check clean.
const WITH_ERRORS = new Set(['pmo']);

describe('the Examples menu', () => {
  for (const example of EXAMPLES) {
    it(`${example.id}: ${WITH_ERRORS.has(example.id) ? 'has its known error' : 'checks without errors'} and defines agents`, () => {
      const result = checkLoadSet(example.files);
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      if (WITH_ERRORS.has(example.id)) expect(errors).not.toEqual([]);
      else expect(errors).toEqual([]);
      expect(result.cards.length).toBeGreaterThan(0);
      expect(Object.hasOwn(example.files, example.active)).toBe(true);
    });
  }

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
