import { describe, expect, it } from 'vitest';
import { QUICK_FUZZ_COUNTS, quickPlan } from './quick-plan.js';

const FILES = {
  imports: new Map([
    ['src/app/app-state.test.ts', ['src/app/App.svelte']],
    ['src/core/index.test.ts', ['src/core/index.ts']],
    ['tests/fuzz/core-fuzz.test.ts', ['src/core/index.ts']],
    ['tests/cli/cli.test.ts', []],
    ['tests/golden/golden.test.ts', []],
    ['tests/unit/doc-links.test.ts', []],
  ]),
  cliTests: ['tests/cli/cli.test.ts'],
  goldenTests: ['tests/golden/golden.test.ts'],
  docTests: ['tests/unit/doc-links.test.ts'],
};
const names = (steps) => steps.map((s) => s.name);

describe('quickPlan', () => {
  it('formats, lints and type-checks a changed component and runs the tests that import it', () => {
    const plan = quickPlan(['src/app/App.svelte'], {}, FILES);
    expect(names(plan.style)).toEqual(['formatting', 'lint']);
    expect(plan.style[1]?.args).toContain('src/app/App.svelte');
    expect(names(plan.types)).toEqual(['type check']);
    expect(plan.types[0]?.args).toContain('--incremental');
    expect(plan.tests?.args).toEqual(['run', '--passWithNoTests', 'src/app/app-state.test.ts']);
    expect(plan.tests?.env).toMatchObject({ AGENTCARD_CLI_BUILT: '1', ...QUICK_FUZZ_COUNTS });
  });

  it('adds the CLI tests, on a fresh build, when the core changes', () => {
    const plan = quickPlan(['src/core/index.ts'], {}, FILES);
    expect(plan.tests?.args).toEqual([
      'run',
      '--passWithNoTests',
      'src/core/index.test.ts',
      'tests/fuzz/core-fuzz.test.ts',
      'tests/cli/cli.test.ts',
    ]);
    expect(plan.tests?.env).not.toHaveProperty('AGENTCARD_CLI_BUILT');
  });

  it('runs the golden tests for a changed fixture and the docs tests for a changed doc', () => {
    const plan = quickPlan(['tests/fixtures/x/card.md', 'docs/cli.md'], {}, FILES);
    expect(plan.tests?.args).toEqual([
      'run',
      '--passWithNoTests',
      'tests/golden/golden.test.ts',
      'tests/unit/doc-links.test.ts',
    ]);
    expect(plan.style.map((s) => s.name)).toEqual(['formatting']);
    expect(plan.types).toEqual([]);
  });

  it('keeps a fuzz count set in the environment', () => {
    const plan = quickPlan(['tests/fuzz/core-fuzz.test.ts'], { FUZZ_COUNT: '5' }, FILES);
    expect(plan.tests?.env).not.toHaveProperty('FUZZ_COUNT');
    expect(plan.tests?.env).toHaveProperty('AFM_FUZZ_COUNT', QUICK_FUZZ_COUNTS.AFM_FUZZ_COUNT);
  });

  it('runs no tests when only a picture changed, but still checks its formatting', () => {
    const plan = quickPlan(['docs/screenshots/a.png'], {}, FILES);
    expect(plan.tests).toBeNull();
    expect(names(plan.style)).toEqual(['formatting']);
  });
});
