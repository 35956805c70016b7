#!/usr/bin/env node
/**
 * Behaviour recorder: what the `agentcard` command prints for every fixture of the repository and every
 * shared sample, kept so a restructure can prove it changed nothing a user sees.
 *
 * `record LABEL` runs, in-process through the built command line (`dist-cli`, built first with
 * `npm run build:cli`), over every file and every folder under `tests/fixtures/` and the samples folder:
 * `check --json` with each profile (files and folders), `convert --to` each conversion target (files) and
 * `graph` as JSON (folders), and writes each run's exit code, stdout and stderr to
 * `test-results/recorded-outputs/LABEL/outputs.json` (outside Git). `compare BEFORE AFTER` prints how many
 * outputs are identical, different, or recorded on one side only, and the first differences; it exits 1
 * when any differs. `check LABEL` records into LABEL and compares it with `baseline` in one go.
 *
 * Paths are given relative to each tree's root and the environment and clock are fixed, so a recording
 * made in one checkout compares with one made in another. The samples are `../shared/samples` beside the
 * project (or `--samples DIR`); when absent they are skipped with a one-line message.
 *
 * Usage: `node scripts/record-outputs.js record LABEL [--samples DIR] [--no-build]`
 *        `node scripts/record-outputs.js compare BEFORE AFTER [--show N]`
 *        `node scripts/record-outputs.js check LABEL [--samples DIR] [--no-build]`
 *
 * Plain Node: no dependencies besides the project's own build.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RECORDS = path.join(ROOT, 'test-results', 'recorded-outputs');
const PROFILES = ['rfc', 'fast-agent'];
const CONVERSION_TARGETS = ['agentcard', 'afm', 'a2a'];
// A fixed clock and environment: `{{currentDate}}` and `${VAR}` must not differ between two recordings.
const NOW = new Date('2026-01-15T12:00:00Z');

const USAGE = `Usage: node scripts/record-outputs.js record LABEL [--samples DIR] [--no-build]
       node scripts/record-outputs.js compare BEFORE AFTER [--show N]
       node scripts/record-outputs.js check LABEL [--samples DIR] [--no-build]   (record, then compare with 'baseline')`;

/** Every file and folder below `dir` (folders first, then files), as `/`-separated paths relative to it. */
function walk(dir, prefix = '') {
  const entries = readdirSync(path.join(dir, prefix), { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  const found = { files: [], folders: [] };
  for (const entry of entries) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      found.folders.push(rel);
      const inner = walk(dir, rel);
      found.files.push(...inner.files);
      found.folders.push(...inner.folders);
    } else if (entry.isFile()) found.files.push(rel);
  }
  return found;
}

/** The trees to record: the repository's fixtures and, when present, the shared samples. */
function trees(samples) {
  const list = [{ name: 'fixtures', dir: path.join(ROOT, 'tests', 'fixtures') }];
  const samplesDir = samples ?? path.resolve(ROOT, '..', 'shared', 'samples');
  if (existsSync(samplesDir)) list.push({ name: 'samples', dir: samplesDir });
  else
    console.log(
      `skipped: ${samplesDir} is not here (the shared samples exist only beside the team's checkouts)`,
    );
  return list;
}

/** The command lines to run over one tree, each keyed by what it is. */
function commands(tree) {
  const { files, folders } = walk(tree.dir);
  const runs = [];
  for (const target of ['.', ...folders]) {
    for (const profile of PROFILES)
      runs.push([`check ${profile} ${target}`, ['check', '--json', '--profile', profile, target]]);
    runs.push([`graph ${target}`, ['graph', '--format', 'json', target]]);
  }
  for (const file of files) {
    for (const profile of PROFILES)
      runs.push([`check ${profile} ${file}`, ['check', '--json', '--profile', profile, file]]);
    for (const to of CONVERSION_TARGETS)
      runs.push([`convert ${to} ${file}`, ['convert', '--to', to, file]]);
  }
  return runs.map(([key, args]) => [`${tree.name}: ${key}`, args]);
}

