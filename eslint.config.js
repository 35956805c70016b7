/**
 * ESLint (flat config), run by `npm run lint` and by `npm test` with zero warnings allowed.
 *
 * - JavaScript: ESLint's recommended rules.
 * - TypeScript and Svelte: typescript-eslint's recommended rules with type information (the
 *   project service reads tsconfig.json, which includes src, tests and the config files), so rules
 *   such as no-floating-promises and no-misused-promises see the types. Svelte components are
 *   parsed by svelte-eslint-parser with the TypeScript parser for their scripts.
 * - Plain .js files are not in any tsconfig, so they are linted without type information.
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
    'test-results/',
    'playwright-report/',
    'coverage/',
    'public/schemas/',
    'node_modules/',
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
        projectService: true,
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
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
