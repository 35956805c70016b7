// The host side of an AgentCard Playground iframe embed, as docs/embedding.md describes it: plain script,
// no dependencies. For every <iframe class="agentcard-embed"> on the page it follows the embed's height and
// shows its problem counts in the element named by the iframe's data-status attribute (as text, never HTML).
// Only messages from that iframe's window and the playground's origin, with the protocol's envelope, count.
(() => {
  const SOURCE = 'agentcard-playground';
  const frames = [...document.querySelectorAll('iframe.agentcard-embed')];

  addEventListener('message', (event) => {
    const frame = frames.find((f) => f.contentWindow === event.source);
    if (!frame || event.origin !== new URL(frame.src).origin) return;
    const message = event.data;
    if (typeof message !== 'object' || message === null) return;
    if (message.source !== SOURCE || message.version !== 1) return;
    const payload = message.payload;
    if (typeof payload !== 'object' || payload === null) return;
    if (message.type === 'resize' && Number.isFinite(payload.height) && payload.height >= 0) {
      frame.style.height = `${Math.ceil(payload.height)}px`;
    } else if (message.type === 'diagnostics' && typeof payload.counts === 'object') {
      const status = document.getElementById(frame.dataset.status ?? '');
      const { error, warning } = payload.counts;
      if (status && Number.isInteger(error) && Number.isInteger(warning))
        status.textContent = `${error} error(s), ${warning} warning(s)`;
    }
  });

  // Buttons with data-send-theme="dark" (and data-target="iframe id") switch an embed's theme.
  for (const button of document.querySelectorAll('[data-send-theme]')) {
    button.addEventListener('click', () => {
      const frame = document.getElementById(button.dataset.target ?? '');
      if (!(frame instanceof HTMLIFrameElement) || !frame.contentWindow) return;
      const message = {
        source: SOURCE,
        version: 1,
        type: 'setTheme',
        payload: { theme: button.dataset.sendTheme },
      };
      frame.contentWindow.postMessage(message, new URL(frame.src).origin);
    });
  }
})();
