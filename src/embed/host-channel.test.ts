import { describe, expect, it, vi } from 'vitest';
import { makeMessage, MESSAGE_SOURCE } from './embed-protocol.ts';
import { connectToHost, type ChannelWindow } from './host-channel.ts';

type Listener = (event: MessageEvent) => void;

/** A framed window: its parent records what is posted to it; `deliver` plays an incoming message. */
function fakeFrame({
  ancestor,
  referrer = '',
  framed = true,
}: { ancestor?: string; referrer?: string; framed?: boolean } = {}) {
  const posted: Array<{ message: unknown; origin: string }> = [];
  const parent = {
    postMessage: (message: unknown, origin: string) => posted.push({ message, origin }),
  };
  const listeners = new Set<Listener>();
  const win: ChannelWindow = {
    parent: undefined,
    location: ancestor === undefined ? {} : { ancestorOrigins: [ancestor] },
    document: { referrer },
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
  };
  Object.assign(win, { parent: framed ? parent : win });
  const deliver = (data: unknown, origin: string, source: unknown = parent) => {
    for (const listener of listeners) listener({ data, origin, source } as MessageEvent);
  };
  return { win, parent, posted, deliver, listeners };
}

const setTheme = makeMessage('setTheme', { theme: 'dark' });
const diagnostics = { diagnostics: [], counts: { error: 0, warning: 0, info: 0 } };

describe('connectToHost', () => {
  it('posts to the parent at the origin the browser reports, and takes its valid messages', () => {
    const frame = fakeFrame({ ancestor: 'https://docs.example' });
    const onMessage = vi.fn();
    const channel = connectToHost(frame.win, { origins: undefined, onMessage });
    channel.send('diagnostics', diagnostics);
    expect(frame.posted).toEqual([
      { message: makeMessage('diagnostics', diagnostics), origin: 'https://docs.example' },
    ]);
    frame.deliver(setTheme, 'https://docs.example');
    expect(onMessage).toHaveBeenCalledWith(setTheme);
  });

  it('falls back to the referrer when there are no ancestorOrigins', () => {
    const frame = fakeFrame({ referrer: 'https://docs.example/guide/page.html' });
    connectToHost(frame.win, { origins: undefined, onMessage: () => {} }).send(
      'diagnostics',
      diagnostics,
    );
    expect(frame.posted[0]?.origin).toBe('https://docs.example');
  });

  it('ignores messages from any window but the parent, and from other origins', () => {
    const frame = fakeFrame({ ancestor: 'https://docs.example' });
    const onMessage = vi.fn();
    connectToHost(frame.win, { origins: undefined, onMessage });
    frame.deliver(setTheme, 'https://docs.example', { postMessage() {} });
    frame.deliver(setTheme, 'https://docs.example', null);
    frame.deliver(setTheme, 'https://evil.example');
    expect(onMessage).not.toHaveBeenCalled();
    expect(frame.posted).toEqual([]);
  });

  it('drops foreign messages silently and answers an invalid one of ours with rejected', () => {
    const frame = fakeFrame({ ancestor: 'https://docs.example' });
    const onMessage = vi.fn();
    connectToHost(frame.win, { origins: undefined, onMessage });
    frame.deliver({ hello: 'world' }, 'https://docs.example');
    frame.deliver('text', 'https://docs.example');
    expect(frame.posted).toEqual([]);
    frame.deliver(
      { source: MESSAGE_SOURCE, version: 1, type: 'setTheme', id: 'q1', payload: { theme: 'x' } },
      'https://docs.example',
    );
    expect(onMessage).not.toHaveBeenCalled();
    expect(frame.posted).toHaveLength(1);
    expect(frame.posted[0]).toMatchObject({
      message: { type: 'rejected', id: 'q1' },
      origin: 'https://docs.example',
    });
  });

  it('talks to nobody when the parent is not among the allowed origins', () => {
    const frame = fakeFrame({ ancestor: 'https://evil.example' });
    const onMessage = vi.fn();
    const channel = connectToHost(frame.win, { origins: ['https://docs.example'], onMessage });
    expect(channel.connected).toBe(false);
    channel.send('ready', { files: [], active: '', readonly: false, theme: 'auto' });
    frame.deliver(setTheme, 'https://evil.example');
    frame.deliver(setTheme, 'https://docs.example');
    expect(frame.posted).toEqual([]);
    expect(onMessage).not.toHaveBeenCalled();
  });

  it('talks to nobody with an empty allowed list (a malformed origins option)', () => {
    const frame = fakeFrame({ ancestor: 'https://docs.example' });
    const channel = connectToHost(frame.win, { origins: [], onMessage: () => {} });
    channel.send('resize', { height: 10 });
    expect(channel.connected).toBe(false);
    expect(frame.posted).toEqual([]);
  });

  it('is not connected when the page is not framed', () => {
    const frame = fakeFrame({ framed: false });
    const channel = connectToHost(frame.win, { origins: undefined, onMessage: () => {} });
    expect(channel.connected).toBe(false);
    expect(frame.listeners.size).toBe(0);
  });

  it('uses the only allowed origin when the browser does not report the parent', () => {
    const frame = fakeFrame();
    connectToHost(frame.win, { origins: ['https://docs.example'], onMessage: () => {} }).send(
      'diagnostics',
      diagnostics,
    );
    expect(frame.posted[0]?.origin).toBe('https://docs.example');
  });

  it('with an unknown parent origin, posts only content-free messages until a valid message teaches it', () => {
    const frame = fakeFrame();
    const onMessage = vi.fn();
    const channel = connectToHost(frame.win, { origins: undefined, onMessage });
    channel.send('resize', { height: 99 });
    channel.send('diagnostics', diagnostics);
    channel.send('diagnostics', { ...diagnostics, counts: { error: 2, warning: 0, info: 0 } });
    expect(frame.posted).toEqual([{ message: makeMessage('resize', { height: 99 }), origin: '*' }]);
    frame.deliver({ unrelated: true }, 'https://docs.example');
    expect(frame.posted).toHaveLength(1);
    frame.deliver(setTheme, 'https://docs.example');
    expect(onMessage).toHaveBeenCalledWith(setTheme);
    expect(frame.posted.slice(1)).toEqual([
      {
        message: makeMessage('diagnostics', {
          ...diagnostics,
          counts: { error: 2, warning: 0, info: 0 },
        }),
        origin: 'https://docs.example',
      },
    ]);
    frame.deliver(setTheme, 'https://other.example');
    expect(onMessage).toHaveBeenCalledTimes(1);
  });

  it('sends and takes nothing after dispose', () => {
    const frame = fakeFrame({ ancestor: 'https://docs.example' });
    const onMessage = vi.fn();
    const channel = connectToHost(frame.win, { origins: undefined, onMessage });
    channel.dispose();
    channel.send('resize', { height: 1 });
    frame.deliver(setTheme, 'https://docs.example');
    expect(frame.posted).toEqual([]);
    expect(onMessage).not.toHaveBeenCalled();
    expect(channel.connected).toBe(false);
  });
});
