/**
 * ESLint (flat config), run by `npm run lint` and by `npm test` with zero warnings allowed.
 *
 * - JavaScript: ESLint's recommended rules.
 * - TypeScript and Svelte: typescript-eslint's recommended rules with type information (one program
 *   for tsconfig.json, which includes src, tests and the config files), so rules such as
 *   no-floating-promises and no-misused-promises see the types. Svelte components are parsed by
 *   svelte-eslint-parser with the TypeScript parser for their scripts. One program for the project
 *   (`parserOptions.project`) lints in two thirds of the time the project service takes here.
 * - Plain .js and .mjs files are not in any tsconfig, so they are linted without type information.
 */
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

/** An import path pattern: `path` (a folder or file below `src/core/`) reached by any `../` prefix. */
const core = (path) => `^(\\.\\./)+${path.replaceAll('.', '\\.')}(/|$)`;

/**
 * The core's layers, kept by `no-restricted-imports` (type imports too). From the bottom: `model/` (the
 * agent model, diagnostics' read hook) and `text/` and `json/` (source utilities) → `formats/<id>/` (each
 * format alone: the model, text and the format contract; never another format or the pipeline) →
 * `load-set/` (the pipeline) → the top (`index.ts`, `graph/`, `schemas/`, fix-all). The whole core imports
 * nothing outside it (the app, the command line, the plugins, the permalink codec), no Node module and no
 * browser or Node global. `tests/lint/layers.test.ts` plants a violation of each and sees the rule fail.
 */
function coreLayers() {
  const outside = {
    regex: '^(\\.\\./)+(app|cli|markdown|embed|permalink)(/|$)',
    message: 'The core imports nothing outside src/core: it runs alone in a worker and under Node.',
  };
  const node = { regex: '^node:', message: 'The core is pure TypeScript: no Node API.' };
  // The top: the public surface, the graph, schema generation and editor fields, fix-all. (A format's
  // `json-schema.ts` uses schemas/' conversion helpers, which import no format.)
  const top = (layer) => ({
    regex: `${core('graph')}|(generate-schemas|schema-fields|fix-all)\\.ts$|^(\\.\\./)+index\\.ts$`,
    message: `${layer} is below the top of the core (index.ts, graph/, schema generation, fix-all).`,
  });
  const pipeline = (layer) => ({
    regex: core('load-set'),
    message: `${layer} is below the pipeline (load-set/).`,
  });
  const restrict = (files, ...patterns) => ({
    files,
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [outside, node, ...patterns] }] },
  });
  return [
    {
      files: ['src/core/**/*.ts'],
      ignores: ['**/*.test.ts'],
      rules: {
        'no-restricted-globals': [
          'error',
          ...['document', 'window', 'self', 'process'].map((name) => ({
            name,
            message:
              'The core runs in the page, a worker and Node alike: it is given what it needs.',
          })),
        ],
      },
    },
    restrict(['src/core/**/*.ts']),
    restrict(
      ['src/core/model/**/*.ts', 'src/core/text/**/*.ts', 'src/core/json/**/*.ts'],
      top('The model and text layer'),
      pipeline('The model and text layer'),
      {
        regex: core('formats'),
        message: 'The model and text layer is below the formats.',
      },
    ),
    restrict(
      ['src/core/formats/*/**/*.ts'],
      top('A format'),
      pipeline('A format'),
      {
        // A sibling folder of formats/ is another format; formats/*.ts are the contract and the lists.
        regex: '^\\.\\./(?!\\.\\.)[^/]+/',
        message: 'A format imports no other format: what they share lives in model/ or text/.',
      },
      {
        regex: '^\\.\\./(registry|format-records|lazy-formats|convert)\\.ts$',
        message: 'A format does not import the lists of formats (they import it).',
      },
    ),
    restrict(['src/core/load-set/**/*.ts'], top('The pipeline')),
  ];
}

export default defineConfig(
  globalIgnores([
    'dist/',
    'dist-cli/',
    'dist-bench/',
    'test-results/',
    'playwright-report/',
    'coverage/',
    'public/schemas/',
    'node_modules/',
    '.svelte-check/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  svelte.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        project: ['./tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: {
      reportUnusedDisableDirectives: 'error',
    },
    rules: {
      // The code drops keys from an object with `const { key: _key, ...rest } = value`: a name
      // starting with `_` marks a binding that is unused on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // A caught error or another promise's rejection reason (typed `unknown`) is passed on as is.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // Off: `async` methods without `await` implement Promise-returning contracts (the in-memory
      // store, test fakes), where `async` turns a throw into the rejection callers expect.
      // no-floating-promises and no-misused-promises catch the promise mistakes that matter.
      '@typescript-eslint/require-await': 'off',
      // Off: every regular expression here that names a control character does so on purpose
      // (JSON string rules, file-name and path checks, visible-control markers, terminal escapes).
      'no-control-regex': 'off',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: {
        parser: tseslint.parser,
        extraFileExtensions: ['.svelte'],
        svelteConfig,
      },
    },
  },
  {
    // The source reads as a manual: no function over 60 lines (comments and blank lines count) unless a
    // reason is written beside it (`// eslint-disable-next-line max-lines-per-function -- why`).
    files: ['src/**/*.ts', 'src/**/*.svelte'],
    ignores: ['**/*.test.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 60 }],
    },
  },
  ...coreLayers(),
  {
    // Tests read values typed `any` on purpose: the CLI's `--json` output through JSON.parse, and
    // what page.evaluate returns in a browser. Their shape is what the test checks with expect(),
    // so typing each read first would only restate the assertion.
    files: ['tests/**', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter, which must be an object
    // pattern even when the fixture needs none: `async ({}, use) => ...`.
    files: ['tests/e2e/**'],
    rules: {
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
