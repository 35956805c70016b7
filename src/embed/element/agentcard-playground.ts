/**
 * `<agentcard-playground>`: a live AgentCard playground in a documentation page with one script tag.
 *
 * ```html
 * <script src="https://playground.example/agentcard-playground.js" defer></script>
 * <agentcard-playground permalink="#v1:…" theme="inherit">
 *   <pre><code>---
 * type: agent
 * ---
 * Estimate sizes.</code></pre>
 * </agentcard-playground>
 * ```
 *
 * The content comes from the `permalink` attribute (what the Markdown plugins write), from `setFiles()` / the
 * `files` property, or from `<script type="text/agentcard" data-file="…">` children (plain HTML pages). Other
 * children (the plugins' static `<pre><code>`) are what readers without JavaScript see; the element shows them,
 * in a box as tall as the embed is expected to be, until its frame has loaded and checked the content, then
 * shows the frame, sized to the embed's content (unless `height` is set). The frame starts only as the element
 * nears the viewport, or, with `load="click"`, when the reader presses "Try it".
 *
 * It frames `embed.html` (found beside this script, or at the `src` attribute) and re-emits `ready`,
 * `diagnostics` and `compiled` as `CustomEvent`s whose `detail` is the message's payload. It accepts messages
 * only from its own frame's window and the embed's origin, validated; it tells the embed to talk to this page's
 * origin only.
 *
 * Framework-safe: every attribute has a property of the same name that mirrors it (`el.load = 'click'` sets the
 * attribute, `el.readonly = true` too), so a framework that sets properties (Vue) and one that sets attributes
 * both work; the element's own workings are `#private`. A property set before the element is defined is taken
 * over when it upgrades. `theme="inherit"` follows the page's own dark mode (`html.dark`, `data-theme`,
 * `color-scheme`) live; `--agentcard-accent` and `--agentcard-font` on the element (or any ancestor) set the
 * embed's accent colour and font. `docs/embedding.md` is the manual.
 */
import {
  makeMessage,
  parseEmbedMessage,
  type EmbedMessage,
  type HostMessage,
} from '../embed-protocol.ts';
import { embedPageUrl, embedUrl, MAX_EMBED_URL } from './embed-url.ts';
import { estimateHeight, visualLines } from './estimate-height.ts';
import { fixedHeight } from './fixed-height.ts';
import { parseOutputShape } from './output-shape.ts';
import { parseProblemRows } from './problem-rows-shape.ts';
import { filesOfInlineCards, INLINE_CARD_TYPE } from './inline-cards.ts';
import { pageTheme, watchPageTheme } from './page-theme.ts';

/** The element's tag name. */
export const TAG_NAME = 'agentcard-playground';

// Captured while the script runs: `document.currentScript` is null in any later callback.
const scriptUrl = (document.currentScript as HTMLScriptElement | null)?.src;

/** Attributes whose change reloads a started frame. */
const RELOADING = ['view', 'profile', 'file', 'lines', 'permalink', 'src', 'hide', 'agents'];
/** The string attributes, each mirrored by a property of the same name. */
const STRING_ATTRIBUTES = [...RELOADING, 'theme', 'height', 'load'] as const;
/** How far outside the viewport a frame starts loading. */
const NEAR_VIEWPORT = '600px 0px';
/** How long after `ready` the frame is shown even if no check result came (content that cannot be checked). */
const REVEAL_TIMEOUT_MS = 4000;

type Files = { files: Record<string, string>; active?: string };

/** The custom element; see the module comment. */
export class AgentCardPlaygroundElement extends HTMLElement {
  static readonly observedAttributes = [...STRING_ATTRIBUTES, 'readonly'];

  // Mirrors of the attributes (defined on the prototype below): null when the attribute is absent.
  declare view: string | null;
  declare theme: string | null;
  declare profile: string | null;
  declare height: string | null;
  declare file: string | null;
  declare lines: string | null;
  declare load: string | null;
  declare permalink: string | null;
  declare src: string | null;
  declare hide: string | null;
  declare agents: string | null;

