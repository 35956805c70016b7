/** Which test files vitest runs, and how (vite.config.ts). */

/** Every unit, conformance, golden, fuzz and CLI test file, and the tests of `npm test`'s runner. */
export const UNIT_TESTS = [
  'src/**/*.test.ts',
  'tests/unit/**/*.test.ts',
  'tests/conformance/**/*.test.ts',
  'tests/golden/**/*.test.ts',
  'tests/fuzz/**/*.test.ts',
  'tests/cli/**/*.test.ts',
  'scripts/**/*.test.js',
];
/**
 * Test files that mock modules, stub globals, spy or fake timers, or that watch a module load for the first
 * time: each runs with a module graph of its own (a module another file imported first cannot be mocked any
 * more, nor load for the first time again). A new such file belongs here; a
 * check in tests/unit/test-files.test.ts says which are missing.
 */
export const ISOLATED = [
  'src/app/analysis/analysis-client.test.ts',
  'src/app/editor/language-loader.test.ts',
  'src/app/editor/schema-assist-loader.test.ts',
  'src/app/engagement/cel-evaluator.test.ts',
  'src/app/offline/when-quiet.test.ts',
  'src/app/help/reference-added-field.test.ts',
  'src/app/state/analysis-state.test.ts',
  'src/app/state/persistence.test.ts',
  'src/app/storage/autosave.test.ts',
  'src/app/storage/download.test.ts',
  'src/app/storage/indexeddb-store.test.ts',
  'src/app/storage/tab-sync.test.ts',
  'src/app/storage/workspace-store.test.ts',
  'src/core/formats/afm/frontmatter-schema.test.ts',
  'src/embed/auto-height.test.ts',
  'src/core/formats/openagentspec/spec-schema.test.ts',
  'tests/fuzz/cel-evaluation-fuzz.test.ts',
  'scripts/test-all/run-command.test.js',
  'scripts/test-all/run-guard.test.js',
];
