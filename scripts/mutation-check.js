#!/usr/bin/env node
/**
 * Mutation check: proves that the golden corpus (tests/golden, tests/fixtures) notices when the
 * orders the RFC decides are broken in the source.
 *
 * Each mutation below is one textual change to the real source: the script finds the one file under
 * src/ that contains its `find` text (exactly once, test files excluded), copies src/, tests/golden/
 * and tests/fixtures/ into a fresh temporary folder per mutant, applies the change there, and runs
 * the golden test file of every mutant in a single vitest process (no build, no other tests). A
 * mutation is *killed* when its golden run fails, *survived* when it passes. An unmutated copy runs
 * beside them as a control: if it fails, the corpus is not green on the real source and no verdict
 * means anything, so every mutation is reported as failed.
 *
 * When the source moves (a refactor), a `find` text may no longer be found, or found more than
 * once: that mutation is reported as failed with the reason; update its `find`/`replace` here to the
 * new code that does the same job.
 *
 * Usage: `node scripts/mutation-check.js [--report FILE]`. Prints one line per mutation and writes,
 * with `--report`, `{ results: [{ id, description, status, reason? }] }` as JSON (read by
 * scripts/test-all.js, one test per mutation). Exits 1 when a mutation survived or could not be
 * checked, 0 when all were killed.
 *
 * Plain Node (no dependencies besides the project's own vitest).
 */
import { spawn } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * @typedef {{ id: string, description: string, find: string, replace: string }} Mutation
 * @typedef {{ id: string, description: string, status: 'killed' | 'survived' | 'error', reason?: string }} MutationResult
 */

/** @type {Mutation[]} */
export const MUTATIONS = [
  {
    id: 'history-merge-order',
    description: 'inline ---USER/---ASSISTANT blocks before the messages: files (RFC: files first)',
    find: 'messages.push({ role: message.role, content: message.text });',
    replace: 'messages.unshift({ role: message.role, content: message.text });',
  },
  {
    id: 'messages-listed-order',
    description: 'messages: files read in reverse of their listed order',
    find: "messageEntries(draft.fields['messages']).forEach((entry, i) => {",
    replace: "messageEntries(draft.fields['messages']).reverse().forEach((entry, i) => {",
  },
  {
    id: 'instruction-concat-order',
    description: 'body text before the instruction: attribute (RFC: attribute first)',
    find: 'draft.instruction = `${attribute}\\n${fromBody}`;',
    replace: 'draft.instruction = `${fromBody}\\n${attribute}`;',
  },
  {
    id: 'system-text-order',
    description: 'prelude and ---SYSTEM blocks joined in reverse order',
    find: "out.instruction = nonEmpty(system.join('\\n\\n'));",
    replace: "out.instruction = nonEmpty(system.reverse().join('\\n\\n'));",
  },
  {
    id: 'drop-last-history-message',
    description: 'the last message of the merged history dropped',
    find: 'return { files, messages };',
    replace: 'return { files, messages: messages.slice(0, -1) };',
  },
  {
    id: 'swap-inline-roles',
    description: 'inline ---USER blocks read as assistant and ---ASSISTANT as user',
    find: "role: kind === 'USER' ? 'user' : 'assistant',",
    replace: "role: kind === 'USER' ? 'assistant' : 'user',",
  },
  {
    id: 'swap-history-file-roles',
    description: 'history files: ---USER sections read as assistant and ---ASSISTANT as user',
    find: "['---USER', 'user'],\n  ['---ASSISTANT', 'assistant'],",
    replace: "['---USER', 'assistant'],\n  ['---ASSISTANT', 'user'],",
  },
];

/**
 * Source files under `dir` (recursive), as paths relative to ROOT; test files are left out.
 * @param {string} dir
 * @returns {string[]}
 */
function sourceFiles(dir) {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.(ts|js|svelte)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [rel] : [];
  });
}

/**
 * Where a mutation applies: the one file with exactly one occurrence of its `find` text.
 * @param {Mutation} mutation
 * @param {Map<string, string>} sources path → text
 * @returns {{ file: string } | { reason: string }}
 */
function locate(mutation, sources) {
  const hits = [];
  for (const [file, text] of sources) {
    const count = text.split(mutation.find).length - 1;
    for (let i = 0; i < count; i++) hits.push(file);
  }
  if (hits.length === 1) return { file: /** @type {string} */ (hits[0]) };
  const where = hits.length === 0 ? 'not found in src/' : `found ${hits.length} times`;
  return {
    reason: `mutation site ${where} (${JSON.stringify(mutation.find)}): update MUTATIONS in scripts/mutation-check.js`,
  };
}

/**
 * Copies what a golden run needs into `dir`: src/, tests/golden/, tests/fixtures/.
 * @param {string} dir
 */
