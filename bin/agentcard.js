#!/usr/bin/env node
// The `agentcard` command: runs the compiled command line (built by `npm install` / `npm run build:cli`).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist-cli/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write(
    'agentcard: the command line is not built yet; run `npm install` (or `npm run build:cli`) in the project first\n',
  );
  process.exit(2);
}
const { run } = await import(entry.href);
process.exitCode = run(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  isTTY: process.stdout.isTTY === true,
  readStdin: () => readFileSync(0),
});
