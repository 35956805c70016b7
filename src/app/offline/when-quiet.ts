/**
 * When to install the offline copy. The service worker's first install fetches and stores the whole build
 * (about 2 MB) and the browser compiles its scripts: about a second of CPU over about three, which on a
 * two-core machine shows in every keystroke typed meanwhile. So the playground registers it only once the
 * page has loaded and the user has paused: no key, pointer press or paste for a little while.
 */

/** The page events `whenQuiet` listens to (a `Window` has them). */
export interface QuietPage {
  addEventListener(type: string, listener: () => void, options?: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: () => void, options?: EventListenerOptions): void;
}

/** Input that counts as the user at work. */
const INPUT_EVENTS = ['keydown', 'pointerdown', 'paste', 'drop', 'wheel'] as const;

/** How long without input counts as a pause, in ms. */
export const QUIET_MS = 2000;

/**
 * Calls `run` once, after `started` (the page's `load`) resolves and then `quietMs` pass with no input
 * event on `page`, each one starting the wait again; in an idle period where the browser offers one.
 * Returns the function that cancels it.
 */
export function whenQuiet(
  page: QuietPage,
  started: Promise<unknown>,
  run: () => void,
  quietMs = QUIET_MS,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting = false;
  let done = false;
  // Each input starts the wait again; a pause's idle callback that comes after newer input does nothing.
  let generation = 0;
  const wait = (): void => {
    if (!waiting || done) return;
    generation++;
    clearTimeout(timer);
    timer = setTimeout(pause, quietMs, generation);
  };
  const pause = (of: number): void => {
    const idle = (globalThis as { requestIdleCallback?: (callback: () => void) => void })
      .requestIdleCallback;
    if (idle) idle(() => finish(of));
    else finish(of);
  };
  const finish = (of: number): void => {
    if (done || of !== generation) return;
    stop();
    run();
  };
  const stop = (): void => {
    done = true;
    clearTimeout(timer);
    for (const type of INPUT_EVENTS) page.removeEventListener(type, wait, { capture: true });
  };
  for (const type of INPUT_EVENTS)
    page.addEventListener(type, wait, { capture: true, passive: true });
  void started.then(() => {
    waiting = true;
    wait();
  });
  return stop;
}

/** A promise of the page's `load` event (resolved at once when it has happened). */
export function loaded(doc: Document, win: Window): Promise<void> {
  if (doc.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => win.addEventListener('load', () => resolve(), { once: true }));
}
