/**
 * A small Astro Starlight site for the end-to-end test of the remark plugin (tests/e2e/docs-sites.spec.ts), set
 * up as docs/embedding.md tells a docs author, with the playground on another origin. Astro 7 runs remark
 * plugins only on the `unified` processor of `@astrojs/markdown-remark`. `AGENTCARD_PLAYGROUND` is the
 * playground's URL; `AGENTCARD_SITE_OUT` where the build goes.
 */
import { unified } from '@astrojs/markdown-remark';
import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';
import agentcard from 'agentcard-playground/remark';

const playground = process.env['AGENTCARD_PLAYGROUND'] ?? 'http://localhost:4173/';

export default defineConfig({
  outDir: process.env['AGENTCARD_SITE_OUT'] ?? './dist',
  markdown: {
    processor: unified({ remarkPlugins: [[agentcard, { playground, theme: 'inherit' }]] }),
  },
  integrations: [
    starlight({
      title: 'Agent docs',
      head: [
        {
          tag: 'script',
          attrs: { src: new URL('agentcard-playground.js', playground).href, defer: true },
        },
      ],
    }),
  ],
});
