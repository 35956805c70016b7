/**
 * The production build served for the browser benchmark: a private copy of dist/ (others may rebuild
 * dist/ while the benchmark runs), served by `vite preview` on a free local port, started as its own
 * process group so that stopping it also stops anything it spawned; and the browser that loads it.
 */
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const VITE = path.join(ROOT, 'node_modules/vite/bin/vite.js');
const START_TIMEOUT_MS = 30_000;
const SNAPSHOT_TIMEOUT_MS = 60_000;

/**
 * A copy of a build that was complete when copied.
 * @typedef {{ dir: string, remove: () => void }} DistSnapshot
 */

/**
 * Copies dist/ to a new temporary folder and checks that the copy is a whole build: index.html and
 * every `assets/…` file that index.html or a copied .js file names exist. A copy taken while another
 * process was rebuilding dist/ fails the check; it is then taken again (every 2 s, for up to 60 s).
 * @param {string} [dist] Default: the project's dist/.
 * @returns {Promise<DistSnapshot>}
 */
export async function snapshotDist(dist = path.join(ROOT, 'dist')) {
  const deadline = Date.now() + SNAPSHOT_TIMEOUT_MS;
  for (;;) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agentcard-bench-dist-'));
    const remove = () => rmSync(dir, { recursive: true, force: true });
    let missing;
    try {
      cpSync(dist, dir, { recursive: true });
      missing = missingAssets(dir);
    } catch (error) {
      missing = error instanceof Error ? error.message : String(error);
    }
    if (missing === undefined) return { dir, remove };
    remove();
    if (Date.now() > deadline)
      throw new Error(`${dist} is not a complete build (${missing}); run \`npm run build\``);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/**
 * The first asset a build folder names but lacks, or undefined when it is complete.
 * @param {string} dir
 */
function missingAssets(dir) {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) return 'no index.html';
  const texts = [readFileSync(index, 'utf8')];
  const assets = path.join(dir, 'assets');
  if (!existsSync(assets)) return 'no assets/';
  for (const name of readdirSync(assets))
    if (name.endsWith('.js')) texts.push(readFileSync(path.join(assets, name), 'utf8'));
  for (const text of texts)
    for (const [name] of text.matchAll(/(?<=assets\/|["']\.\/)[\w.-]+\.(?:js|css)(?=["'])/g))
      if (!existsSync(path.join(assets, name))) return `assets/${name} is missing`;
  return undefined;
}

/**
 * A running preview server.
 * @typedef {object} PreviewServer
 * @property {string} url Origin without a trailing slash, e.g. `http://127.0.0.1:41234`.
 * @property {() => void} stop Stops the server; safe to call more than once, and synchronous so that
 *   it can run in an `exit` handler.
 */

/**
 * Starts `vite preview` of the build in `outDir` on a free port of 127.0.0.1 (or `host` and `port`) and
 * resolves once it answers `/`. Rejects (after stopping the process) when it exits early or does not answer
 * within 30 s.
 * @param {string} outDir Absolute path of the build to serve.
 * @param {{ host?: string, port?: number }} [where] `localhost` serves the app on another site than
 *   127.0.0.1 (the Firefox and WebKit suites put their docs pages there).
 * @returns {Promise<PreviewServer>}
 */
export async function startPreview(outDir, { host = '127.0.0.1', port: wanted } = {}) {
  const port = wanted ?? (await freePort());
  const child = spawn(
    process.execPath,
    [VITE, 'preview', '--outDir', outDir, '--host', host, '--port', String(port), '--strictPort'],
    { cwd: ROOT, detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  let exited = false;
  child.on('exit', () => (exited = true));
  const stop = () => {
    if (exited || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
    exited = true;
  };
  const url = `http://${host}:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`vite preview exited before serving: ${stderr.trim()}`);
    try {
      const response = await fetch(`${url}/`);
      if (response.ok) return { url, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error(`vite preview did not answer on ${url} within ${START_TIMEOUT_MS / 1000} s`);
}

/**
 * A TCP port that was free a moment ago (the OS picks it).
 * @returns {Promise<number>}
 */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/**
 * Debian's Chromium, headless, with the switches the end-to-end tests use (root needs --no-sandbox;
 * the rest keep it off a network this machine does not have), and `extraArgs` after them.
 * @param {string[]} [extraArgs]
 * @returns {Promise<import('@playwright/test').Browser>}
 */
export function launchChromium(extraArgs = []) {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}
