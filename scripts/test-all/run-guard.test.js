import { afterEach, describe, expect, it, vi } from 'vitest';
import { expiryMessage, RUN_LIMIT_MS, RunGuard } from './run-guard.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('RunGuard', () => {
  it('stays quiet through a suite that runs past the old eight-minute cap', async () => {
    vi.useFakeTimers();
    const onExpire = vi.fn();
    const guard = new RunGuard({ onExpire });
    guard.start();
    const end = guard.begin('e2e tests');
    await vi.advanceTimersByTimeAsync(9 * 60_000);
    end();
    guard.stop();
    await vi.advanceTimersByTimeAsync(2 * RUN_LIMIT_MS);
    expect(onExpire).not.toHaveBeenCalled();
    expect(guard.expired).toBe(false);
  });

  it('fires once at its limit, naming what runs and the tests in progress inside it', async () => {
    vi.useFakeTimers();
    const onExpire = vi.fn();
    const guard = new RunGuard({ limitMs: 60 * 60_000, onExpire });
    guard.start();
    guard.begin('e2e tests', () => ['[chromium] editing.spec.ts:12 › types (running for 3000 s)']);
    const endLint = guard.begin('lint');
    guard.begin('firefox');
    endLint();
    await vi.advanceTimersByTimeAsync(60 * 60_000 - 1);
    expect(onExpire).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(guard.expired).toBe(true);
    expect(onExpire).toHaveBeenCalledTimes(1);
    const message = onExpire.mock.calls[0]?.[0];
    expect(message).toContain('60 min');
    expect(message).toContain('still running: e2e tests');
    expect(message).toContain('in progress: [chromium] editing.spec.ts:12 › types');
    expect(message).toContain('still running: firefox');
    expect(message).not.toContain('lint');
  });

  it('names the suite even when what is in progress inside it cannot be read', () => {
    const guard = new RunGuard({ onExpire: () => {} });
    guard.begin('e2e tests', () => {
      throw new Error('no progress log');
    });
    expect(guard.running()).toEqual([
      { name: 'e2e tests', detail: ['(could not tell: no progress log)'] },
    ]);
  });
});

describe('expiryMessage', () => {
  it('says when nothing was running', () => {
    expect(expiryMessage(RUN_LIMIT_MS, [])).toMatch(/Nothing was running/);
  });
});
