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
