/**
 * The Docusaurus and Astro Starlight sites of the end-to-end tests (tests/docusaurus-site,
 * tests/starlight-site), built as a docs author would: this project packed with `npm pack`, the tarball
 * installed into each site beside the site's own dependencies from the npm registry, then the site's own
 * build command. Installs are cached in `test-results/docs-sites-cache/` and redone only when a site's
 * `package.json` or the tarball changes. Astro 7 needs Node ≥ 22.12: on an older Node, the registry's
 * `node@22` package is installed into the cache and runs that build.
 */
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const CACHE = path.join(ROOT, 'test-results/docs-sites-cache');
/** Output of a command: large enough for a site's install log. */
const BUFFER = 64 * 1024 * 1024;
/** The options of every `npm install` here (see `installSite`). */
const NPM_INSTALL = ['--no-audit', '--no-fund', '--loglevel=error', '--prefer-offline'];

/** The sites, by name. */
export const SITE_NAMES = ['docusaurus', 'starlight'] as const;
export type SiteName = (typeof SITE_NAMES)[number];

/** What one site's preparation did: timings in seconds (install 0 when the cache was current) and the build's output. */
export interface SiteBuild {
  site: SiteName;
  out: string;
  installSeconds: number;
  buildSeconds: number;
  /** The build command's stdout and stderr. */
  log: string;
  /** The Node that ran the build (`process.version` of it). */
  node: string;
}

/**
 * Where a site's build for the playground on `port` goes: inside the site's folder, whose `package.json` (not
 * this project's, an ES module one) is the one Node reads for the scripts a build runs from there.
 */
export function siteOutput(port: string, site: SiteName): string {
  return path.join(CACHE, site, `build-${port}`);
}

/** The report written by the setup and read by the stories: one record per site. */
export function buildReport(port: string): string {
  return path.join(ROOT, `test-results/docs-sites-${port}/builds.json`);
}

/**
 * Packs the project (with `npm pack`, as built: run after `npm run build`) into the cache and returns the
 * tarball's path, named by its checksum. The package must hold the Markdown plugins: while `package.json`
 * has no `files` list, `npm pack` follows `.gitignore` and leaves `dist-cli/` out, so the same files are then
 * packed from a staged copy that has one.
 */
export async function packProject(): Promise<string> {
  mkdirSync(CACHE, { recursive: true });
  const packed = await pack(ROOT);
  if (packed.files.includes('dist-cli/markdown/remark.js')) return packed.tarball;
  rmSync(packed.tarball);
  const stage = path.join(CACHE, 'stage');
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage);
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const files = ['bin', 'dist-cli', 'public/schemas', 'README.md'];
  writeFileSync(path.join(stage, 'package.json'), JSON.stringify({ ...manifest, files }, null, 2));
  for (const file of files)
    cpSync(path.join(ROOT, file), path.join(stage, file), { recursive: true });
  const staged = await pack(stage);
  if (!staged.files.includes('dist-cli/markdown/remark.js'))
    throw new Error('the packed package has no dist-cli/markdown/remark.js: run npm run build');
  return staged.tarball;
}

async function pack(folder: string): Promise<{ tarball: string; files: string[] }> {
  const { stdout } = await run(
    'npm',
    ['pack', '--json', '--ignore-scripts', '--pack-destination', CACHE],
    { cwd: folder, maxBuffer: BUFFER },
  );
  const [info] = JSON.parse(stdout) as Array<{
    filename: string;
    shasum: string;
    files: Array<{ path: string }>;
  }>;
  const tarball = path.join(CACHE, `agentcard-playground-${info!.shasum.slice(0, 12)}.tgz`);
  renameSync(path.join(CACHE, info!.filename), tarball);
  return { tarball, files: info!.files.map((f) => f.path) };
}

/** What installing one site did: its folder in the cache and how long the install took (0: cached). */
export interface SiteInstall {
  site: SiteName;
  folder: string;
  installSeconds: number;
}

/**
 * Copies the site into the cache and installs its dependencies and the tarball, unless the cache already has
 * exactly these. npm's cache is used first (`--prefer-offline`, as tests/cli/package.test.ts installs the
 * tarball): a fresh clone on a machine that installed the sites before asks the registry only for what its
 * cache lacks, instead of checking every one of about a thousand packages again.
 */
