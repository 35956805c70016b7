/**
 * Instrumentation the browser benchmark puts into the page. None of it changes what the app does:
 * it wraps the `Worker` constructor to time the analysis requests and answers, and listens for
 * `keydown` in the capture phase of `window` to time keystrokes.
 *
 * Functions here run in the page (they are passed to Playwright's `addInitScript` and `evaluate`), so
 * they must not close over anything of this module.
 */

/**
 * Init script (before the app's code): subclasses `Worker` so that, per analysis revision, the page
 * records when the `check` request was posted (`posts`), when its `result` reached the main thread
 * (`answers`, before the app's handler ran) and when the app had handled it (`handled`: a microtask
 * queued after the handler, so after the microtasks the handler queued, such as Svelte's effect flush).
 * Times are `performance.now()` in ms. Stored on `window.__benchWorker`.
 */
export function instrumentWorker() {
  const Native = window.Worker;
  const log = { posts: new Map(), answers: new Map(), handled: new Map() };
  /** @type {any} */ (window).__benchWorker = log;
  /** @param {any} data */
  const resultRev = (data) =>
    data && typeof data === 'object' && data.type === 'result' ? data.rev : undefined;
  class TimedWorker extends Native {
    /** @param {string | URL} url @param {WorkerOptions} [options] */
    constructor(url, options) {
      super(url, options);
      this.addEventListener('message', (event) => {
        const rev = resultRev(event.data);
        if (rev !== undefined) log.answers.set(rev, performance.now());
      });
    }
    /** @param {any} message @param {any} [transfer] */
    postMessage(message, transfer) {
      if (message && message.type === 'check') log.posts.set(message.rev, performance.now());
      return super.postMessage(message, transfer);
    }
    /** @param {((event: MessageEvent) => void) | null} handler */
    set onmessage(handler) {
      super.onmessage = handler
        ? (event) => {
            handler.call(this, event);
            const rev = resultRev(event.data);
            if (rev !== undefined) queueMicrotask(() => log.handled.set(rev, performance.now()));
          }
        : null;
    }
    get onmessage() {
      return super.onmessage;
    }
  }
  window.Worker = TimedWorker;
}

/**
 * Page script: installs `window.__benchProbe`, which times one keystroke at a time.
 *
 * `probe.arm()` notes the analysis revision shown now; the next `keydown` (capture listener on
 * `window`, `performance.now()`) starts the clock; the clock stops in the first `requestAnimationFrame`
 * callback that finds `model.analysis` at a newer revision and not stale, that is, the first frame
 * after the analysis of that edit (or a later one) was applied. `probe.result()` resolves with the
 * figures, or rejects when nothing arrives within `timeoutMs`.
 * @param {number} timeoutMs
 */
export function installKeystrokeProbe(timeoutMs) {
  // Once per page: the card is typed in several blocks, and a second keydown listener would time twice.
  if (/** @type {any} */ (window).__benchProbe) return;
  const model = /** @type {any} */ (window).agentcard.model;
  const worker = /** @type {any} */ (window).__benchWorker;
  /** @type {{ base: number, t0?: number, echo?: number } | null} */
  let pending = null;
  /** @type {Promise<unknown> | null} */
  let latest = null;
  window.addEventListener(
    'keydown',
    () => {
      const mine = pending;
      if (!mine || mine.t0 !== undefined) return;
      mine.t0 = performance.now();
      // The keystroke's own frame (the typed character on screen): the floor for anything after it.
      requestAnimationFrame(() => (mine.echo = performance.now()));
    },
    { capture: true },
  );
  const probe = {
    arm() {
      const base = model.analysis.rev;
      /** @type {(value: unknown) => void} */
      let resolve = () => {};
      /** @type {(error: Error) => void} */
      let reject = () => {};
      const done = new Promise((res, rej) => ((resolve = res), (reject = rej)));
      /** @type {{ base: number, t0?: number, echo?: number }} */
      const mine = { base };
      pending = mine;
      latest = done;
      const timer = setTimeout(() => {
        if (pending === mine) pending = null;
        reject(
          new Error(
            `no analysis newer than revision ${base} within ${timeoutMs} ms` +
              (mine.t0 === undefined ? ' (and no keydown reached the page)' : ''),
          ),
        );
      }, timeoutMs);
      const tick = () => {
        if (pending !== mine) return;
        const analysis = model.analysis;
        if (mine.t0 !== undefined && analysis.rev > base && !model.analysisStale) {
          const frame = performance.now();
          clearTimeout(timer);
          pending = null;
          const rev = analysis.rev;
          const active = model.workspace.active;
          resolve({
            latency: frame - mine.t0,
            keydown: mine.t0,
            posted: worker?.posts.get(rev),
            answered: worker?.answers.get(rev),
            handled: worker?.handled.get(rev),
            frame,
            echo: mine.echo ?? frame,
            took: analysis.took,
            rev,
            revs: rev - base,
            codes: analysis.diagnostics
              .filter((/** @type {any} */ d) => d.file === active)
              .map((/** @type {any} */ d) => d.code),
          });
          return;
        }
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    },
    result() {
      if (!latest) throw new Error('arm() first');
      return latest;
    },
  };
  /** @type {any} */ (window).__benchProbe = probe;
}

/**
 * Page script: resolves once the model shows a non-stale analysis of every edit made so far (its
 * revision is the newest one posted to the worker), or rejects after `timeoutMs`.
 * @param {number} timeoutMs
 */
export function waitForSettled(timeoutMs) {
  const model = /** @type {any} */ (window).agentcard.model;
  const worker = /** @type {any} */ (window).__benchWorker;
  const deadline = performance.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const check = () => {
      const newest = worker ? Math.max(0, ...worker.posts.keys()) : 0;
      const a = model.analysis;
      if (!model.analysisStale && a.rev > 0 && a.rev >= newest) return resolve(a.rev);
      if (performance.now() > deadline)
        return reject(new Error(`analysis not settled after ${timeoutMs} ms (rev ${a.rev})`));
      setTimeout(check, 20);
    };
    check();
  });
}
