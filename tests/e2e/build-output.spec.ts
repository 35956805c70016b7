/**
 * The production build (`npm run build`, which the web server of these tests runs first) ships no test hooks:
 * the specs drive the playground through what users see, so nothing in `dist/` hands the app's state to a page
 * script.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const DIST = path.resolve('dist');

/** Every JavaScript and HTML file of the build (source maps left out: they quote sources and comments). */
async function shippedCode(): Promise<Array<{ file: string; text: string }>> {
  const names = await readdir(DIST, { recursive: true });
  const code = names.filter((name) => /\.(m?js|html)$/.test(name)).sort();
  return Promise.all(
    code.map(async (file) => ({ file, text: await readFile(path.join(DIST, file), 'utf8') })),
  );
}

test.describe('The production build', () => {
  test('installs no window.agentcard test hook in the playground, the embed or the element', async () => {
    const files = await shippedCode();
    // The build has what the checks below search: the entry points and their chunks.
    expect(files.map((f) => f.file)).toEqual(
      expect.arrayContaining(['index.html', 'embed.html', 'agentcard-playground.js']),
    );
    expect(files.filter((f) => f.file.startsWith('assets')).length).toBeGreaterThan(3);
    const hooks = files
      .filter(({ text }) =>
        /\bwindow\.agentcard\b|\.agentcard\s*=|\bagentcard\s*:\s*\{\s*model\b/.test(text),
      )
      .map((f) => f.file);
    expect(hooks).toEqual([]);
  });

  test("imports no worker's entry script from another chunk", async () => {
    const files = (await shippedCode()).filter((f) => f.file.startsWith('assets/'));
    const entries = files
      .map((f) => path.basename(f.file))
      .filter((name) => /\.worker-[\w-]+\.js$/.test(name));
    // The three workers: analysis, graph layout, CEL evaluation.
    expect(entries.map((name) => name.replace(/-[\w-]+\.js$/, '')).sort()).toEqual([
      'analysis.worker',
      'cel-evaluation.worker',
      'graph-layout.worker',
    ]);
    // WebKit evaluates a module worker's entry a second time when a chunk imports it (an empty load-set then
    // answered): a static `import … from"./x.worker-….js"`, `import"./…"` or `import("./…")` of one is a bug.
    const importsOf = (text: string) =>
      [...text.matchAll(/\bimport\s*(?:[^"'`;]*?from\s*)?\(?\s*["'`]\.\/([^"'`]+)["'`]/g)].map(
        (m) => m[1],
      );
    // The analysis worker loads chunks later (a format's reader, the portability fixes): those its code
    // chunk imports exist and import that code. (The page has AFM chunks of its own, e.g. for the Reference dialog.)
    const workerCode = files.find((f) => /^assets\/analysis-worker-[\w-]+\.js$/.test(f.file));
    expect(workerCode).toBeDefined();
    const loadedByWorker = importsOf(workerCode!.text);
    const lazy = files.filter(
      (f) =>
        /assets\/(afm|portability-fixes)-/.test(f.file) &&
        loadedByWorker.includes(path.basename(f.file)),
    );
    // A chunk's name ends in `-` and an 8-character hash.
    expect(lazy.map((f) => path.basename(f.file).replace(/-[\w-]{8}\.js$/, '')).sort()).toEqual([
      'afm',
      'portability-fixes',
    ]);
    const offenders = files.flatMap((f) =>
      importsOf(f.text)
        .filter((name) => entries.includes(name!))
        .map((name) => `${f.file} imports ${name}`),
    );
    expect(offenders).toEqual([]);
    // The check can fail: the lazy chunks do import the worker's code chunk.
    expect(
      lazy.every((f) => importsOf(f.text).some((n) => n!.startsWith('analysis-worker-'))),
    ).toBe(true);
  });
});
