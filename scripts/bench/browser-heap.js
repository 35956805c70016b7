/**
 * The JavaScript heap of a page and of its analysis worker, after a full garbage collection, through the
 * Chrome DevTools Protocol (the worker is reached through the page's session: `Target.setAutoAttach`
 * without flattening, messages wrapped in `Target.sendMessageToTarget`).
 */

/**
 * @typedef {object} HeapFigure
 * @property {number} page Bytes used by the page's heap.
 * @property {number | null} worker Bytes used by the analysis worker's heap (null: not found).
 */

/**
 * Attaches to `page` and its analysis worker; `measure()` collects garbage in both and reads their heaps.
 * @param {import('@playwright/test').BrowserContext} context
 * @param {import('@playwright/test').Page} page
 * @returns {Promise<{ measure: () => Promise<HeapFigure>, detach: () => Promise<void> }>}
 */
export async function watchHeaps(context, page) {
  const cdp = await context.newCDPSession(page);
  /** @type {string | undefined} */
  let worker;
  let nextId = 1;
  /** @type {Map<number, (result: any) => void>} */
  const pending = new Map();
  cdp.on('Target.attachedToTarget', (e) => {
    if (e.targetInfo.type === 'worker' && e.targetInfo.url.includes('analysis'))
      worker = e.sessionId;
  });
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const message = JSON.parse(e.message);
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  });
  await cdp.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: false,
    flatten: false,
  });
  /** @param {string} method @returns {Promise<any>} */
  const toWorker = (method) =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      void cdp.send('Target.sendMessageToTarget', {
        sessionId: /** @type {string} */ (worker),
        message: JSON.stringify({ id, method, params: {} }),
      });
    });
  return {
    async measure() {
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      if (worker === undefined) return { page: usedSize, worker: null };
      await toWorker('HeapProfiler.collectGarbage');
      const used = await toWorker('Runtime.getHeapUsage');
      return { page: usedSize, worker: used?.usedSize ?? null };
    },
    detach: () => cdp.detach(),
  };
}
