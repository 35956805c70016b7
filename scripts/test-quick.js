#!/usr/bin/env node
/**
 * The inner loop (`npm run test:quick [-- BASE]`): checks what changed against BASE (default `HEAD`:
 * the uncommitted work; `main` for a whole branch), in well under a minute on two cores:
 *
 * - Prettier and ESLint (with type information, as in `npm test`) on the changed files;
 * - the type check: svelte-check with `--incremental` (its cache in `.svelte-check/`), which re-checks
 *   only what changed and what depends on it;
 * - the Vitest tests that import a changed module directly, and the changed test files (not every test
 *   that reaches a module through others: for a module at the bottom of the core that is nearly all
 *   of them, ten minutes on a loaded machine), plus the CLI tests (on a fresh build of the CLI) when
 *   the core, the CLI or the Markdown plugins changed. The fuzz tests run with a tenth of their inputs
 *   (their `*_FUZZ_COUNT` variables, unless set); `npm test` runs the full budget.
 *
 * Lint and formatting run beside the type check; the tests after them. It prints each step's time and,
 * last, `N passed, N failed` over the steps. `npm test` stays the whole check before a merge.
 *
 * Plain Node (no dependencies besides the project's own tools).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCommand } from './test-all/run-command.js';
import { formatSeconds } from './test-all/suite-results.js';
import { quickPlan } from './test-all/quick-plan.js';
import { relativeImports } from './test-all/direct-tests.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const base = process.argv[2] ?? 'HEAD';

/** @param {string[]} args */
function git(args) {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
}

const changed = [
  ...new Set([
    ...git(['diff', '--name-only', '--diff-filter=d', base]),
    ...git(['ls-files', '--others', '--exclude-standard']),
  ]),
].filter((file) => existsSync(path.join(ROOT, file)));

if (changed.length === 0) {
  console.log(`Nothing changed against ${base}.`);
  process.exit(0);
}
/**
 * The test files in a folder of the repository.
 * @param {string} folder
 */
function testsIn(folder) {
  return readdirSync(path.join(ROOT, folder))
    .filter((name) => /\.test\.[jt]s$/.test(name))
    .map((name) => `${folder}/${name}`);
}

const imports = new Map(
  git(['ls-files', '--cached', '--others', '--exclude-standard', '*.test.ts', '*.test.js'])
    .filter((file) => existsSync(path.join(ROOT, file)))
    .map((file) => [file, relativeImports(file, readFileSync(path.join(ROOT, file), 'utf8'))]),
);
const plan = quickPlan(changed, process.env, {
  imports,
  cliTests: testsIn('tests/cli'),
  goldenTests: [...testsIn('tests/golden'), ...testsIn('tests/conformance')],
  docTests: testsIn('tests/unit').filter((f) => /doc|diagnostic-table/.test(f)),
});
console.log(`${changed.length} file(s) changed against ${base}.`);

/**
 * @param {{ name: string, command: string, args: string[], env?: Record<string, string> }} step
 * @returns {Promise<{ name: string, ok: boolean, seconds: number, output: string }>}
 */
async function runStep(step) {
  const started = Date.now();
  const bin = path.join(ROOT, 'node_modules', '.bin', step.command);
  const result = await runCommand(bin, step.args, { cwd: ROOT, env: step.env, capture: true });
  return {
    name: step.name,
    ok: result.code === 0,
    seconds: (Date.now() - started) / 1000,
    output: result.output ?? '',
  };
}

/** @param {{ name: string, command: string, args: string[] }[]} steps */
async function inTurn(steps) {
  const results = [];
  for (const step of steps) results.push(await runStep(step));
  return results;
}

const results = (await Promise.all([inTurn(plan.style), inTurn(plan.types)])).flat();
if (plan.tests) results.push(await runStep(plan.tests));

for (const r of results) {
  console.log(`\n━━━━ ${r.name} ━━━━`);
  process.stdout.write(r.output);
}
console.log('\n━━━━ summary ━━━━');
for (const r of results) {
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(12)} ${formatSeconds(r.seconds).padStart(8)}`,
  );
}
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
