/**
 * `<agentcard-playground>`: a live AgentCard playground in a documentation page with one script tag.
 *
 * ```html
 * <script src="https://playground.example/agentcard-playground.js" defer></script>
 * <agentcard-playground view="split" theme="auto">
 *   <script type="text/agentcard" data-file="sizer.md">
 *     ---
 *     type: agent
 *     ---
 *     Estimate sizes.
 *   </script>
 * </agentcard-playground>
 * ```
 *
 * The element frames `embed.html` (found beside this script, or at its `src` attribute), sends it the inline
 * cards once it is `ready`, sizes the frame to the embed's content height (unless `height` is set), and
 * re-emits `ready`, `diagnostics` and `compiled` as `CustomEvent`s whose `detail` is the message's payload.
 * It accepts messages only from its own frame's window and the embed's origin, validated; it tells the embed
 * to talk to this page's origin only. Attributes: `view`, `readonly`, `theme`, `profile`, `height`, `file`,
 * `lines`, `load` (`click`), `permalink` (`#v1:…`), `src`. `theme` and `readonly` apply live; changing the
 * others reloads the frame. `docs/embedding.md` is the manual.
 */
import {
  makeMessage,
  parseEmbedMessage,
  type EmbedMessage,
  type HostMessage,
} from '../embed-protocol.ts';
import { embedUrl } from './embed-url.ts';
import { filesOfInlineCards, INLINE_CARD_TYPE } from './inline-cards.ts';

/** The element's tag name. */
export const TAG_NAME = 'agentcard-playground';

// Captured while the script runs: `document.currentScript` is null in any later callback.
const scriptUrl = (document.currentScript as HTMLScriptElement | null)?.src;

const RELOADING = ['view', 'profile', 'file', 'lines', 'load', 'permalink', 'src'];

/** The custom element; see the module comment. */
export class AgentCardPlaygroundElement extends HTMLElement {
  static readonly observedAttributes = [...RELOADING, 'theme', 'readonly', 'height'];

  private frame: HTMLIFrameElement | undefined;
  private embedOrigin: string | undefined;
  private ready = false;
  private pendingFiles: { files: Record<string, string>; active?: string } | undefined;
  private readonly onMessage = (event: MessageEvent): void => this.receive(event);

  connectedCallback(): void {
    if (!this.frame) this.build();
    addEventListener('message', this.onMessage);
  }

  disconnectedCallback(): void {
    removeEventListener('message', this.onMessage);
  }

  attributeChangedCallback(name: string, before: string | null, after: string | null): void {
    if (!this.frame || before === after) return;
    if (name === 'theme') this.post(makeMessage('setTheme', { theme: this.theme }));
    else if (name === 'readonly')
      this.post(makeMessage('setReadonly', { readonly: this.hasAttribute('readonly') }));
    else if (name === 'height') this.applyHeight(undefined);
    else this.load();
  }

  /** The `theme` attribute, `auto` when missing or unknown. */
  get theme(): 'auto' | 'light' | 'dark' {
    const theme = this.getAttribute('theme');
    return theme === 'light' || theme === 'dark' ? theme : 'auto';
  }

  /**
   * Replaces the embed's files (path → text; `active` is shown first). Sent at once when the embed is ready,
   * else when it becomes ready. Inline cards are replaced too.
   */
  setFiles(files: Record<string, string>, active?: string): void {
    this.pendingFiles = { files: { ...files }, ...(active === undefined ? {} : { active }) };
    if (this.ready) this.sendFiles();
  }

  private build(): void {
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    const frame = document.createElement('iframe');
    frame.title = this.getAttribute('aria-label') ?? 'AgentCard playground';
    frame.setAttribute('loading', 'lazy');
    frame.setAttribute('allow', 'clipboard-write');
    // Style properties, not a style sheet or attribute: they pass a host page's strict style-src.
    this.style.display = 'block';
    frame.style.display = 'block';
    frame.style.width = '100%';
    frame.style.border = '0';
    root.replaceChildren(frame);
    this.frame = frame;
    this.load();
  }