  #box: HTMLDivElement | undefined;
  #staticView: HTMLDivElement | undefined;
  #note: HTMLParagraphElement | undefined;
  #frame: HTMLIFrameElement | undefined;
  #embedOrigin: string | undefined;
  #ready = false;
  #revealed = false;
  #lastHeight: number | undefined;
  #pendingFiles: Files | undefined;
  #observer: IntersectionObserver | undefined;
  #stopTheme: (() => void) | undefined;
  #revealTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #onMessage = (event: MessageEvent): void => this.#receive(event);

  constructor() {
    super();
    // Properties a framework set before this element was defined are own properties that hide the
    // prototype's accessors: take them over.
    for (const name of [...STRING_ATTRIBUTES, 'readonly', 'files'] as const) {
      if (!Object.hasOwn(this, name)) continue;
      const value = (this as Record<string, unknown>)[name];
      delete (this as Record<string, unknown>)[name];
      (this as Record<string, unknown>)[name] = value;
    }
  }

  /** The `readonly` attribute as a boolean; setting it adds or removes the attribute. */
  get readonly(): boolean {
    return this.hasAttribute('readonly');
  }
  set readonly(value: boolean) {
    this.toggleAttribute('readonly', Boolean(value) && (value as unknown) !== 'false');
  }

  /** The files last given by `setFiles` or this property (undefined: none given). Setting it calls `setFiles`. */
  get files(): Record<string, string> | undefined {
    return this.#pendingFiles?.files;
  }
  set files(files: Record<string, string> | undefined) {
    if (files && typeof files === 'object') this.setFiles(files);
  }

