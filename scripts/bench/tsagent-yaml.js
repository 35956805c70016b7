#!/usr/bin/env node
/**
 * Times the check of TsAgent's big YAML agents (inline embeddings, over 1 MB) on the compiled core
 * (`npm run build:cli` first). Prints, per file, the median and min of a full check on a fresh `Checker`,
 * with the embedding fast path and, for comparison, a plain `yaml` parse of the whole text. Never fails on
 * the figures. Usage: `node scripts/bench/tsagent-yaml.js [samples/tsagent/yaml-head folder]`.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { Checker } from '../../dist-cli/core/index.js';

const dir =
  process.argv[2] ?? new URL('../../../shared/samples/tsagent/yaml-head', import.meta.url).pathname;
if (!existsSync(dir)) {
  console.log(`skipped: ${dir} is not here`);
  process.exit(0);
}
const RUNS = 7;

/** @param {() => void} run */
function time(run) {
  const times = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const t = performance.now();
    run();
    if (i >= 2) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return `median ${times[times.length >> 1].toFixed(1)} ms, min ${times[0].toFixed(1)} ms`;
}

for (const name of readdirSync(dir)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort()) {
  const text = readFileSync(join(dir, name), 'utf8');
  const files = { [name]: text };
  const result = new Checker().check(files);
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  console.log(
    `${name} (${(text.length / 1024).toFixed(0)} KB, ${result.cards[0]?.format ?? 'none'}, ${errors} errors)\n` +
      `  check:      ${time(() => new Checker().check(files))}\n` +
      `  yaml parse: ${time(() => parseDocument(text, { version: '1.2', uniqueKeys: false }))}`,
  );
}
