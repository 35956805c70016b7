/**
 * The little test runner of the Firefox and WebKit suites: stories run one after another in one browser
 * session, each timed, a failing one never stopping the next; `waitFor` polls the page like Playwright's
 * `expect.poll`; the test ids come from the same TypeScript modules the components and the Playwright page
 * objects use (`src/app/test-ids.ts`, `src/embed/embed-test-ids.ts`), compiled on the fly with TypeScript, as
 * are the helpers shared with the Playwright suite (`tests/support/`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Imports a TypeScript module that imports nothing itself (a table of constants, a helper shared with the
 * Playwright suite).
 * @param {string} file path from the project root
 * @returns {Promise<Record<string, any>>}
 */
export async function importSelfContained(file) {
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  return import(`data:text/javascript;base64,${Buffer.from(outputText).toString('base64')}`);
}

/** @type {Record<string, string>} */
export const TEST_IDS = (await importSelfContained('src/app/test-ids.ts')).TEST_IDS;
/** @type {Record<string, string>} */
export const EMBED_TEST_IDS = (await importSelfContained('src/embed/embed-test-ids.ts'))
  .EMBED_TEST_IDS;

/** The CSS selector of a test id. */
export const byTestId = (/** @type {string} */ id) => `[data-testid="${id}"]`;

/**
 * Polls `fn` in `scope` until it returns a truthy value (which it resolves with), or fails after `timeout` ms
 * with `what` and the last value seen.
 * @template T
 * @param {import('./driver.js').Scope} scope
 * @param {string} what what is awaited, for the failure message
 * @param {(...args: any[]) => T} fn self-contained: it runs in the page
 * @param {unknown[]} [args]
 * @param {number} [timeout]
 * @returns {Promise<T>}
 */
export function waitFor(scope, what, fn, args = [], timeout = 30_000) {
  return poll(what, () => scope.eval(fn, ...args), timeout);
}

/**
 * Calls `probe` every 100 ms until it resolves with a truthy value (which it resolves with), or fails after
 * `timeout` ms with `what` and the last value seen. A probe that throws (a page being replaced by a
 * navigation answers with an error) is called again.
 * @template T
 * @param {string} what
 * @param {() => Promise<T>} probe
 * @param {number} [timeout]
 * @returns {Promise<T>}
 */
export async function poll(what, probe, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  /** @type {unknown} */
  let last;
  for (;;) {
    try {
      last = await probe();
      if (last) return /** @type {T} */ (last);
    } catch (error) {
      last = error instanceof Error ? error.message : error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${timeout} ms waiting for ${what}; last: ${JSON.stringify(last)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Fails with `message` unless `condition` holds.
 * @param {unknown} condition
 * @param {string} message
 * @returns {asserts condition}
 */
export function check(condition, message) {
  if (!condition) throw new Error(message);
}

/**
 * Fails unless `actual` and `expected` are equal as JSON.
 * @param {unknown} actual
 * @param {unknown} expected
 * @param {string} what
 */
export function checkEqual(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}

/** @typedef {{ name: string, status: 'passed' | 'failed' | 'skipped', seconds: number, error?: string, figures?: string }} StoryResult */

/**
 * Runs stories in order. A story is skipped when one it needs (`needs`) did not pass.
 */
export class Runner {
  /** @type {StoryResult[]} */
  results = [];

  /** @param {string} engine printed before each story */
  constructor(engine) {
    this.engine = engine;
  }

  /**
   * @param {string} name
   * @param {(note: (figures: string) => void) => Promise<void>} body `note` prints figures beside the result
   * @param {{ needs?: string[] }} [options]
   */
  async story(name, body, { needs = [] } = {}) {
    // STORY=text runs only the stories whose name contains it (for working on one story).
    const only = process.env.STORY;
    if (only && !name.includes(only)) {
      this.results.push({ name, status: 'skipped', seconds: 0 });
      return;
    }
    const missing = needs.filter(
      (n) => this.results.find((r) => r.name === n)?.status !== 'passed',
    );
    if (missing.length > 0) {
      console.log(`  - ${name} (skipped: needs "${missing.join('", "')}")`);
      this.results.push({ name, status: 'skipped', seconds: 0 });
      return;
    }
    const started = Date.now();
    /** @type {string[]} */
    const figures = [];
    try {
      await body((f) => figures.push(f));
      const seconds = (Date.now() - started) / 1000;
      console.log(`  ✓ ${name} [${seconds.toFixed(1)} s]`);
      for (const f of figures) console.log(`      ${f}`);
      this.results.push({ name, status: 'passed', seconds, figures: figures.join('; ') });
    } catch (error) {
      const seconds = (Date.now() - started) / 1000;
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.log(
        `  ✗ ${name} [${seconds.toFixed(1)} s]\n      ${message.replace(/\n/g, '\n      ')}`,
      );
      this.results.push({ name, status: 'failed', seconds, error: message });
    }
  }

  /** @param {'passed' | 'failed' | 'skipped'} status */
  count(status) {
    return this.results.filter((r) => r.status === status).length;
  }
}
