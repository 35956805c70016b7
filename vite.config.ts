/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { VitePWA } from 'vite-plugin-pwa';
import { availableParallelism } from 'node:os';
import { ISOLATED, UNIT_TESTS } from './tests/setup/test-files.ts';
import { hangGuard } from './tests/setup/hang-guard.ts';

export default defineConfig({
  // Every URL in the build is relative, so the same dist/ works wherever it is served: the site root, or a
  // sub-path such as a GitHub Pages project site (`/playground/`). The service worker's scope, the manifest's
  // start_url and scope, and the embed element's `embed.html` all follow the folder they are served from.
  base: './',
  plugins: [
    svelte(),
    // Offline use and installation: a Workbox service worker that precaches the whole build (every page,
    // script, worker, style and icon), registered by src/app/offline/ (which asks before updating).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeManifestIcons: false, // the glob below takes them already
      manifest: {
        name: 'AgentCard Playground',
        short_name: 'AgentCard',
        description: 'Edit and check AgentCard agent definitions live, in your browser.',
        // Relative to the manifest, which sits beside index.html: the folder the build is served from.
        start_url: './',
        scope: './',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#2f6feb',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{html,js,css,svg,png,json,webmanifest}'],
        // The JSON Schemas are for editors, which fetch them themselves.
        globIgnores: ['schemas/**'],
        // The first version takes over the page it installs from, so that page already works offline;
        // later versions wait until the user asks for them.
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // A page is its own precache entry whatever its query (`/embed.html?…` stays the embed page);
        // no navigation falls back to index.html.
        ignoreURLParametersMatching: [/./],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      },
    }),
  ],
  worker: {
    format: 'es',
    rolldownOptions: {
      output: {
        // The analysis worker's code in a chunk of its own, apart from its entry script (see
        // src/app/analysis/analysis.worker.ts): no chunk may import a worker's entry.
        codeSplitting: {
          groups: [{ name: 'analysis-worker', test: /analysis-worker-main\.ts$/ }],
        },
      },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The app, and the embed view for documentation sites (docs/embedding.md).
    rolldownOptions: { input: { main: 'index.html', embed: 'embed.html' } },
  },
  test: {
    environment: 'node',
    // A hang guard, not a speed check: property tests over 1,000-card bundles take seconds on a quiet
    // 2-core machine and ten times that on a loaded one, which is slow, not failed (hangGuard stretches
    // it by the load average per core). Budgets are measured by `npm run bench`.
    testTimeout: hangGuard(120_000),
    hookTimeout: hangGuard(120_000),
    // Every core runs test files (vitest's default leaves one free).
    maxWorkers: availableParallelism(),
    projects: [
      // Files that replace modules (vi.mock), globals or timers get a fresh module graph each.
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
      // The rest share each worker's module graph: importing the core once per worker instead of once
      // per file saves a third of the run.
      // The CLI tests (here) run the built bin: dist-cli/ is built once, before every test file. Set
      // on this project alone: a root `globalSetup` runs once for the root and once for each project.
      {
        extends: true,
        test: {
          name: 'shared',
          include: UNIT_TESTS,
          exclude: ISOLATED,
          isolate: false,
          globalSetup: ['tests/setup/build-cli.ts'],
        },
      },
    ],
  },
});
