/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  plugins: [svelte()],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The app, and the embed view for documentation sites (docs/embedding.md).
    rolldownOptions: { input: { main: 'index.html', embed: 'embed.html' } },
  },
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
  },
});
