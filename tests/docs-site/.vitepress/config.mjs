/**
 * A small VitePress site for the end-to-end test of the Markdown plugin (tests/e2e/docs-site.spec.ts): set up
 * exactly as docs/embedding.md tells a docs author, with the playground on another origin.
 * `AGENTCARD_PLAYGROUND` is the playground's URL; `AGENTCARD_DOCS_OUT` where the build goes.
 */
import { defineConfig } from 'vitepress';
import agentcard from 'agentcard-playground/markdown-it';

const playground = process.env['AGENTCARD_PLAYGROUND'] ?? 'http://localhost:4173/';

export default defineConfig({
  title: 'Agent docs',
  outDir: process.env['AGENTCARD_DOCS_OUT'] ?? '../../test-results/docs-site',
  cacheDir: '../../test-results/docs-site-cache',
  head: [['script', { src: new URL('agentcard-playground.js', playground).href, defer: '' }]],
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/' },
      { text: 'Other', link: '/other' },
    ],
  },
  markdown: {
    config: (/** @type {import('markdown-it').default} */ md) => {
      md.use(agentcard, { playground, theme: 'inherit' });
    },
  },
  vue: {
    template: {
      compilerOptions: {
        isCustomElement: (/** @type {string} */ tag) => tag === 'agentcard-playground',
      },
    },
  },
});
