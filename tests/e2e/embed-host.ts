/**
 * For the embed stories: a documentation site on another origin (a tiny Node server on 127.0.0.1 at a free
 * port, where the playground is on localhost), and a page object for a host page and the embeds on it.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test as base, type Frame, type Locator, type Page } from '@playwright/test';
import { encodePermalink } from '../../src/permalink/permalink.ts';
import { TEST_IDS } from '../../src/app/test-ids.ts';
import { EMBED_TEST_IDS } from '../../src/embed/embed-test-ids.ts';
import { editorTextInPage } from './editor-text.ts';
import { installHostRecorders } from '../support/host-recorder.ts';

/** A site of static pages on its own origin. */
export interface HostSite {
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  /** Serves `body` at `path` from now on (`.js` as JavaScript, anything else as HTML). */
  serve(path: string, body: string): void;
}

/** A message the host page received, as its recorder saw it. */
export interface Received {
  /** The id of the iframe it came from (or of the `<agentcard-playground>` holding it); '' if none. */
  from: string;
  origin: string;
  data: { type?: string; id?: string; payload?: Record<string, unknown> };
}

/** `test` with a fresh host site per test, and the playground's origin. */
export const test = base.extend<{ site: HostSite; playground: string }>({
  playground: async ({ baseURL }, use) => {
    await use(new URL(baseURL!).origin);
  },
  site: async ({}, use) => {
    const pages = new Map<string, string>([
      ['/embed-demo-host.js', readFileSync('public/embed-demo-host.js', 'utf8')],
    ]);
    const server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      const body = pages.get(path);
      if (path === '/favicon.ico') {
        response.writeHead(204).end();
        return;
      }
      if (body === undefined) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, {
        'content-type': path.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await use({
      origin: `http://127.0.0.1:${port}`,
      serve: (path, body) => void pages.set(path, body),
    });
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  },
});
export { expect };

/** The `#v1:` fragment of these files. */
export function permalinkOf(
  files: Record<string, string>,
  active = Object.keys(files)[0]!,
): Promise<string> {
  return encodePermalink({ files, active, profile: 'rfc' });
}

/** What the host page's init script adds to every frame's window. */
interface EmbedWindow {
  __idbOpens: number;
}

/**
 * A host page: it records, before any of its scripts run, every message it receives, every `ready`,
 * `diagnostics` and `compiled` DOM event, and every CSP violation; in every frame (the embeds too) it counts
 * `indexedDB.open` calls.
 */
export class HostPage {
  readonly errors: string[] = [];

  constructor(readonly page: Page) {
    page.on('pageerror', (error) => this.errors.push(`uncaught: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') this.errors.push(`console: ${message.text()}`);
    });
  }

  /** Installs the recorders and opens `url`. */
  async open(url: string): Promise<void> {
    await this.page.addInitScript(installHostRecorders);
    await this.page.goto(url, { waitUntil: 'load' });
  }

  /** Every message received so far. */
  received(): Promise<Received[]> {
    return this.page.evaluate(() => (window as unknown as { __received: Received[] }).__received);
  }

  /** The messages of one type received from one frame. */
  async messages(from: string, type: string): Promise<Received['data'][]> {
    return (await this.received())
      .filter((m) => m.from === from && m.data?.type === type)
      .map((m) => m.data);
  }

  /** The DOM events (`ready`, `diagnostics`, `compiled`) the elements dispatched. */
  events(): Promise<Array<{ type: string; target: string; detail: Record<string, unknown> }>> {
    return this.page.evaluate(
      () =>
        (
          window as unknown as {
            __events: Array<{ type: string; target: string; detail: Record<string, unknown> }>;
          }
        ).__events,
    );
  }

  /** The CSP violations of the host page. */
  violations(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
  }

  /** Posts `message` to the embed in iframe `locator`, at `targetOrigin`, from the host page. */
  async post(locator: Locator, message: unknown, targetOrigin = '*'): Promise<void> {
    await locator.evaluate(
      (frame, [m, origin]) => (frame as HTMLIFrameElement).contentWindow!.postMessage(m, origin),
      [message, targetOrigin] as const,
    );
  }
}

/** One embed on a host page, through its iframe. */
export class EmbedFrame {
  readonly root: Locator;
  readonly editor: Locator;
  readonly editorContent: Locator;
  readonly fileTabs: Locator;
  readonly openLink: Locator;
  readonly loadButton: Locator;
  readonly staticView: Locator;
  readonly staticCode: Locator;
  readonly counts: Locator;
  readonly waiting: Locator;
  readonly outputJson: Locator;

  private constructor(
    readonly iframe: Locator,
    readonly frame: Frame,
  ) {
    const inside = iframe.contentFrame();
    this.root = inside.getByTestId(EMBED_TEST_IDS.root);
    this.editor = inside.getByTestId(TEST_IDS.editor);
    this.editorContent = this.editor.locator('.cm-content');
    this.fileTabs = inside.getByTestId(EMBED_TEST_IDS.fileTab);
    this.openLink = inside.getByTestId(EMBED_TEST_IDS.openLink);
    this.loadButton = inside.getByTestId(EMBED_TEST_IDS.loadButton);
    this.staticView = inside.getByTestId(EMBED_TEST_IDS.staticView);
    this.staticCode = inside.getByTestId(EMBED_TEST_IDS.staticCode);
    this.counts = inside.getByTestId(EMBED_TEST_IDS.counts);
    this.waiting = inside.getByTestId(EMBED_TEST_IDS.waiting);
    this.outputJson = inside.getByTestId(TEST_IDS.outputJson);
  }

  /** The embed in `iframe`, once its page has loaded. */
  static async of(iframe: Locator): Promise<EmbedFrame> {
    await expect(iframe).toBeAttached();
    const handle = await iframe.elementHandle();
    await expect
      .poll(async () => (await handle.contentFrame())?.url() ?? '')
      .toContain('embed.html');
    return new EmbedFrame(iframe, (await handle.contentFrame())!);
  }

  /**
   * The text of the file shown, as the embed's editor renders it (even while a tab hides the editor), once the
   * embed has mounted its editor.
   */
  async text(): Promise<string | null> {
    await this.frame.locator('.cm-content').waitFor({ state: 'attached' });
    const rendered = await this.frame.evaluate(editorTextInPage);
    if (rendered && !rendered.whole) throw new Error('the embed renders only part of this text');
    return rendered?.text ?? null;
  }

  /**
   * The paths of the embed's files, as its header lists them (one tab per file, or the one file's name); null
   * while the embed's script has not started yet.
   */
  paths(): Promise<string[] | null> {
    return this.frame.evaluate(({ root, fileTab, file }) => {
      if (!document.querySelector(`[data-testid="${root}"]`)) return null;
      const tabs = [...document.querySelectorAll(`[data-testid="${fileTab}"]`)];
      if (tabs.length > 0) return tabs.map((tab) => tab.textContent ?? '');
      const only = document.querySelector(`[data-testid="${file}"]`)?.textContent ?? '';
      return only ? [only] : [];
    }, EMBED_TEST_IDS);
  }

  /** The theme the embed shows (`data-theme` of its root element). */
  theme(): Promise<string | undefined> {
    return this.frame.evaluate(() => document.documentElement.dataset['theme']);
  }

  /** How many times the embed called `indexedDB.open`. */
  idbOpens(): Promise<number> {
    return this.frame.evaluate(() => (window as unknown as EmbedWindow).__idbOpens);
  }

  /** The iframe's height and the embed document's, in CSS pixels. */
  async heights(): Promise<{ iframe: number; content: number; scrollable: boolean }> {
    const iframe = await this.iframe.evaluate((f) => f.getBoundingClientRect().height);
    const { content, scrollable } = await this.frame.evaluate(() => ({
      content: Math.ceil(document.getElementById('embed')!.getBoundingClientRect().height),
      scrollable: document.documentElement.scrollHeight > document.documentElement.clientHeight,
    }));
    return { iframe, content, scrollable };
  }

  /** Waits until the iframe is exactly as tall as the embed's content, with no inner scrollbar. */
  async expectSizedToContent(): Promise<number> {
    await expect
      .poll(async () => {
        const h = await this.heights();
        return Math.abs(h.iframe - h.content) <= 1 && !h.scrollable && h.content > 0;
      })
      .toBe(true);
    return (await this.heights()).iframe;
  }

  /** Types at the end of the text, as a reader would. */
  async typeAtEnd(text: string): Promise<void> {
    await this.editorContent.click();
    await this.editorContent.press('ControlOrMeta+End');
    await this.editorContent.pressSequentially(text);
  }
}
