/**
 * The embed's side of the message protocol (`embed-protocol.ts`): whom it talks to, and what it accepts.
 *
 * - It talks only to `window.parent`, and only when it knows the parent's origin: from the `origins` option when
 *   it lists exactly one, else from the browser (`location.ancestorOrigins`, then `document.referrer`), checked
 *   against `origins` when that is given. When the browser does not tell, the first valid message from the
 *   parent teaches it (the parent window alone can be `event.source`). Until the origin is known only `ready`
 *   and `resize`, which carry no content, are posted (to any origin); the newest `diagnostics` and `compiled`
 *   wait and go out once it is known.
 * - It accepts a message only when `event.source === window.parent`, its origin is the parent's known origin
 *   (or one of `origins`), and it passes `parseHostMessage`. A message with our envelope that fails validation
 *   is answered with `rejected`; anything else is dropped without a word.
 */
import {
  makeMessage,
  parseHostMessage,
  type EmbedMessage,
  type EmbedPayload,
  type HostMessage,
} from './embed-protocol.ts';

/** The window features the channel uses (a real `Window` in the browser; a fake one in unit tests). */
export interface ChannelWindow {
  readonly parent: unknown;
  readonly location: { readonly ancestorOrigins?: ArrayLike<string> };
  readonly document: { readonly referrer: string };
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** The handle `connectToHost` returns. */
export interface HostChannel {
  /** False when the page is not framed, or its host is not allowed: `send` then does nothing. */
  readonly connected: boolean;
  /** Sends a message to the host (see the module comment for when it is held back). */
  send<T extends EmbedMessage['type']>(type: T, payload: EmbedPayload<T>, id?: string): void;
  /** Stops listening; nothing is sent afterwards. */
  dispose(): void;
}

/** Options of `connectToHost`. */
export interface HostChannelOptions {
  /** The embed's `origins` option: undefined for "the parent's origin", `[]` for nobody. */
  origins: string[] | undefined;
  /** Called with every valid message from the host. */
  onMessage: (message: HostMessage) => void;
}

type Poster = { postMessage(message: unknown, targetOrigin: string): void };

const CONTENT_FREE = new Set<EmbedMessage['type']>(['ready', 'resize']);

/** Connects the embed in `win` to the page framing it. */
export function connectToHost(win: ChannelWindow, options: HostChannelOptions): HostChannel {
  const parent = win.parent as Poster | null;
  const framed = parent !== null && parent !== (win as unknown);
  const allowed = options.origins;
  const told = browserParentOrigin(win);
  let origin: string | undefined;
  let refused = !framed || (allowed !== undefined && allowed.length === 0);
  if (!refused) {
    if (told !== undefined) {
      if (allowed && !allowed.includes(told)) refused = true;
      else origin = told;
    } else if (allowed?.length === 1) {
      origin = allowed[0];
    }
  }
  const held = new Map<EmbedMessage['type'], EmbedMessage>();
  let disposed = false;

  function post(message: EmbedMessage): void {
    if (refused || disposed) return;
    if (origin !== undefined) parent!.postMessage(message, origin);
    else if (CONTENT_FREE.has(message.type)) parent!.postMessage(message, '*');
    else held.set(message.type, message);
  }

  function listener(event: MessageEvent): void {
    if (refused || disposed || event.source !== parent) return;
    if (origin !== undefined ? event.origin !== origin : allowed && !allowed.includes(event.origin))
      return;
    const result = parseHostMessage(event.data);
    if (result.kind === 'foreign') return;
    if (origin === undefined) {
      origin = event.origin;
      for (const message of held.values()) post(message);
      held.clear();
    }
    if (result.kind === 'invalid')
      post(makeMessage('rejected', { reason: result.reason }, result.id));
    else options.onMessage(result.message);
  }

  if (!refused) win.addEventListener('message', listener);
  return {
    get connected() {
      return !refused && !disposed;
    },
    send(type, payload, id) {
      post(makeMessage(type, payload, id) as EmbedMessage);
    },
    dispose() {
      disposed = true;
      held.clear();
      win.removeEventListener('message', listener);
    },
  };
}

/** The parent's origin as the browser reports it, or undefined when it does not (or reports `null`). */
function browserParentOrigin(win: ChannelWindow): string | undefined {
  const ancestor = win.location.ancestorOrigins?.[0];
  if (ancestor && ancestor !== 'null') return ancestor;
  try {
    const referrer = new URL(win.document.referrer).origin;
    return referrer === 'null' ? undefined : referrer;
  } catch {
    return undefined;
  }
}
