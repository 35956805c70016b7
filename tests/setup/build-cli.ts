/**
 * Vitest global setup: builds the command line and the core into dist-cli/ once per test run, before
 * any test file starts, so that the tests that run the installed bin (`bin/agentcard.js`) see the
 * current source and no two test files build into the same folder at once. Skipped when
 * `AGENTCARD_CLI_BUILT` is set: `npm test` sets it for the runs under other Node majors, which come
 * after a run that built it (and may run beside another vitest reading dist-cli/).
 */
import { spawnSync } from 'node:child_process';

export default function buildCli(): void {
  if (process.env['AGENTCARD_CLI_BUILT']) return;
  const root = new URL('../..', import.meta.url).pathname;
  const build = spawnSync('npm', ['run', 'build:cli'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0)
    throw new Error(`npm run build:cli failed:\n${build.stdout}${build.stderr}`);
}
