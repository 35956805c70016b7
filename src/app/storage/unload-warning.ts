/**
 * The browser's "leave this page?" prompt, asked only while leaving would lose a change: the last resort when
 * a change is neither saved nor journalled (see `AgentModel.unsavedAtRisk`).
 */

/** The parts of `window` that `warnBeforeUnload` uses. */
export interface UnloadEvents {
  addEventListener(type: 'beforeunload', listener: (event: BeforeUnloadEvent) => void): void;
  removeEventListener(type: 'beforeunload', listener: (event: BeforeUnloadEvent) => void): void;
}

/**
 * Asks the browser to confirm leaving the page whenever `atRisk()` is true at that moment. Returns the
 * function that stops it.
 */
export function warnBeforeUnload(atRisk: () => boolean, page: UnloadEvents = window): () => void {
  const listener = (event: BeforeUnloadEvent) => {
    if (!atRisk()) return;
    event.preventDefault();
    // Older browsers show the prompt only when returnValue is set.
    event.returnValue = '';
  };
  page.addEventListener('beforeunload', listener);
  return () => page.removeEventListener('beforeunload', listener);
}