/** Runs one command line in-process and returns what a user would see. */
function runOne(run, cwd, args) {
  let out = '';
  let err = '';
  let code;
  try {
    code = run(args, {
      cwd,
      env: {},
      now: () => NOW,
      out: (text) => (out += text),
      err: (text) => (err += text),
      isTTY: false,
      readStdin: () => new Uint8Array(),
    });
  } catch (error) {
    code = 'threw';
    err += String(error?.stack ?? error);
  }
  return { code, out, err };
}

/** Records every output under `label`; returns the outputs. */
async function record(label, options) {
  if (!options['no-build'])
    execFileSync('npm', ['run', '--silent', 'build:cli'], { cwd: ROOT, stdio: 'inherit' });
  const { run } = await import(pathToFileURL(path.join(ROOT, 'dist-cli', 'cli', 'main.js')).href);
  const outputs = {};
  for (const tree of trees(options.samples)) {
    for (const [key, args] of commands(tree)) outputs[key] = runOne(run, tree.dir, args);
  }
  const folder = path.join(RECORDS, label);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'outputs.json'), JSON.stringify(outputs, null, 1) + '\n');
  console.log(
    `recorded ${Object.keys(outputs).length} outputs into ${path.relative(ROOT, folder)}`,
  );
  return outputs;
}

/** Reads the outputs recorded under `label`. */
function load(label) {
  const file = path.join(RECORDS, label, 'outputs.json');
  if (!existsSync(file))
    throw new Error(`nothing recorded as ${label} (${path.relative(ROOT, file)})`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The first line where two texts differ, as `-before` / `+after`. */
function firstDifference(before, after) {
  const a = before.split('\n');
  const b = after.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if (a[i] !== b[i])
      return `line ${i + 1}\n      - ${a[i] ?? '(none)'}\n      + ${b[i] ?? '(none)'}`;
  return '(same lines)';
}

/** Prints the counts and the first `show` differences; returns whether everything is identical. */
function compare(before, after, beforeLabel, afterLabel, show) {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  let identical = 0;
  const different = [];
  const onlyBefore = [];
  const onlyAfter = [];
  for (const key of keys) {
    if (!(key in after)) onlyBefore.push(key);
    else if (!(key in before)) onlyAfter.push(key);
    else if (JSON.stringify(before[key]) === JSON.stringify(after[key])) identical++;
    else different.push(key);
  }
  console.log(
    `${beforeLabel} → ${afterLabel}: ${identical} identical, ${different.length} different, ` +
      `${onlyBefore.length} only in ${beforeLabel}, ${onlyAfter.length} only in ${afterLabel}`,
  );
  for (const key of different.slice(0, show)) {
    const [b, a] = [before[key], after[key]];
    const parts = ['code', 'out', 'err'].filter((p) => b[p] !== a[p]);
    console.log(`  ${key}`);
    for (const part of parts)
      console.log(
        part === 'code'
          ? `    exit code ${b.code} → ${a.code}`
          : `    ${part}: ${firstDifference(b[part], a[part])}`,
      );
  }
  for (const key of onlyBefore.slice(0, show)) console.log(`  only in ${beforeLabel}: ${key}`);
  for (const key of onlyAfter.slice(0, show)) console.log(`  only in ${afterLabel}: ${key}`);
  return different.length === 0 && onlyBefore.length === 0 && onlyAfter.length === 0;
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      samples: { type: 'string' },
      'no-build': { type: 'boolean' },
      show: { type: 'string', default: '10' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [mode, ...labels] = positionals;
  const show = Number(values.show);
  const valid = (label) => typeof label === 'string' && /^[\w.-]+$/.test(label);
  if (values.help) return console.log(USAGE);
  if (mode === 'record' && labels.length === 1 && valid(labels[0])) {
    await record(labels[0], values);
  } else if (mode === 'compare' && labels.length === 2 && labels.every(valid)) {
    if (!compare(load(labels[0]), load(labels[1]), labels[0], labels[1], show))
      process.exitCode = 1;
  } else if (mode === 'check' && labels.length === 1 && valid(labels[0])) {
    const baseline = load('baseline');
    const outputs = await record(labels[0], values);
    if (!compare(baseline, outputs, 'baseline', labels[0], show)) process.exitCode = 1;
  } else {
    console.error(USAGE);
    process.exitCode = 2;
  }
}

await main();
