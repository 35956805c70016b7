/**
 * What `npm run test:quick` (scripts/test-quick.js) runs for a list of changed files: pure, so its
 * choices are tested without running anything.
 */
import { directTests } from './direct-tests.js';

/**
 * A command from node_modules/.bin with its arguments.
 * @typedef {{ name: string, command: string, args: string[], env?: Record<string, string> }} Step
 */

/**
 * The fuzz tests' input counts in the quick loop: a tenth of `npm test`'s (tests/fuzz/*.test.ts).
 * The CEL fuzz keeps its 24: fewer may draw no hostile expression, which that test refuses.
 */
export const QUICK_FUZZ_COUNTS = Object.freeze({
  FUZZ_COUNT: '1000',
  AFM_FUZZ_COUNT: '80',
  A2A_FUZZ_COUNT: '200',
  TSAGENT_FUZZ_COUNT: '40',
  JSON_FUZZ_COUNT: '30',
  OAS_FUZZ_COUNT: '100',
});

const LINTED = /\.(js|mjs|cjs|ts|svelte)$/;
const TYPED = /\.(ts|svelte)$|^tsconfig.*\.json$/;
const MODULE = /\.(js|mjs|ts|svelte)$/;
/** Sources the command line is built from (tsconfig.cli.json), and its bin. */
const CLI_SOURCES = /^(src\/(core|cli|markdown)\/|bin\/|tsconfig\.cli\.json$)/;

/**
 * The steps for `changed` (paths from the repository's root): `style` (formatting, then lint) and
 * `types` run side by side, `tests` after them. `tests` is null when no test relates to a change.
 * @param {string[]} changed
 * @param {Record<string, string | undefined>} env the environment (a fuzz count set there wins)
 * @param {{ imports: Map<string, string[]>, cliTests: string[], goldenTests: string[], docTests: string[] }} testFiles
 *   every test file with the files it imports (direct-tests.js), the CLI tests (run when the CLI's
 *   sources change), the golden and conformance tests (run when a fixture changes) and the tests of
 *   the docs (run when the README or docs/ change)
 * @returns {{ style: Step[], types: Step[], tests: Step | null }}
 */
export function quickPlan(changed, env, testFiles) {
  /** @type {Step[]} */
  const style = [
    { name: 'formatting', command: 'prettier', args: ['--check', '--ignore-unknown', ...changed] },
  ];
  const linted = changed.filter((f) => LINTED.test(f));
  if (linted.length > 0) {
    style.push({
      name: 'lint',
      command: 'eslint',
      args: ['--max-warnings', '0', '--no-warn-ignored', ...linted],
    });
  }
  /** @type {Step[]} */
  const types = changed.some((f) => TYPED.test(f))
    ? [
        {
          name: 'type check',
          command: 'svelte-check',
          args: ['--incremental', '--tsconfig', './tsconfig.json', '--fail-on-warnings'],
        },
      ]
    : [];

  const cliChanged = changed.some((f) => CLI_SOURCES.test(f));
  const related = new Set(
    directTests(
      changed.filter((f) => MODULE.test(f)),
      testFiles.imports,
    ),
  );
  if (cliChanged) for (const f of testFiles.cliTests) related.add(f);
  if (changed.some((f) => f.startsWith('tests/fixtures/'))) {
    for (const f of testFiles.goldenTests) related.add(f);
  }
  if (changed.some((f) => f === 'README.md' || (f.startsWith('docs/') && f.endsWith('.md')))) {
    for (const f of testFiles.docTests) related.add(f);
  }
  if (related.size === 0) return { style, types, tests: null };

  /** @type {Record<string, string>} */
  const testEnv = {};
  for (const [name, count] of Object.entries(QUICK_FUZZ_COUNTS)) {
    if (env[name] === undefined) testEnv[name] = count;
  }
  // The CLI tests run the built bin: build it (vitest's global setup) only when its sources changed.
  if (!cliChanged) testEnv['AGENTCARD_CLI_BUILT'] = '1';
  return {
    style,
    types,
    tests: {
      name: 'unit tests',
      command: 'vitest',
      args: ['run', '--passWithNoTests', ...related],
      env: testEnv,
    },
  };
}
