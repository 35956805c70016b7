/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  plugins: [svelte()],
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
  test: {
    include: [
      'src/**/*.test.ts',
      'tests/unit/**/*.test.ts',
      'tests/conformance/**/*.test.ts',
      'tests/golden/**/*.test.ts',
      'tests/fuzz/**/*.test.ts',
      'tests/cli/**/*.test.ts',
    ],
    environment: 'node',
    // A hang guard, not a speed check: property tests over 1,000-card bundles take seconds on a busy
    // 2-core machine, and budgets are measured by `npm run bench`.
    testTimeout: 30_000,
  },
});
