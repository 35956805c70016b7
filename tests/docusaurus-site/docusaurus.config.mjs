/**
 * A small Docusaurus site for the end-to-end test of the remark plugin (tests/e2e/docs-sites.spec.ts), set up
 * as docs/embedding.md tells a docs author, with the playground on another origin. `AGENTCARD_PLAYGROUND` is
 * the playground's URL; the build goes where `docusaurus build --out-dir` says.
 */
import agentcard from 'agentcard-playground/remark';

const playground = process.env['AGENTCARD_PLAYGROUND'] ?? 'http://localhost:4173/';

export default {
  title: 'Agent docs',
  url: 'http://127.0.0.1',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  // Rspack and SWC in place of webpack and Babel (the @docusaurus/faster package): a build in a fraction of the time.
  future: { v4: true, faster: true },
  scripts: [{ src: new URL('agentcard-playground.js', playground).href, defer: true }],
  presets: [
    [
      'classic',
      {
        docs: {
          routeBasePath: '/',
          remarkPlugins: [[agentcard, { playground, theme: 'inherit' }]],
        },
        blog: false,
        pages: false,
        theme: {},
      },
    ],
  ],
  themeConfig: {
    navbar: { title: 'Agent docs' },
  },
};
