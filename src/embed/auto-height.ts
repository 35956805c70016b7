/**
 * Auto-height: reports an element's height whenever it changes, so the host can size the iframe to it and the
 * embed never shows an inner scrollbar.
 */

/** What `observeHeight` returns. */
export interface HeightObserver {
  /**
   * Measures now (a forced layout) and reports a changed height at once. Browsers do not run a hidden
   * cross-origin frame's rendering, so its ResizeObserver stays silent until the host shows it: the embed
   * measures this way before it tells the host something that makes the host show it.
   */
  measure(): void;
  /** Stops observing. */
  stop(): void;
}

/**
 * Calls `onHeight` with `element`'s border-box height in CSS pixels, rounded up to a whole pixel: once at once,
 * then after every change (ResizeObserver) and every `measure()`, never twice in a row with the same value.
 */
export function observeHeight(
  element: Element,
  onHeight: (height: number) => void,
): HeightObserver {
  let last = -1;
  const measure = (): void => {
    const height = Math.ceil(element.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    onHeight(height);
  };
  const observer = new ResizeObserver(measure);
  observer.observe(element);
  measure();
  return { measure, stop: () => observer.disconnect() };
}
