/**
 * Auto-height: reports an element's height whenever it changes, so the host can size the iframe to it and the
 * embed never shows an inner scrollbar.
 */

/**
 * Calls `onHeight` with `element`'s border-box height in CSS pixels, rounded up to a whole pixel: once at once,
 * then after every change (ResizeObserver), never twice in a row with the same value. Returns the function that
 * stops observing.
 */
export function observeHeight(element: Element, onHeight: (height: number) => void): () => void {
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
  return () => observer.disconnect();
}
