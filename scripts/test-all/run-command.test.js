import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCommand, stopAll } from './run-command.js';

const OLD_SUITE_CAP_MS = 8 * 60_000;

afterEach(() => {
  vi.useRealTimers();
});

describe('runCommand', () => {
  it('lets a command run past the old eight-minute cap and reports it passed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'run-command-'));
    const started = path.join(dir, 'started');
    const go = path.join(dir, 'go');
    // The command says it started, then waits (on its own, real clock) until the test lets it end.
    const script = `require('fs').writeFileSync(${JSON.stringify(started)}, '');
      setInterval(() => require('fs').existsSync(${JSON.stringify(go)}) && process.exit(0), 20);`;
    // The runner's clock is fake: advancing it by nine minutes fires any time limit it set.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date'] });
    try {
      const pending = runCommand(process.execPath, ['-e', script], { cwd: dir, capture: true });
      while (!existsSync(started)) await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(OLD_SUITE_CAP_MS + 60_000);
      writeFileSync(go, '');
      const result = await pending;
      expect(result).toMatchObject({ code: 0, stopped: false });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the output of a captured command, stdout and stderr together', async () => {
    const result = await runCommand(
      process.execPath,
      ['-e', 'process.stdout.write("out\\n"); process.stderr.write("err\\n"); process.exit(3)'],
      { cwd: process.cwd(), capture: true },
    );
    expect(result.code).toBe(3);
    expect(result.output).toContain('out\n');
    expect(result.output).toContain('err\n');
  });

  it('resolves with code 127 when the command cannot start', async () => {
    const result = await runCommand('/nonexistent/command', [], {
      cwd: process.cwd(),
      capture: true,
    });
    expect(result.code).toBe(127);
    expect(result.output).toContain('/nonexistent/command');
  });

  it('stops a running command and its children when asked, and says it was stopped', async () => {
    const pending = runCommand(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      cwd: process.cwd(),
      capture: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    stopAll();
    const result = await pending;
    expect(result.stopped).toBe(true);
    expect(result.code).not.toBe(0);
  });
});
