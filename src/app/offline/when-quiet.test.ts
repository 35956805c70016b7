import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenQuiet } from './when-quiet.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup() {
  const page = new EventTarget();
  let load!: () => void;
  const started = new Promise<void>((resolve) => (load = resolve));
  const runs: number[] = [];
  const stop = whenQuiet(page, started, () => runs.push(Date.now()), 2000);
  const input = (type = 'keydown') => page.dispatchEvent(new Event(type));
  return { page, load, runs, stop, input };
}

describe('whenQuiet', () => {
  it('waits for the page to load, then for a pause in the input, and runs once', async () => {
    const { load, runs, input } = setup();
    const t0 = Date.now();
    await vi.advanceTimersByTimeAsync(5000);
    input();
    expect(runs).toEqual([]);
    load();
    await vi.advanceTimersByTimeAsync(1500);
    input('keydown');
    await vi.advanceTimersByTimeAsync(1500);
    input('pointerdown');
    await vi.advanceTimersByTimeAsync(1999);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    // Loaded at 5 s, the last input at 8 s: the pause ends at 10 s.
    expect(runs).toEqual([t0 + 10_000]);
    input();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toHaveLength(1);
  });

  it('runs in the idle period the browser offers, unless input came meanwhile', async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const { load, runs, input } = setup();
    load();
    await vi.advanceTimersByTimeAsync(2000);
    expect(idle).toHaveLength(1);
    input();
    idle[0]!();
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(2000);
    idle[1]!();
    expect(runs).toHaveLength(1);
  });

  it('can be cancelled', async () => {
    const { load, runs, stop } = setup();
    load();
    stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toEqual([]);
  });
});