  private load(): void {
    const frame = this.frame!;
    const page = this.pageUrl();
    if (!page) {
      console.error(
        `<${TAG_NAME}>: cannot tell where embed.html is; give the element a src attribute.`,
      );
      return;
    }
    this.embedOrigin = page.origin;
    // A sandbox keeps a cross-origin embed from navigating the page. (With the page's own origin it would
    // be moot: a same-origin frame allowed to run scripts can lift it, and browsers warn about that.)
    if (page.origin !== location.origin)
      frame.setAttribute(
        'sandbox',
        'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-downloads',
      );
    else frame.removeAttribute('sandbox');
    const lines = Number(this.getAttribute('lines'));
    this.applyHeight(lines >= 1 ? Math.round(lines * 21 + 80) : 200);
    const src = embedUrl(page, {
      view: this.getAttribute('view'),
      readonly: this.hasAttribute('readonly'),
      theme: this.getAttribute('theme'),
      profile: this.getAttribute('profile'),
      file: this.getAttribute('file'),
      lines: this.getAttribute('lines'),
      load: this.getAttribute('load'),
      origins: location.origin.startsWith('http') ? [location.origin] : [],
      permalink: this.getAttribute('permalink'),
    });
    // Only a new fragment: the embed stays loaded (and ready) and opens the new link itself.
    if (frame.src.split('#')[0] !== src.split('#')[0]) this.ready = false;
    frame.src = src;
  }

  private pageUrl(): URL | undefined {
    try {
      const src = this.getAttribute('src');
      if (src) return new URL(src, document.baseURI);
      return scriptUrl ? new URL('embed.html', scriptUrl) : undefined;
    } catch {
      return undefined;
    }
  }

  /** Applies `height` (pixels or a CSS length); without it, `auto` follows the embed (`contentHeight`). */
  private applyHeight(contentHeight: number | undefined): void {
    const fixed = this.getAttribute('height');
    if (fixed && fixed !== 'auto') {
      this.frame!.style.height = /^\d+$/.test(fixed) ? `${fixed}px` : fixed;
    } else if (contentHeight !== undefined) {
      this.frame!.style.height = `${contentHeight}px`;
    }
  }

  private receive(event: MessageEvent): void {
    if (!this.frame || event.source !== this.frame.contentWindow) return;
    if (event.origin !== this.embedOrigin) return;
    const message = parseEmbedMessage(event.data);
    if (!message) return;
    this.handle(message);
  }

  private handle(message: EmbedMessage): void {
    switch (message.type) {
      case 'resize':
        this.applyHeight(message.payload.height);
        return;
      case 'ready':
        this.ready = true;
        // The attributes may have changed while the frame loaded with the old ones in its URL.
        if (message.payload.theme !== this.theme)
          this.post(makeMessage('setTheme', { theme: this.theme }));
        if (message.payload.readonly !== this.hasAttribute('readonly'))
          this.post(makeMessage('setReadonly', { readonly: this.hasAttribute('readonly') }));
        if (!this.pendingFiles) this.readInlineCards();
        if (this.pendingFiles) this.sendFiles();
        break;
      case 'rejected':
        console.warn(`<${TAG_NAME}>: the playground rejected a message: ${message.payload.reason}`);
        break;
    }
    this.dispatchEvent(new CustomEvent(message.type, { detail: message.payload, bubbles: true }));
  }

  private readInlineCards(): void {
    const scripts = [...this.querySelectorAll(`script[type="${INLINE_CARD_TYPE}"]`)].filter(
      (script) => script.parentElement === this,
    );
    const files = filesOfInlineCards(
      scripts.map((script) => ({
        file: script.getAttribute('data-file') ?? undefined,
        text: script.textContent ?? '',
      })),
    );
    if (Object.keys(files).length === 0) return;
    const wanted = this.getAttribute('file');
    this.pendingFiles = {
      files,
      ...(wanted && Object.hasOwn(files, wanted) ? { active: wanted } : {}),
    };
  }

  private sendFiles(): void {
    if (!this.pendingFiles) return;
    this.post(makeMessage('setFiles', this.pendingFiles));
  }

  private post(message: HostMessage): void {
    if (this.ready && this.embedOrigin)
      this.frame?.contentWindow?.postMessage(message, this.embedOrigin);
  }
}

if (!customElements.get(TAG_NAME)) customElements.define(TAG_NAME, AgentCardPlaygroundElement);
