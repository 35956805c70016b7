import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const major = (version: string) => version.replace(/^v/, '').split('.')[0];
/**
 * The Node major these tests must run under: set by `npm test` (scripts/test-all.js) when it runs
 * them again under another supported major, else the one running them.
 */
const EXPECTED = process.env['AGENTCARD_EXPECT_NODE_MAJOR'] ?? major(process.version);

describe(`the CLI tests under Node ${EXPECTED}`, () => {
  it('run in the Node major they were asked for', () => {
    expect(major(process.version)).toBe(EXPECTED);
  });

  it('run the bin with that same Node (the first `node` on the PATH)', () => {
    const child = spawnSync('node', ['-p', 'process.version'], { encoding: 'utf8' });
    expect(major(child.stdout.trim())).toBe(EXPECTED);
  });
});
