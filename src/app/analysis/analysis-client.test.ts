import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AnalysisClient,
  BOOT_TIMEOUT_MS,
  HANG_TIMEOUT_MS,
  hangTimeoutFor,
  MAX_CONSECUTIVE_HANGS,
  PROGRESS_AFTER_MS,
  PATCH_MIN_CHARS,
  type AnalysisEvent,
} from './analysis-client.ts';
import type { CardInfo } from '../../core/index.ts';
import type { AgentSummary, AnalysisRequest, AnalysisResponse } from './protocol.ts';
import { packRows, RowsPacker } from './packed-rows.ts';

/** A worker double that records requests and answers when told to. */
class FakeWorker {
  static all: FakeWorker[] = [];
  requests: AnalysisRequest[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<AnalysisResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  /** Packs the cards of this worker's answers as the real worker does. */
  cardRows = new RowsPacker<CardInfo>();
  constructor() {
    FakeWorker.all.push(this);
  }
  /** Whether the next worker says `ready` before its first request, as the real one does. */
  static bootsAtOnce = true;
  private saidReady = false;
  postMessage(request: AnalysisRequest) {
    if (FakeWorker.bootsAtOnce && !this.saidReady) this.ready();
    this.requests.push(request);
  }
  /** Says `ready`, as the real worker does once its script has loaded. */
  ready() {
    this.saidReady = true;
    this.onmessage?.({ data: { type: 'ready' } } as MessageEvent<AnalysisResponse>);
  }
  terminate() {
    this.terminated = true;
  }
  answer(index = this.requests.length - 1, cards: CardInfo[] = []) {
    const request = this.requests[index]!;
    if (request.type === 'convert' || request.type === 'fixAll' || request.type === 'fix')
      throw new Error('answer() answers checks');
    const response: AnalysisResponse = {
      type: 'result',
      rev: request.rev,
      cards: this.cardRows.pack(cards),
      diagnostics: [],
      agents: packRows<AgentSummary>([]),
      selected: null,
      took: 1,
    };
    this.onmessage?.({ data: response } as MessageEvent<AnalysisResponse>);
  }
  crash() {
    this.onerror?.({ preventDefault() {} } as ErrorEvent);
  }
}

const checkRequests = (worker: FakeWorker) =>
  worker.requests.filter(
    (r): r is Extract<AnalysisRequest, { type: 'check' }> => r.type === 'check',
  );

let events: AnalysisEvent[];
/** The kinds of the events so far, progress reports left out. */
const kinds = () => events.filter((e) => e.kind !== 'progress').map((e) => e.kind);
let client: AnalysisClient;
beforeEach(() => {
  vi.useFakeTimers();
  FakeWorker.all = [];
  FakeWorker.bootsAtOnce = true;
  events = [];
  client = new AnalysisClient(
    () => new FakeWorker() as unknown as Worker,
    (e) => events.push(e),
  );
});
afterEach(() => {
  client.dispose();
  vi.useRealTimers();
});

describe('AnalysisClient', () => {
  it('sends only changed files after the first request', () => {
    client.update({ 'a.md': 'A', 'b.md': 'B' }, 'rfc', null);
    const worker = FakeWorker.all[0]!;
    worker.answer();
    client.update({ 'a.md': 'A2', 'b.md': 'B' }, 'rfc', null);
    const last = worker.requests.at(-1) as Extract<AnalysisRequest, { type: 'check' }>;
    expect(last.changed).toEqual({ 'a.md': 'A2' });
    expect(last.removed).toEqual([]);
  });

  it('sends, compares and removes files named like members of Object.prototype as any other', () => {
    const names = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__'];
    names.push('isPrototypeOf', '__defineGetter__');
    const files = Object.fromEntries(names.map((name) => [name, `text of ${name}`]));
    client.update(files, 'rfc', null);
    const worker = FakeWorker.all[0]!;
    const first = worker.requests[0] as Extract<AnalysisRequest, { type: 'check' }>;
    // What the worker receives is a structured clone: own entries only.
    expect(Object.entries(structuredClone(first.changed))).toEqual(Object.entries(files));
    worker.answer();
    const rest = Object.fromEntries(
      Object.entries(files).filter(([name]) => name !== 'constructor'),
    );
    client.update({ ...rest, __proto__x: 'y' }, 'rfc', null);
    const second = worker.requests.at(-1) as Extract<AnalysisRequest, { type: 'check' }>;
    expect(Object.entries(second.changed)).toEqual([['__proto__x', 'y']]);
    expect(second.removed).toEqual(['constructor']);
  });

  it('coalesces edits made while a request is in flight into one follow-up', () => {
    client.update({ 'a.md': '1' }, 'rfc', null);
    client.update({ 'a.md': '12' }, 'rfc', null);
    client.update({ 'a.md': '123' }, 'rfc', null);
    const worker = FakeWorker.all[0]!;
    expect(worker.requests).toHaveLength(1);
    worker.answer();
    expect(worker.requests).toHaveLength(2);
    expect((worker.requests[1] as Extract<AnalysisRequest, { type: 'check' }>).changed).toEqual({
      'a.md': '123',
    });
  });

  it('asks for a card chosen while a request is in flight once that request is answered', () => {
    client.update({ 'a.md': 'A' }, 'rfc', null);
    const worker = FakeWorker.all[0]!;
    client.choose({ file: 'a.md', index: 0 });
    expect(worker.requests).toHaveLength(1);
    worker.answer();
    expect(worker.requests.at(-1)).toEqual({
      type: 'select',
      rev: 1,
      select: { file: 'a.md', index: 0 },
    });
  });

  it('lets a follow-up check carry a card chosen while edits wait, without a separate select', () => {
    client.update({ 'a.md': 'A' }, 'rfc', null);
    client.choose({ file: 'a.md', index: 0 });
    client.update({ 'a.md': 'AB' }, 'rfc', { file: 'a.md', index: 0 });
    const worker = FakeWorker.all[0]!;
    worker.answer();
    expect(worker.requests.map((r) => r.type)).toEqual(['check', 'check']);
  });

  it('drops answers to requests that are no longer in flight', () => {
    client.update({ 'a.md': '1' }, 'rfc', null);
    const worker = FakeWorker.all[0]!;
    worker.answer();
    worker.answer(0); // a duplicate, late answer
    expect(events.filter((e) => e.kind === 'result')).toHaveLength(1);
  });

  it('reads the cards of a late answer too: a later answer leaves out the columns it carried', () => {
    const card = (name: string, from: number): CardInfo => ({
      ...{ file: 'a.md', index: 0, name, type: 'agent', from, to: from + 10, headerTo: from + 5 },
      ...{ line: 1, endLine: 3, ok: true, format: 'agentcard' },
    });
    client.update({ 'a.md': '1' }, 'rfc', null);
    const worker = FakeWorker.all[0]!;
    worker.answer(0, [card('first', 0)]);
    worker.answer(0, [card('second', 0)]); // a late answer: not shown, but its columns are the worker's last
    client.update({ 'a.md': '12' }, 'rfc', null);
    worker.answer(undefined, [card('second', 1)]); // names as last sent: the column goes as null
    const results = events.flatMap((e) => (e.kind === 'result' ? [e.response.cards] : []));
    expect(results.map((cards) => cards.map((c) => [c.name, c.from]))).toEqual([
      [['first', 0]],
      [['second', 1]],
    ]);
    expect(kinds()).toEqual(['result', 'result']);
  });

  it('restarts the worker when an answer refers to columns it never sent', () => {
    client.update({ 'a.md': '1' }, 'rfc', null);
    const worker = FakeWorker.all[0]!;
    const check = checkRequests(worker).at(-1)!;
    const data: AnalysisResponse = {
      type: 'result',
      rev: check.rev,
      cards: { length: 1, keys: ['name'], columns: [null] },
      diagnostics: [],
      agents: packRows<AgentSummary>([]),
      selected: null,
      took: 1,
    };
    worker.onmessage?.({ data } as MessageEvent<AnalysisResponse>);
    expect(events).toEqual([
      { kind: 'restarted', reason: 'the analysis worker sent an unreadable answer' },
    ]);
    expect(checkRequests(FakeWorker.all[1]!)[0]!.changed).toEqual({ 'a.md': '1' });
  });

  it('restarts a crashed worker and re-sends the whole load-set', () => {
    client.update({ 'a.md': 'A', 'b.md': 'B' }, 'rfc', null);
    FakeWorker.all[0]!.crash();
    expect(events[0]).toMatchObject({ kind: 'restarted' });
    const fresh = FakeWorker.all[1]!;
    expect((fresh.requests[0] as Extract<AnalysisRequest, { type: 'check' }>).changed).toEqual({
      'a.md': 'A',
      'b.md': 'B',
    });
  });

  it('restarts a hung worker once, then waits for the next edit', () => {
    client.update({ 'a.md': 'slow' }, 'rfc', null);
    vi.advanceTimersByTime(HANG_TIMEOUT_MS + 1);
    expect(FakeWorker.all[0]!.terminated).toBe(true);
    expect(kinds()).toEqual(['restarted']);
    vi.advanceTimersByTime(HANG_TIMEOUT_MS + 1);
    expect(kinds()).toEqual(['restarted', 'stalled']);
    expect(FakeWorker.all).toHaveLength(2);
    client.update({ 'a.md': 'fast' }, 'rfc', null);
    expect(FakeWorker.all).toHaveLength(3);
  });
});

describe('AnalysisClient while its worker loads', () => {
  beforeEach(() => {
    FakeWorker.bootsAtOnce = false;
  });

  it('does not time a check while the worker is still loading its script', () => {
    client.update({ 'a.md': 'A' }, 'rfc', null);
    const worker = FakeWorker.all[0]!;
    vi.advanceTimersByTime(BOOT_TIMEOUT_MS - 1);
    expect(worker.terminated).toBe(false);
    expect(kinds()).toEqual([]);
    // Ready at last: the check starts now and gets the whole hang limit from here.
    worker.ready();
    vi.advanceTimersByTime(HANG_TIMEOUT_MS - 1);
    expect(worker.terminated).toBe(false);
    worker.answer();
    expect(kinds()).toEqual(['result']);
  });

  it('times the check from ready: a check that then hangs is restarted after the hang limit', () => {
    client.update({ 'a.md': 'A' }, 'rfc', null);
    vi.advanceTimersByTime(10_000);
    FakeWorker.all[0]!.ready();
    vi.advanceTimersByTime(HANG_TIMEOUT_MS + 1);
    expect(FakeWorker.all[0]!.terminated).toBe(true);
    expect(events.find((e) => e.kind === 'restarted')).toEqual({
      kind: 'restarted',
      reason: `analysis took longer than ${HANG_TIMEOUT_MS / 1000} s`,
    });
  });

  it('restarts a worker that never says ready, and says why', () => {
    client.update({ 'a.md': 'A' }, 'rfc', null);
    vi.advanceTimersByTime(BOOT_TIMEOUT_MS);
    expect(FakeWorker.all[0]!.terminated).toBe(true);
    expect(events).toContainEqual({
      kind: 'restarted',
      reason: `the analysis worker did not start within ${BOOT_TIMEOUT_MS / 1000} s`,
    });
    // The new worker gets its own boot allowance; a second silent one and the client waits for an edit.
    expect(FakeWorker.all).toHaveLength(2);
    vi.advanceTimersByTime(BOOT_TIMEOUT_MS);
    expect(kinds()).toEqual(['restarted', 'stalled']);
  });
});

describe('AnalysisClient on large or slow load-sets', () => {
  const large = { 'big.md': 'x'.repeat(7_000_000) };

  it('gives a large load-set more time before taking the worker to be hung', () => {
    const limit = hangTimeoutFor(7_000_000);
    expect(limit).toBeGreaterThan(6 * HANG_TIMEOUT_MS);
    client.update(large, 'rfc', null);
    vi.advanceTimersByTime(limit - 1);
    expect(FakeWorker.all[0]!.terminated).toBe(false);
    FakeWorker.all[0]!.answer();
    expect(kinds()).toEqual(['result']);
  });

  it('stops restarting after repeated time-outs and says the workspace is too large, whatever the edits', () => {
    const limit = hangTimeoutFor(7_000_000);
    client.update(large, 'rfc', null);
    vi.advanceTimersByTime(limit);
    expect(kinds()).toEqual(['restarted']);
    // Typing while it runs does not reset the count: an edit is not an answer.
    client.update({ 'big.md': large['big.md'] + '!' }, 'rfc', null);
    vi.advanceTimersByTime(hangTimeoutFor(7_000_001));
    expect(kinds()).toEqual(['restarted', 'stalled']);
    const stalled = events.find((e) => e.kind === 'stalled');
    expect(stalled?.kind === 'stalled' && stalled.reason).toMatch(
      /7\.0 MB.*too large for this browser/,
    );
    const workers = FakeWorker.all.length;
    vi.advanceTimersByTime(10 * limit);
    expect(FakeWorker.all).toHaveLength(workers);
    expect(FakeWorker.all.every((w) => w.terminated)).toBe(true);
    // The next edit tries once more, and gives up at once if that hangs too.
    client.update({ 'big.md': large['big.md'] + '!!' }, 'rfc', null);
    expect(FakeWorker.all).toHaveLength(workers + 1);
    vi.advanceTimersByTime(limit + 10);
    expect(kinds()).toEqual(['restarted', 'stalled', 'stalled']);
    vi.advanceTimersByTime(10 * limit);
    expect(FakeWorker.all).toHaveLength(workers + 1);
    expect(MAX_CONSECUTIVE_HANGS).toBe(2);
  });

  it('counts time-outs afresh after an answer', () => {
    client.update({ 'a.md': 'A' }, 'rfc', null);
    vi.advanceTimersByTime(hangTimeoutFor(1));
    FakeWorker.all[1]!.answer();
    client.update({ 'a.md': 'B' }, 'rfc', null);
    vi.advanceTimersByTime(hangTimeoutFor(1));
    expect(kinds()).toEqual(['restarted', 'result', 'restarted']);
  });

  it('reports progress every second while a check runs long, and its end', () => {
    client.update({ 'a.md': 'A', 'b.md': 'B' }, 'rfc', null);
    vi.advanceTimersByTime(PROGRESS_AFTER_MS - 1);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(2000);
    expect(events).toEqual(
      [1000, 2000, 3000].map((elapsedMs) => ({
        kind: 'progress',
        running: { elapsedMs, files: 2 },
      })),
    );
    FakeWorker.all[0]!.answer();
    expect(events.slice(3).map((e) => (e.kind === 'progress' ? e.running : e.kind))).toEqual([
      null,
      'result',
    ]);
    vi.advanceTimersByTime(5000);
    expect(events).toHaveLength(5);
  });

  it('reports no progress for a quick check', () => {
    client.update({ 'a.md': 'A' }, 'rfc', null);
    vi.advanceTimersByTime(PROGRESS_AFTER_MS - 100);
    FakeWorker.all[0]!.answer();
    vi.advanceTimersByTime(5000);
    expect(kinds()).toEqual(['result']);
    expect(events).toHaveLength(1);
  });

  it('cancels the check in flight on request, and checks again on the next edit', () => {
    client.update({ 'a.md': 'A' }, 'rfc', null);
    vi.advanceTimersByTime(2000);
    client.cancel();
    expect(FakeWorker.all[0]!.terminated).toBe(true);
    expect(events.at(-2)).toEqual({ kind: 'progress', running: null });
    expect(events.at(-1)).toMatchObject({
      kind: 'stalled',
      reason: expect.stringMatching(/cancelled/),
    });
    vi.advanceTimersByTime(10 * HANG_TIMEOUT_MS);
    expect(FakeWorker.all).toHaveLength(1);
    client.update({ 'a.md': 'A2' }, 'rfc', null);
    const fresh = FakeWorker.all[1]!;
    expect((fresh.requests[0] as Extract<AnalysisRequest, { type: 'check' }>).changed).toEqual({
      'a.md': 'A2',
    });
    client.cancel();
    client.cancel(); // nothing in flight: no second notice
    expect(kinds().filter((k) => k === 'stalled')).toHaveLength(2);
  });
});

describe('AnalysisClient conversions', () => {
  it('sends the format choices with each check, and a changed choice alone re-checks', () => {
    client.update({ 'a.md': 'A' }, 'rfc', null, { 'a.md': 'afm' });
    const worker = FakeWorker.all[0]!;
    worker.answer();
    client.update({ 'a.md': 'A' }, 'rfc', null, {});
    const last = worker.requests.at(-1) as Extract<AnalysisRequest, { type: 'check' }>;
    expect(worker.requests).toHaveLength(2);
    expect(last.formats).toEqual({});
    expect((worker.requests[0] as Extract<AnalysisRequest, { type: 'check' }>).formats).toEqual({
      'a.md': 'afm',
    });
  });

  it('resolves a conversion with the answer that carries its id', async () => {
    client.update({ 'a.md': 'A' }, 'rfc', null);
    const worker = FakeWorker.all[0]!;
    const first = client.convert({ file: 'a.md', index: 0 }, 'afm', {});
    const second = client.convert({ file: 'a.md', index: 0 }, 'a2a', { url: 'https://x.test' });
    const [r1, r2] = worker.requests.slice(-2) as Array<
      Extract<AnalysisRequest, { type: 'convert' }>
    >;
    expect(r2!.options).toEqual({ url: 'https://x.test' });
    const reply = (data: AnalysisResponse) =>
      worker.onmessage?.({ data } as MessageEvent<AnalysisResponse>);
    reply({ type: 'converted', id: r2!.id, result: { files: { 'b.json': '{}' }, lost: [] } });
    reply({ type: 'converted', id: r1!.id, result: null, error: 'cannot' });
    await expect(second).resolves.toEqual({ files: { 'b.json': '{}' }, lost: [] });
    await expect(first).rejects.toThrow('cannot');
  });

  it('rejects conversions in flight when the worker crashes', async () => {
    client.update({ 'a.md': 'A' }, 'rfc', null);
    const pending = client.convert({ file: 'a.md', index: 0 }, 'afm', {});
    FakeWorker.all[0]!.crash();
    await expect(pending).rejects.toThrow(/crashed/);
  });
});

describe('AnalysisClient and fixes', () => {
  it('hands each result the texts it was computed for, not the newer ones', () => {
    client.update({ 'a.md': 'one' }, 'rfc', null);
    const worker = FakeWorker.all[0]!;
    client.update({ 'a.md': 'two' }, 'rfc', null); // waits: the first request is in flight
    worker.answer(0);
    const first = events.find((e) => e.kind === 'result');
    expect(first?.kind === 'result' && first.texts.get('a.md')).toBe('one');
    worker.answer();
    const second = events.filter((e) => e.kind === 'result').at(-1);
    expect(second?.kind === 'result' && second.texts.get('a.md')).toBe('two');
  });

  it('keeps the texts of a shown result when the worker restarts', () => {
    client.update({ 'a.md': 'one' }, 'rfc', null);
    const worker = FakeWorker.all[0]!;
    worker.answer();
    const shown = events.find((e) => e.kind === 'result');
    worker.crash();
    expect(shown?.kind === 'result' && shown.texts.get('a.md')).toBe('one');
  });

  it('asks for the agent graph only while the Graph view is shown, and checks again when it opens', () => {
    client.update({ 'a.md': 'A' }, 'rfc', null);
    const worker = FakeWorker.all[0]!;
    const checks = () =>
      worker.requests.filter(
        (r): r is Extract<AnalysisRequest, { type: 'check' }> => r.type === 'check',
      );
    expect(checks().map((r) => r.graph)).toEqual([false]);
    worker.answer();
    client.showGraph(true); // nothing else changed: a check only for the graph
    expect(checks().map((r) => r.graph)).toEqual([false, true]);
    worker.answer();
    client.showGraph(true); // already on: no new check
    expect(checks()).toHaveLength(2);
    client.showGraph(false);
    client.update({ 'a.md': 'AB' }, 'rfc', null);
    expect(checks().map((r) => r.graph)).toEqual([false, true, false]);
  });

  it('checks again when the worker says the portability fixes have loaded, after the check in flight', () => {
    client.update({ 'a.md': 'A' }, 'rfc', null);
    const worker = FakeWorker.all[0]!;
    const checks = () => worker.requests.filter((r) => r.type === 'check');
    const fixesLoaded = () =>
      worker.onmessage?.({ data: { type: 'fixesLoaded' } } as MessageEvent<AnalysisResponse>);
    worker.answer();
    fixesLoaded(); // nothing in flight: a check at once, of the same files
    expect(checks()).toHaveLength(2);
    expect(checks()[1]).toMatchObject({ changed: {}, removed: [] });
    client.update({ 'a.md': 'AB' }, 'rfc', null); // in flight still: coalesced
    fixesLoaded();
    expect(checks()).toHaveLength(2);
    worker.answer(1);
    expect(checks()).toHaveLength(3);
    worker.answer();
    expect(events.filter((e) => e.kind === 'result')).toHaveLength(3);
  });

  it('sends a fix-all run with the files and resolves with the answer of its id', async () => {
    client.update({ 'a.md': 'A' }, 'rfc', null);
    const worker = FakeWorker.all[0]!;
    const run = client.fixAll({ 'a.md': 'modle: x' }, 'fast-agent', {}, { portability: true });
    const request = worker.requests.at(-1) as Extract<AnalysisRequest, { type: 'fixAll' }>;
    expect(request).toMatchObject({
      type: 'fixAll',
      files: { 'a.md': 'modle: x' },
      profile: 'fast-agent',
      options: { portability: true },
    });
    const data: AnalysisResponse = {
      type: 'fixedAll',
      id: request.id,
      files: { 'a.md': 'model: x' },
      applied: 1,
    };
    worker.onmessage?.({ data } as MessageEvent<AnalysisResponse>);
    await expect(run).resolves.toEqual({ files: { 'a.md': 'model: x' }, applied: 1 });
  });

  it("asks the worker for a placeholder's fix by its key and resolves with the fix and its texts", async () => {
    client.update({ 'a.md': 'A' }, 'rfc', null);
    const worker = FakeWorker.all[0]!;
    const asked = client.resolveFix(42);
    const request = worker.requests.at(-1) as Extract<AnalysisRequest, { type: 'fix' }>;
    expect(request).toMatchObject({ type: 'fix', key: 42 });
    const resolved = {
      fix: { title: 'Split', safe: true, edits: [{ file: 'b.md', from: 0, to: 0, insert: 'B' }] },
      texts: { 'a.md': 'A' },
    };
    const data: AnalysisResponse = { type: 'fix', id: request.id, resolved };
    worker.onmessage?.({ data } as MessageEvent<AnalysisResponse>);
    await expect(asked).resolves.toEqual(resolved);
  });

  it("rejects a placeholder's request when the worker crashes", async () => {
    client.update({ 'a.md': 'A' }, 'rfc', null);
    const asked = client.resolveFix(1);
    FakeWorker.all[0]!.crash();
    await expect(asked).rejects.toThrow();
  });

  it('rejects a fix-all run when the worker crashes', async () => {
    client.update({ 'a.md': 'A' }, 'rfc', null);
    const run = client.fixAll({ 'a.md': 'A' }, 'rfc', {}, {});
    FakeWorker.all[0]!.crash();
    await expect(run).rejects.toThrow(/crashed/);
  });
});

describe('AnalysisClient edits of large files', () => {
  const big = 'x'.repeat(2 * PATCH_MIN_CHARS) + '\n';

  it('sends an edit of a large file instead of its text, and small files whole', () => {
    client.update({ 'big.md': big, 'small.md': 'a' }, 'rfc', null);
    const worker = FakeWorker.all[0]!;
    worker.answer();
    const edited = big.slice(0, 5) + 'Y' + big.slice(5);
    client.edited('big.md', { from: 5, to: 5, insert: 'Y' }, edited);
    client.edited('small.md', { from: 1, to: 1, insert: 'b' }, 'ab');
    client.update({ 'big.md': edited, 'small.md': 'ab' }, 'rfc', null);
    const last = checkRequests(worker).at(-1)!;
    expect(last.patched).toEqual({ 'big.md': [{ from: 5, to: 5, insert: 'Y' }] });
    expect(last.changed).toEqual({ 'small.md': 'ab' });
  });

  it('sends the edits made while a request was in flight in order, and they rebuild the text', () => {
    client.update({ 'big.md': big }, 'rfc', null);
    const worker = FakeWorker.all[0]!;
    let text = big;
    const edits = [
      { from: 0, to: 0, insert: 'A' },
      { from: 3, to: 10, insert: '' },
      { from: 2, to: 2, insert: 'BC' },
    ];
    for (const e of edits) {
      text = text.slice(0, e.from) + e.insert + text.slice(e.to);
      client.edited('big.md', e, text);
      client.update({ 'big.md': text }, 'rfc', null);
    }
    worker.answer();
    const last = checkRequests(worker).at(-1)!;
    let rebuilt = big;
    for (const e of last.patched['big.md']!)
      rebuilt = rebuilt.slice(0, e.from) + e.insert + rebuilt.slice(e.to);
    expect(rebuilt).toBe(text);
    expect(last.changed).toEqual({});
  });

  it('sends the whole text when the file changed by anything but the noted edits', () => {
    client.update({ 'big.md': big }, 'rfc', null);
    const worker = FakeWorker.all[0]!;
    worker.answer();
    const edited = 'Y' + big;
    client.edited('big.md', { from: 0, to: 0, insert: 'Y' }, edited);
    client.update({ 'big.md': 'Z' + big }, 'rfc', null);
    expect(checkRequests(worker).at(-1)!.changed).toEqual({ 'big.md': 'Z' + big });
    worker.answer();
    client.edited('big.md', null, 'W' + big);
    client.update({ 'big.md': 'W' + big }, 'rfc', null);
    expect(checkRequests(worker).at(-1)!.changed).toEqual({ 'big.md': 'W' + big });
  });

  it('sends every file whole at once when the worker says an edit did not fit', () => {
    client.update({ 'big.md': big, 'b.md': 'B' }, 'rfc', null);
    const worker = FakeWorker.all[0]!;
    worker.answer();
    const edited = 'Y' + big;
    client.edited('big.md', { from: 0, to: 0, insert: 'Y' }, edited);
    client.update({ 'big.md': edited, 'b.md': 'B' }, 'rfc', null);
    const patchedRequest = checkRequests(worker).at(-1)!;
    worker.onmessage?.({
      data: { type: 'failed', rev: patchedRequest.rev, message: 'no fit', resync: true },
    } as MessageEvent<AnalysisResponse>);
    const resent = checkRequests(worker).at(-1)!;
    expect(resent.rev).toBeGreaterThan(patchedRequest.rev);
    expect(resent.changed).toEqual({ 'big.md': edited, 'b.md': 'B' });
    expect(resent.patched).toEqual({});
    expect(events.some((e) => e.kind === 'stalled')).toBe(false);
  });
});