function copyProject(dir) {
  for (const part of ['src', 'tests/golden', 'tests/fixtures'])
    cpSync(path.join(ROOT, part), path.join(dir, part), { recursive: true });
}

/**
 * Runs vitest once over every copy's golden test; resolves with the path of its JSON report.
 * @param {string} work
 * @returns {Promise<{ code: number, report: string, output: string }>}
 */
function runVitest(work) {
  const report = path.join(work, 'vitest.json');
  // A config of its own: no build step (the golden test needs none), no cache in node_modules, every
  // core (vitest's default leaves one free).
  writeFileSync(
    path.join(work, 'vitest.config.mjs'),
    `export default { cacheDir: ${JSON.stringify(path.join(work, '.vite'))}, test: { include: ['*/tests/golden/**/*.test.ts'], environment: 'node', pool: 'threads', maxWorkers: ${availableParallelism()}, testTimeout: 30000 } };\n`,
  );
  const args = [
    'run',
    '--config',
    path.join(work, 'vitest.config.mjs'),
    '--root',
    work,
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  // No time limit: vitest's per-test time-out catches a hang, and `npm test`'s whole-run guard
  // anything else (it ends this process group, vitest included).
  return new Promise((resolve) => {
    const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'vitest'), args, {
      cwd: work,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => {
      resolve({ code: 127, report, output: `${output}\n${error.message}` });
    });
    child.on('exit', (code) => {
      resolve({ code: code ?? 1, report, output });
    });
  });
}

/**
 * Whether each copy's golden file passed, by copy folder name; a copy with no result is missing.
 * @param {string} reportFile
 * @returns {Map<string, boolean>}
 */
function passedByCopy(reportFile) {
  /** @type {Map<string, boolean>} */
  const out = new Map();
  let report;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8'));
  } catch {
    return out;
  }
  const work = path.dirname(reportFile);
  for (const file of report.testResults ?? []) {
    const copy = path.relative(work, file.name).split(path.sep)[0];
    const passed =
      file.status === 'passed' &&
      (file.assertionResults ?? []).length > 0 &&
      file.assertionResults.every((/** @type {any} */ t) => t.status === 'passed');
    out.set(copy, (out.get(copy) ?? true) && passed);
  }
  return out;
}

/** @returns {Promise<MutationResult[]>} */
export async function checkMutations() {
  const sources = new Map(
    sourceFiles('src').map((file) => [file, readFileSync(path.join(ROOT, file), 'utf8')]),
  );
  const work = mkdtempSync(path.join(tmpdir(), 'agentcard-mutation-'));
  try {
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(work, 'node_modules'), 'dir');
    copyProject(path.join(work, 'control'));
    /** @type {Map<string, MutationResult>} */
    const unchecked = new Map();
    for (const mutation of MUTATIONS) {
      const site = locate(mutation, sources);
      if ('reason' in site) {
        unchecked.set(mutation.id, { ...mutation, status: 'error', reason: site.reason });
        continue;
      }
      const dir = path.join(work, mutation.id);
      copyProject(dir);
      const text = /** @type {string} */ (sources.get(site.file));
      writeFileSync(path.join(dir, site.file), text.replace(mutation.find, mutation.replace));
    }
    const run = await runVitest(work);
    const passed = passedByCopy(run.report);
    const control = passed.get('control');
    return MUTATIONS.map((mutation) => {
      const { id, description } = mutation;
      const skipped = unchecked.get(id);
      if (skipped) return { id, description, status: skipped.status, reason: skipped.reason };
      if (control !== true) {
        const why = control === undefined ? `no result (vitest exit ${run.code})` : 'fails';
        return {
          id,
          description,
          status: 'error',
          reason: `the golden corpus on the unmutated source ${why}: regenerate or fix it first\n${run.output.slice(-2000)}`,
        };
      }
      const result = passed.get(id);
      if (result === undefined)
        return { id, description, status: 'error', reason: 'vitest gave no result for it' };
      return { id, description, status: result ? 'survived' : 'killed' };
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  const at = process.argv.indexOf('--report');
  const reportFile = at >= 0 ? process.argv[at + 1] : undefined;
  const started = Date.now();
  const results = await checkMutations();
  for (const r of results) {
    const mark =
      r.status === 'killed' ? 'killed  ' : r.status === 'survived' ? 'SURVIVED' : 'ERROR   ';
    console.log(`${mark} ${r.id}: ${r.description}${r.reason ? `\n         ${r.reason}` : ''}`);
  }
  const killed = results.filter((r) => r.status === 'killed').length;
  console.log(
    `${killed} of ${results.length} mutations killed by the golden corpus [${((Date.now() - started) / 1000).toFixed(1)} s]`,
  );
  if (reportFile) writeFileSync(reportFile, JSON.stringify({ results }, null, 2) + '\n');
  process.exitCode = killed === results.length ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await main();
