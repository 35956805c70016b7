/**
 * Tab sync: tabs of the playground tell each other, over a BroadcastChannel, which workspace revision they just
 * saved, so a tab learns at once that the workspace it has open changed elsewhere.
 */
import * as v from 'valibot';
import { randomId } from './random-id.ts';
import { boundedString, plainObjectSchema, revisionSchema } from './record-schemas.ts';
import { STORAGE_LIMITS } from './workspace-record.ts';

/** The channel name all tabs of the playground share. */
export const TAB_CHANNEL = 'agentcard-playground';

/** "Tab `tabId` saved revision `revision` of workspace `id`." */
export interface SavedMessage {
  type: 'saved';
  id: string;
  revision: number;
  tabId: string;
}

const MAX_TAB_ID_CHARS = 64;

/** A message on the channel: exactly the fields of `SavedMessage`, each well formed. */
const savedMessageSchema = v.pipe(
  plainObjectSchema,
  v.strictObject({
    type: v.literal('saved'),
    id: boundedString(1, STORAGE_LIMITS.maxIdChars),
    revision: revisionSchema,
    tabId: boundedString(1, MAX_TAB_ID_CHARS),
  }),
);

/**
 * Reads a message from the channel, which any script of the origin can post to: only an object literal with
 * exactly the fields of `SavedMessage`, each well formed, is accepted. Never throws; undefined otherwise.
 */
export function parseTabMessage(data: unknown): SavedMessage | undefined {
  const parsed = v.safeParse(savedMessageSchema, data, { abortEarly: true });
  return parsed.success ? parsed.output : undefined;
}

/** The handle `createTabSync` returns. */
export interface TabSync {
  /** This tab's id, random per call of `createTabSync`. */
  readonly tabId: string;
  /** True while messages really travel (the browser has BroadcastChannel and `dispose` was not called). */
  readonly connected: boolean;
  /** Tells the other tabs that this tab saved `revision` of workspace `id`. No-op after `dispose()`. */
  announce(id: string, revision: number): void;
  /** Closes the channel; no more messages are sent or reported. */
  dispose(): void;
}

/**
 * Joins the tabs' channel and calls `onSaved` for every valid message from another tab (this tab's own and
 * malformed messages are dropped). Without BroadcastChannel (or when the browser refuses it) the handle does
 * nothing and `connected` is false.
 */
export function createTabSync(
  onSaved: (message: SavedMessage) => void,
  channelName: string = TAB_CHANNEL,
): TabSync {
  const tabId = randomId();
  let channel: BroadcastChannel | undefined;
  try {
    if (typeof BroadcastChannel !== 'undefined') channel = new BroadcastChannel(channelName);
  } catch {
    channel = undefined; // e.g. a sandboxed iframe with an opaque origin
  }
  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      const message = parseTabMessage(event.data);
      if (message && message.tabId !== tabId) onSaved(message);
    };
  }

  return {
    tabId,
    get connected(): boolean {
      return channel !== undefined;
    },
    announce(id: string, revision: number): void {
      const message: SavedMessage = { type: 'saved', id, revision, tabId };
      if (!parseTabMessage(message)) {
        throw new TypeError(
          `Cannot announce workspace ${JSON.stringify(id)} at revision ${revision}.`,
        );
      }
      channel?.postMessage(message);
    },
    dispose(): void {
      channel?.close();
      channel = undefined;
    },
  };
}
