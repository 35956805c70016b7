/**
 * The whole-run guard of `npm test`: the only wall-clock limit on the run. Suites have no time limit
 * of their own (a loaded machine makes any suite slow, and slow is not failed); a test that hangs is
 * caught by its framework's per-test time-out, and anything else that hangs by this guard, which
 * fires once, long after a slow run would have ended, and says what was still running.
 */

/** One hour: well inside CI's 90 minutes, about ten times a quiet run. */
export const RUN_LIMIT_MS = 60 * 60_000;

/**
 * What is running now: a suite's name and, when it can tell, what inside it is in progress (the
 * Playwright tests that started and have not ended).
 * @typedef {{ name: string, detail: () => string[] }} Running
 */

/**
 * Times the whole run and keeps the list of what is running.
 */
export class RunGuard {
  /** @type {Set<Running>} */
  #running = new Set();
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  #timer;
  #expired = false;

  /**
   * @param {{ limitMs?: number, onExpire: (message: string) => void }} options `onExpire` is
   *   called once, with {@link expiryMessage}'s text, when the run goes past `limitMs`.
   */
  constructor({ limitMs = RUN_LIMIT_MS, onExpire }) {
    this.limitMs = limitMs;
    this.onExpire = onExpire;
  }

  /** Starts the clock (the timer does not keep Node alive). */
  start() {
    this.#timer = setTimeout(() => {
      this.#expired = true;
      this.onExpire(expiryMessage(this.limitMs, this.running()));
    }, this.limitMs);
    this.#timer.unref?.();
  }

  /** Stops the clock: the run is over. */
  stop() {
    clearTimeout(this.#timer);
  }

  /** Whether the run went past its limit (nothing new should start then). */
  get expired() {
    return this.#expired;
  }

  /**
   * Records that a suite is running until the returned function is called.
   * @param {string} name
   * @param {() => string[]} [detail] what inside it is in progress, read when the guard fires
   * @returns {() => void}
   */
  begin(name, detail = () => []) {
    const entry = { name, detail };
    this.#running.add(entry);
    return () => this.#running.delete(entry);
  }

  /**
   * What is running now, each with what is in progress inside it.
   * @returns {{ name: string, detail: string[] }[]}
   */
  running() {
    return [...this.#running].map((r) => ({ name: r.name, detail: safeDetail(r.detail) }));
  }
}

/**
 * @param {() => string[]} detail
 * @returns {string[]}
 */
function safeDetail(detail) {
  try {
    return detail();
  } catch (error) {
    return [`(could not tell: ${error instanceof Error ? error.message : String(error)})`];
  }
}

/**
 * The guard's message: how long the run went on and what was still running.
 * @param {number} limitMs
 * @param {{ name: string, detail: string[] }[]} running
 * @returns {string}
 */
export function expiryMessage(limitMs, running) {
  const head = `!! npm test has run for ${limitMs / 60_000} min: stopping it.`;
  if (running.length === 0) return `${head} Nothing was running.`;
  const lines = running.flatMap((r) => [
    `!!   still running: ${r.name}`,
    ...r.detail.map((d) => `!!     in progress: ${d}`),
  ]);
  return [head, ...lines].join('\n');
}
