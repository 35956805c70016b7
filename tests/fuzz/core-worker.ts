import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build, type Rollup } from 'vite';
import type { CheckOptions, CheckResult } from '../../src/core/index.ts';

/** How a check in a worker ended. */
export type WorkerOutcome =
  | { kind: 'result'; result: CheckResult }
  | { kind: 'threw'; error: string }
  | { kind: 'stopped'; afterMs: number };

// Plain ESM run by `new Worker`: it imports the bundled core, checks one load-set, posts the answer back.
const WORKER_SOURCE = `
import { parentPort } from 'node:worker_threads';
import { checkLoadSet } from './core.js';
parentPort.once('message', ({ files, options }) => {
  let reply;
  try {
    reply = { kind: 'result', result: checkLoadSet(files, options) };
  } catch (error) {
    reply = { kind: 'threw', error: error instanceof Error ? String(error.stack ?? error.message) : String(error) };
  }
  parentPort.postMessage(reply);
});
`;

let folder: Promise<string> | undefined;

/**
 * Bundles `src/core/index.ts` with Vite into a temporary folder (once per test file) next to the worker
 * script, since a worker thread cannot load TypeScript itself. Returns the folder. Call it early (when the
 * test file loads) so the bundle is of the same sources the test file imported.
 */
export function bundleCore(): Promise<string> {
  folder ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agentcard-core-worker-'));
    writeFileSync(join(dir, 'core.js'), await bundleForNode('src/core/index.ts'));
    writeFileSync(join(dir, 'worker.js'), WORKER_SOURCE);
    return dir;
  })();
  folder.catch(() => {}); // reported by whoever awaits it, not as an unhandled rejection
  return folder;
}

/**
 * Checks a load-set in a fresh worker thread. The result reaches the caller through `postMessage`, so it
 * has crossed a real Worker boundary (structured clone), as in the playground. A check still running after
 * `limitMs` is stopped by terminating the worker: a hang or runaway input fails one test instead of
 * blocking the run. `readFile`/`isDirectory` cannot cross the boundary and must not be set.
 */
export async function checkInWorker(
  files: Record<string, string>,
  options: CheckOptions,
  limitMs: number,
): Promise<WorkerOutcome> {
  if (options.readFile || options.isDirectory)
    throw new TypeError('checkInWorker: functions in options cannot cross a Worker boundary');
  const dir = await bundleCore();
  const worker = new Worker(join(dir, 'worker.js'));
  try {
    return await new Promise<WorkerOutcome>((resolve, reject) => {
      const timer = setTimeout(() => resolve({ kind: 'stopped', afterMs: limitMs }), limitMs);
      worker.once('message', (reply: WorkerOutcome) => {
        clearTimeout(timer);
        resolve(reply);
      });
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      worker.postMessage({ files, options });
    });
  } finally {
    await worker.terminate();
  }
}

/**
 * Bundles one module of the project (a path from the repository root) and what it imports into a single
 * ES module for Node, as text: a worker thread cannot load TypeScript itself.
 */
export async function bundleForNode(entry: string): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      target: 'node20',
      lib: {
        entry: fileURLToPath(new URL(`../../${entry}`, import.meta.url)),
        formats: ['es'],
        fileName: 'bundle',
      },
      // One file: the core's lazily loaded parts (the permalink codec's compressor) come inline.
      rollupOptions: { output: { inlineDynamicImports: true } },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
  const main = chunks.find((c): c is Rollup.OutputChunk => c.type === 'chunk' && c.isEntry);
  if (!main) throw new Error(`bundling ${entry} produced no entry chunk`);
  return main.code;
}

/** Removes the bundled core (call once, after the last `checkInWorker`). */
export async function removeCoreBundle(): Promise<void> {
  if (!folder) return;
  const dir = await folder.catch(() => undefined);
  folder = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
