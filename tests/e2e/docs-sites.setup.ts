/**
 * Builds the Docusaurus and Astro Starlight sites for docs-sites.spec.ts (tests/support/docs-sites.ts says
 * how): once per run of the `docs sites` project, after the playground's build, which the package is
 * packed from. The installs run side by side (each site's, and Starlight's Node), the builds one after the
 * other. Prints how long each install and build took and writes them, with each build's output, to
 * the report the stories read.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import {
  buildReport,
  buildSite,
  installSite,
  node22,
  packProject,
  siteOutput,
  SITE_NAMES,
} from '../support/docs-sites.ts';

test('pack the project and build the Docusaurus and Starlight sites with it', async ({
  baseURL,
}) => {
  // A first run installs each site's dependencies from the registry (a few minutes); later runs reuse them.
  test.setTimeout(12 * 60_000);
  const port = new URL(baseURL!).port;
  const playground = `${new URL(baseURL!).origin}/`;
  const started = Date.now();
  const tarball = await packProject();
  console.log(`docs sites: npm pack took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // The installs side by side (mostly waiting on the registry and the disk), with the Node that builds
  // Starlight; the builds one after the other: on two cores, two builds side by side take as long and starve
  // the other tests.
  const [installs] = await Promise.all([
    Promise.all(SITE_NAMES.map((site) => installSite(site, tarball))),
    node22(),
  ]);
  const builds = [];
  for (const install of installs) {
    const build = await buildSite(install, playground, siteOutput(port, install.site));
    console.log(
      `docs sites: ${install.site} install ${build.installSeconds.toFixed(1)} s (0: cached), build ${build.buildSeconds.toFixed(1)} s (Node ${build.node})`,
    );
    builds.push(build);
  }
  const report = buildReport(port);
  mkdirSync(path.dirname(report), { recursive: true });
  writeFileSync(report, JSON.stringify(builds, null, 2));
});
