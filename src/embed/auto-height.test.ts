import { afterEach, describe, expect, it, vi } from 'vitest';
import { observeHeight } from './auto-height.ts';

/** A ResizeObserver that fires only when the test says so, as a hidden cross-origin frame's does not. */
class FakeResizeObserver {
  static last: FakeResizeObserver | undefined;
  observed = 0;
  constructor(readonly callback: () => void) {
    FakeResizeObserver.last = this;
  }
  observe(): void {
    this.observed++;
  }
  disconnect(): void {
    this.observed = 0;
  }
}

function element(heights: number[]): Element {
  let at = 0;
  return {
    getBoundingClientRect: () => ({ height: heights[Math.min(at++, heights.length - 1)] }),
  } as unknown as Element;
}

afterEach(() => vi.unstubAllGlobals());

describe('observeHeight', () => {
  it('reports at once, then each changed height, rounded up, from the observer and from measure()', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const reported: number[] = [];
    const heights = observeHeight(element([0, 120.2, 120.9, 266, 266, 125]), (h) =>
      reported.push(h),
    );
    expect(reported).toEqual([0]);
    FakeResizeObserver.last!.callback();
    FakeResizeObserver.last!.callback();
    expect(reported).toEqual([0, 121]);
    // The content changed and no rendering step has run: measure() reports it before the caller goes on.
    heights.measure();
    heights.measure();
    expect(reported).toEqual([0, 121, 266]);
    FakeResizeObserver.last!.callback();
    expect(reported).toEqual([0, 121, 266, 125]);
  });

  it('stops observing', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const heights = observeHeight(element([10]), () => {});
    expect(FakeResizeObserver.last!.observed).toBe(1);
    heights.stop();
    expect(FakeResizeObserver.last!.observed).toBe(0);
  });
});
