import * as fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fuzzParameters, throwOnFailure } from '../../../tests/fuzz/fuzz-run.ts';
import { PROTOTYPE_NAMES } from '../../../tests/support/prototype-names.ts';
import { randomId } from './random-id.ts';
import { createTabSync, parseTabMessage, type SavedMessage, type TabSync } from './tab-sync.ts';

const valid: SavedMessage = { type: 'saved', id: 'w1', revision: 3, tabId: 'tab-a' };

describe('parseTabMessage', () => {
  it('accepts a well-formed saved message', () => {
    expect(parseTabMessage({ ...valid })).toEqual(valid);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', JSON.stringify(valid)],
    ['an array', [valid]],
    ['a class instance', Object.assign(new (class Msg {})(), valid)],
    ['another type', { ...valid, type: 'deleted' }],
    ['an extra field', { ...valid, files: {} }],
    ['a missing field', { type: 'saved', id: 'w1', revision: 3 }],
    ['an empty id', { ...valid, id: '' }],
    ['an over-long id', { ...valid, id: 'x'.repeat(257) }],
    ['a numeric id', { ...valid, id: 1 }],
    ['revision 0', { ...valid, revision: 0 }],
    ['a fractional revision', { ...valid, revision: 2.5 }],
    ['a string revision', { ...valid, revision: '3' }],
    ['an unsafe revision', { ...valid, revision: 2 ** 60 }],
    ['an empty tab id', { ...valid, tabId: '' }],
    ['an over-long tab id', { ...valid, tabId: 't'.repeat(65) }],
  ])('rejects %s', (_label, data) => {
    expect(parseTabMessage(data)).toBeUndefined();
  });

  it.each(PROTOTYPE_NAMES)('rejects an extra field %s, even one JSON makes an own key', (name) => {
    const data = JSON.parse(
      `{"type":"saved","id":"w1","revision":3,"tabId":"tab-a","${name}":{"type":"saved"}}`,
    ) as unknown;
    expect(parseTabMessage(data)).toBeUndefined();
  });

  it('takes ids named like prototype members as plain ids, and refuses huge ones', () => {
    for (const name of PROTOTYPE_NAMES)
      expect(parseTabMessage({ ...valid, id: name, tabId: name })).toEqual({
        ...valid,
        id: name,
        tabId: name,
      });
    expect(parseTabMessage({ ...valid, id: 'x'.repeat(10_000_000) })).toBeUndefined();
  });

  it('returns a fresh object, never the posted one', () => {
    const posted = { ...valid };
    expect(parseTabMessage(posted)).not.toBe(posted);
  });

  it('never throws on any JSON value, and accepts only what it can hand back unchanged', () => {
    const messageLike = fc.record(
      {
        type: fc.oneof(fc.constant('saved'), fc.jsonValue()),
        id: fc.oneof(fc.string(), fc.jsonValue()),
        revision: fc.oneof(fc.integer(), fc.jsonValue()),
        tabId: fc.oneof(fc.string(), fc.jsonValue()),
      },
      { requiredKeys: [] },
    );
    throwOnFailure(
      fc.check(
        fc.property(fc.oneof(fc.jsonValue(), messageLike), (data) => {
          const message = parseTabMessage(data);
          if (message) expect(message).toEqual(data);
        }),
        fuzzParameters(300, 0x7ab5),
      ),
    );
  });
});

describe('createTabSync', () => {
  const open: TabSync[] = [];
  const join = (onSaved: (m: SavedMessage) => void, channel: string) => {
    const sync = createTabSync(onSaved, channel);
    open.push(sync);
    return sync;
  };
  afterEach(() => {
    for (const sync of open.splice(0)) sync.dispose();
    vi.unstubAllGlobals();
  });

  it('tells other tabs about a save, but not the tab that saved', async () => {
    const channel = `test-${randomId()}`;
    const heardByA: SavedMessage[] = [];
    const heardByB: SavedMessage[] = [];
    const a = join((m) => heardByA.push(m), channel);
    join((m) => heardByB.push(m), channel);
    a.announce('w1', 4);
    await vi.waitFor(() => expect(heardByB).toHaveLength(1));
    expect(heardByB[0]).toEqual({ type: 'saved', id: 'w1', revision: 4, tabId: a.tabId });
    expect(heardByA).toEqual([]);
  });

  it('drops malformed messages posted to the channel', async () => {
    const channel = `test-${randomId()}`;
    const heard: SavedMessage[] = [];
    join((m) => heard.push(m), channel);
    const rogue = new BroadcastChannel(channel);
    rogue.postMessage({ type: 'saved', id: 'w1', revision: -1, tabId: 'x' });
    rogue.postMessage('saved w1');
    rogue.postMessage({ ...valid, tabId: 'rogue' });
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    rogue.close();
    expect(heard[0]?.tabId).toBe('rogue');
  });

  it('gives each tab its own id', () => {
    const channel = `test-${randomId()}`;
    expect(join(() => {}, channel).tabId).not.toBe(join(() => {}, channel).tabId);
  });

  it('throws a TypeError when announcing a malformed revision', () => {
    const sync = join(() => {}, `test-${randomId()}`);
    expect(() => sync.announce('w1', 0)).toThrow(TypeError);
    expect(() => sync.announce('', 1)).toThrow(TypeError);
  });

  it('does nothing, without failing, when the browser has no BroadcastChannel', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    const sync = join(() => {}, 'any');
    expect(sync.connected).toBe(false);
    expect(() => sync.announce('w1', 1)).not.toThrow();
    expect(() => sync.dispose()).not.toThrow();
  });

  it('stops sending and hearing after dispose', async () => {
    const channel = `test-${randomId()}`;
    const heard: SavedMessage[] = [];
    const a = join(() => {}, channel);
    const b = join((m) => heard.push(m), channel);
    b.dispose();
    expect(b.connected).toBe(false);
    a.announce('w1', 1);
    b.announce('w1', 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual([]);
  });
});