  /**
   * Replaces the embed's files (path → text; `active` is shown first). Sent at once when the embed is ready,
   * else when it becomes ready. Inline cards and the permalink's content are replaced too.
   */
  setFiles(files: Record<string, string>, active?: string): void {
    this.#pendingFiles = { files: { ...files }, ...(active === undefined ? {} : { active }) };
    if (this.#ready) this.#sendFiles();
  }

  /** Starts the frame now, whether or not the element is near the viewport (what "Try it" does). */
  start(): void {
    if (!this.#box || this.#frame) return;
    this.#observer?.disconnect();
    this.#startFrame();
  }

  connectedCallback(): void {
    this.style.display = 'block';
    if (!this.#box) this.#build();
    addEventListener('message', this.#onMessage);
    this.#stopTheme = watchPageTheme(() => {
      if (this.getAttribute('theme') === 'inherit')
        this.#post(makeMessage('setTheme', { theme: this.#theme() }));
    });
    if (this.getAttribute('load') === 'click') return;
    if (typeof IntersectionObserver !== 'function') return this.start();
    this.#observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) this.start();
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    this.#observer.observe(this);
  }

  disconnectedCallback(): void {
    removeEventListener('message', this.#onMessage);
    this.#observer?.disconnect();
    this.#stopTheme?.();
    clearTimeout(this.#revealTimer);
    // A frame taken out of the page is gone; a later connect (client-side navigation back) starts afresh.
    this.#frame?.remove();
    this.#frame = undefined;
    this.#ready = false;
    this.#revealed = false;
    this.#lastHeight = undefined;
    this.#box?.remove();
    this.#box = undefined;
    this.#note = undefined;
  }

  attributeChangedCallback(name: string, before: string | null, after: string | null): void {
    if (before === after) return;
    if (name === 'lines' && this.#box && !this.#revealed) this.#reserve();
    if (!this.#frame) return;
    if (name === 'theme') this.#post(makeMessage('setTheme', { theme: this.#theme() }));
    else if (name === 'readonly')
      this.#post(makeMessage('setReadonly', { readonly: this.readonly }));
    else if (name === 'height') this.#applyHeight();
    else if (RELOADING.includes(name)) this.#navigate();
  }

  /** The shadow tree: a box holding the static code (a slot) and, once started, the frame. */
  #build(): void {
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    // Style properties, not a style sheet or attribute: they pass a host page's strict style-src.
    const box = document.createElement('div');
    box.setAttribute('part', 'box');
    box.style.position = 'relative';
    box.style.overflow = 'hidden';
    const staticView = document.createElement('div');
    staticView.setAttribute('part', 'static');
    staticView.style.position = 'absolute';
    staticView.style.inset = '0';
    staticView.style.overflow = 'auto';
    staticView.append(document.createElement('slot'));
    if (this.getAttribute('load') === 'click') staticView.append(this.#tryButton());
    box.append(staticView);
    root.replaceChildren(box);
    adoptHostStyle(root);
    this.#box = box;
    this.#staticView = staticView;
    this.#reserve();
  }

  #tryButton(): HTMLButtonElement {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Try it';
    button.setAttribute('part', 'try');
    button.setAttribute('aria-label', 'Try it: load the live AgentCard playground here');
    button.style.position = 'absolute';
    button.style.top = '0.5rem';
    button.style.right = '0.5rem';
    button.style.font = 'inherit';
    button.style.cursor = 'pointer';
    button.addEventListener('click', () => {
      button.disabled = true;
      button.textContent = 'Loading…';
      this.start();
    });
    return button;
  }

  /**
   * Reserves the room the embed is expected to take before it loads: from the shown file's lines (or `lines`),
   * the view, the element's width, its files and `readonly`, and what the plugins worked out at build time:
   * the problems the embed will list (`data-problems`, `data-problem-rows`) and its Output (`data-output`).
   */
  #reserve(): void {
    const fixed = this.#fixedHeight();
    if (fixed) {
      this.#box!.style.height = fixed;
      return;
    }
    const view = this.getAttribute('view');
    const width = this.getBoundingClientRect().width;
    const text = this.#shownText();
    const lines = Math.max(
      Number(this.getAttribute('lines')) || 0,
      text === undefined ? 0 : visualLines(text, view, width),
    );
    const files = [...this.querySelectorAll('pre.agentcard-static[data-file]')].map(
      (pre) => pre.getAttribute('data-file') ?? '',
    );
    this.#box!.style.height = `${estimateHeight({
      lines,
      view,
      width,
      problems: Number(this.getAttribute('data-problems')) || 0,
      problemRows: parseProblemRows(this.getAttribute('data-problem-rows')),
      output: parseOutputShape(this.getAttribute('data-output')),
      files,
      readonly: this.readonly,
    })}px`;
  }

  /**
   * The shown file's text: the first static code (the plugins' `pre.agentcard-static`, else any `<pre>`,
   * wherever a site's code-block component put it), else the first inline card, else undefined.
   */
  #shownText(): string | undefined {
    const pre = this.querySelector('pre.agentcard-static') ?? this.querySelector('pre');
    if (pre) return pre.textContent ?? '';
    const script = [...this.children].find(
      (child) => child.tagName === 'SCRIPT' && child.getAttribute('type') === INLINE_CARD_TYPE,
    );
    return script
      ? filesOfInlineCards([{ file: undefined, text: script.textContent ?? '' }])['card.md']
      : undefined;
  }

  #startFrame(): void {
    const frame = document.createElement('iframe');
    frame.title = this.getAttribute('aria-label') ?? 'AgentCard playground';
    frame.setAttribute('allow', 'clipboard-write');
    frame.style.position = 'absolute';
    frame.style.inset = '0';
    frame.style.width = '100%';
    frame.style.height = '100%';
    frame.style.border = '0';
    frame.style.display = 'block';
    // Hidden (but laid out, so it loads) until it has checked its content: the static code shows meanwhile.
    frame.style.visibility = 'hidden';
    this.#box!.append(frame);
    this.#frame = frame;
    this.#navigate();
  }

  /** Points the frame at the embed with the current attributes. */
  #navigate(): void {
    const frame = this.#frame!;
    const page = embedPageUrl(this.getAttribute('src'), document.baseURI, scriptUrl);
    if (!page) {
      console.error(
        `<${TAG_NAME}>: cannot tell where embed.html is; give the element a src attribute (an http: or https: URL).`,
      );
      return;
    }
    this.#embedOrigin = page.origin;
    // A sandbox keeps a cross-origin embed from navigating the page. (With the page's own origin it would
    // be moot: a same-origin frame allowed to run scripts can lift it, and browsers warn about that.)
    if (page.origin !== location.origin)
      frame.setAttribute(
        'sandbox',
        'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-downloads',
      );
    else frame.removeAttribute('sandbox');
    const style = getComputedStyle(this);
    const src = embedUrl(page, {
      view: this.getAttribute('view'),
      readonly: this.readonly,
      theme: this.#theme(),
      profile: this.getAttribute('profile'),
      file: this.getAttribute('file'),
      lines: this.getAttribute('lines'),
      hide: this.getAttribute('hide'),
      agents: this.getAttribute('agents'),
      accent: style.getPropertyValue('--agentcard-accent').trim() || null,
      font: style.getPropertyValue('--agentcard-font').trim() || null,
      origins: location.origin.startsWith('http') ? [location.origin] : [],
      permalink: this.getAttribute('permalink'),
    });
    // A URL over browsers' limit never loads: say so in place of an embed that would never come.
    this.#showNote(
      src.length > MAX_EMBED_URL
        ? `Too large to embed live: this example's link is ${src.length.toLocaleString('en')} characters, over browsers' limit of ${MAX_EMBED_URL.toLocaleString('en')}. Its code is shown as is.`
        : undefined,
    );
    if (src.length > MAX_EMBED_URL) {
      clearTimeout(this.#revealTimer);
      this.#ready = false;
      this.#revealed = false;
      frame.style.visibility = 'hidden';
      this.#staticView!.style.display = '';
      return;
    }
    // Only a new fragment: the embed stays loaded (and ready) and opens the new link itself.
    if (frame.src.split('#')[0] !== src.split('#')[0]) this.#ready = false;
    frame.src = src;
  }

  /** Shows `text` above the static code (or removes the note when undefined). */
  #showNote(text: string | undefined): void {
    if (text === undefined) {
      this.#note?.remove();
      this.#note = undefined;
      return;
    }
    if (!this.#note) {
      this.#note = document.createElement('p');
      this.#note.setAttribute('part', 'note');
      this.#note.setAttribute('role', 'note');
      this.#note.style.margin = '0 0 0.5rem';
      this.#note.style.font = 'inherit';
      this.#staticView!.prepend(this.#note);
    }
    this.#note.textContent = text;
  }

  /** The theme the embed gets: `inherit` resolved against the page, unknown values as `auto`. */
  #theme(): 'auto' | 'light' | 'dark' {
    const theme = this.getAttribute('theme');
    if (theme === 'inherit') return pageTheme();
    return theme === 'light' || theme === 'dark' ? theme : 'auto';
  }

  /** The `height` attribute as a CSS height; undefined (the automatic height) when absent, `auto` or invalid. */
  #fixedHeight(): string | undefined {
    return fixedHeight(this.getAttribute('height'));
  }

  /** Sizes the box: a fixed `height`, else the embed's last reported height once it shows. */
  #applyHeight(): void {
    const fixed = this.#fixedHeight();
    if (fixed) this.#box!.style.height = fixed;
    else if (this.#revealed && this.#lastHeight !== undefined)
      this.#box!.style.height = `${this.#lastHeight}px`;
  }

  /** Shows the frame in place of the static code. */
  #reveal(): void {
    clearTimeout(this.#revealTimer);
    // A note (too large to embed) stays until new attributes make the embed loadable.
    if (this.#revealed || !this.#frame || this.#note) return;
    this.#revealed = true;
    this.#applyHeight();
    this.#frame.style.visibility = '';
    this.#staticView!.style.display = 'none';
  }

  #receive(event: MessageEvent): void {
    if (!this.#frame || event.source !== this.#frame.contentWindow) return;
    if (event.origin !== this.#embedOrigin) return;
    const message = parseEmbedMessage(event.data);
    if (!message) return;
    this.#handle(message);
  }

  #handle(message: EmbedMessage): void {
    switch (message.type) {
      case 'resize':
        // Never 0: a frame not laid out yet keeps the room reserved for it.
        if (message.payload.height > 0) this.#lastHeight = message.payload.height;
        this.#applyHeight();
        return;
      case 'ready':
        this.#onReady(message.payload);
        break;
      case 'diagnostics':
        this.#reveal();
        break;
      case 'rejected':
        console.warn(`<${TAG_NAME}>: the playground rejected a message: ${message.payload.reason}`);
        break;
    }
    this.dispatchEvent(new CustomEvent(message.type, { detail: message.payload, bubbles: true }));
  }

  #onReady(payload: Extract<EmbedMessage, { type: 'ready' }>['payload']): void {
    this.#ready = true;
    // The attributes may have changed while the frame loaded with the old ones in its URL.
    if (payload.theme !== this.#theme())
      this.#post(makeMessage('setTheme', { theme: this.#theme() }));
    if (payload.readonly !== this.readonly)
      this.#post(makeMessage('setReadonly', { readonly: this.readonly }));
    if (!this.#pendingFiles) this.#readInlineCards();
    if (this.#pendingFiles) this.#sendFiles();
    // An embed with nothing to check (waiting for files that never come) shows at once; any other shows
    // with its first results, or after a while if they do not come.
    if (payload.files.length === 0 && !this.#pendingFiles) this.#reveal();
    else this.#revealTimer = setTimeout(() => this.#reveal(), REVEAL_TIMEOUT_MS);
  }

  #readInlineCards(): void {
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
    this.#pendingFiles = {
      files,
      ...(wanted && Object.hasOwn(files, wanted) ? { active: wanted } : {}),
    };
  }

  #sendFiles(): void {
    if (this.#pendingFiles) this.#post(makeMessage('setFiles', this.#pendingFiles));
  }

  #post(message: HostMessage): void {
    if (this.#ready && this.#embedOrigin)
      this.#frame?.contentWindow?.postMessage(message, this.#embedOrigin);
  }
}

/**
 * The element's own default style: a gap below it, as below a paragraph or a code block, which a page's
 * style for `agentcard-playground` overrides. A constructed style sheet, which a host page's strict
 * `style-src` allows; skipped where the browser has none.
 */
let hostStyle: CSSStyleSheet | null | undefined;
function adoptHostStyle(root: ShadowRoot): void {
  if (hostStyle === undefined) {
    try {
      hostStyle = new CSSStyleSheet();
      hostStyle.replaceSync(':host { margin-block-end: 1.25rem; }');
    } catch {
      hostStyle = null;
    }
  }
  if (hostStyle && !root.adoptedStyleSheets.includes(hostStyle))
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, hostStyle];
}

// The string attributes' mirrors: reading gives the attribute (null when absent); writing null or undefined
// removes it, anything else sets it as a string.
for (const name of STRING_ATTRIBUTES) {
  Object.defineProperty(AgentCardPlaygroundElement.prototype, name, {
    configurable: true,
    enumerable: true,
    get(this: HTMLElement) {
      return this.getAttribute(name);
    },
    set(this: HTMLElement, value: unknown) {
      if (value === null || value === undefined || value === false) this.removeAttribute(name);
      else this.setAttribute(name, typeof value === 'string' ? value : JSON.stringify(value));
    },
  });
}

if (!customElements.get(TAG_NAME)) customElements.define(TAG_NAME, AgentCardPlaygroundElement);