export async function installSite(site: SiteName, tarball: string): Promise<SiteInstall> {
  const source = path.join(ROOT, `tests/${site}-site`);
  const folder = path.join(CACHE, site);
  mkdirSync(folder, { recursive: true });
  for (const entry of ['docs', 'src'])
    rmSync(path.join(folder, entry), { recursive: true, force: true });
  cpSync(source, folder, { recursive: true, filter: (file) => !file.endsWith('package.json') });
  const manifest = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  manifest.dependencies['agentcard-playground'] = `file:${path.relative(folder, tarball)}`;
  const wanted = JSON.stringify(manifest, null, 2);
  const manifestFile = path.join(folder, 'package.json');
  let installSeconds = 0;
  if (
    !existsSync(path.join(folder, 'node_modules')) ||
    !existsSync(manifestFile) ||
    readFileSync(manifestFile, 'utf8') !== wanted
  ) {
    writeFileSync(manifestFile, wanted);
    // The sites cache each page's compiled Markdown by its text, not by the plugins that made it.
    for (const cache of ['.docusaurus', '.astro', 'node_modules/.cache', 'node_modules/.astro'])
      rmSync(path.join(folder, cache), { recursive: true, force: true });
    const started = Date.now();
    await run('npm', ['install', ...NPM_INSTALL], {
      cwd: folder,
      maxBuffer: BUFFER,
      timeout: 8 * 60_000,
    });
    installSeconds = (Date.now() - started) / 1000;
  }
  return { site, folder, installSeconds };
}

/**
 * Builds an installed site (`installSite`) for the playground at `playground` into `out`, with the site's own
 * build command.
 */
export async function buildSite(
  { site, folder, installSeconds }: SiteInstall,
  playground: string,
  out: string,
): Promise<SiteBuild> {
  const node = site === 'starlight' ? await node22() : process.execPath;
  const command =
    site === 'docusaurus'
      ? [
          'node_modules/@docusaurus/core/bin/docusaurus.mjs',
          'build',
          '--no-minify',
          '--out-dir',
          out,
        ]
      : ['node_modules/astro/bin/astro.mjs', 'build'];
  rmSync(out, { recursive: true, force: true });
  const started = Date.now();
  const { stdout, stderr } = await run(node, command, {
    cwd: folder,
    maxBuffer: BUFFER,
    timeout: 8 * 60_000,
    env: {
      ...process.env,
      AGENTCARD_PLAYGROUND: playground,
      AGENTCARD_SITE_OUT: out,
      ASTRO_TELEMETRY_DISABLED: '1',
      DOCUSAURUS_NO_UPDATE_NOTIFIER: '1',
      NO_UPDATE_NOTIFIER: '1',
    },
  });
  const buildSeconds = (Date.now() - started) / 1000;
  // A build stopped by a signal can exit 0 having written nothing.
  if (!existsSync(path.join(out, 'index.html')))
    throw new Error(`the ${site} build wrote no index.html:\n${stdout}${stderr}`);
  const { stdout: version } = await run(node, ['--version']);
  return {
    site,
    out,
    installSeconds,
    buildSeconds,
    log: `${stdout}${stderr}`,
    node: version.trim(),
  };
}

let node22Install: Promise<string> | undefined;

/**
 * A Node ≥ 22.12 for Astro 7: this one when it is, else the registry's `node@22`, installed once into the cache
 * (the first call installs it; later calls, even while it installs, wait for the same install).
 */
export function node22(): Promise<string> {
  node22Install ??= installNode22();
  return node22Install;
}

async function installNode22(): Promise<string> {
  const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
  if (major > 22 || (major === 22 && minor >= 12)) return process.execPath;
  const folder = path.join(CACHE, 'node22');
  const binary = path.join(folder, 'node_modules/node/bin/node');
  if (!existsSync(binary)) {
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'package.json'), '{ "private": true }\n');
    await run('npm', ['install', ...NPM_INSTALL, 'node@22'], {
      cwd: folder,
      timeout: 4 * 60_000,
    });
  }
  return binary;
}
