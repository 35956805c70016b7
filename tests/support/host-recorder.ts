/**
 * What the embed stories install in a docs page before its own scripts run: in every frame (the embeds too)
 * a count of `indexedDB.open` calls (`__idbOpens`); in the top page a record of every message received
 * (`__received`: the id of the iframe, or of the `<agentcard-playground>` holding it, it came from, its origin
 * and data), of every `ready`, `diagnostics` and `compiled` DOM event (`__events`) and of every CSP violation
 * (`__violations`). Playwright installs it with `addInitScript` (tests/e2e/embed-host.ts); the Firefox and
 * WebKit suites serve it as the docs pages' first script (tests/browsers/docs-site.js, which loads this module
 * compiled on the fly: it runs in the page, so it must stay self-contained, with no imports).
 */
export function installHostRecorders(): void {
  const w = window as unknown as Record<string, unknown>;
  w['__idbOpens'] = 0;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with .apply(this, args)
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (this: IDBFactory, ...args: [string, number?]) {
    w['__idbOpens'] = (w['__idbOpens'] as number) + 1;
    return open.apply(this, args);
  };
  if (window !== window.top) return;
  const received: unknown[] = [];
  const events: unknown[] = [];
  const violations: string[] = [];
  Object.assign(w, { __received: received, __events: events, __violations: violations });
  const frameName = (source: MessageEventSource | null): string => {
    for (const frame of document.querySelectorAll('iframe'))
      if (frame.contentWindow === source) return frame.id;
    for (const element of document.querySelectorAll('agentcard-playground'))
      if (element.shadowRoot?.querySelector('iframe')?.contentWindow === source) return element.id;
    return '';
  };
  addEventListener('message', (event) =>
    received.push({ from: frameName(event.source), origin: event.origin, data: event.data }),
  );
  for (const type of ['ready', 'diagnostics', 'compiled'])
    document.addEventListener(type, (event) =>
      events.push({
        type,
        target: (event.target as Element).id,
        detail: (event as CustomEvent).detail,
      }),
    );
  document.addEventListener('securitypolicyviolation', (event) =>
    violations.push(`${event.violatedDirective} ${event.blockedURI}`),
  );
}
