import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExpressionResult, SpecExpression } from '../../core/index.ts';
import {
  CelEvaluator,
  EVALUATION_LIMIT_MS,
  START_LIMIT_MS,
  STOPPED_TEXT,
  type EvaluationState,
} from './cel-evaluator.ts';
import type { CelRequest, CelResponse } from './cel-protocol.ts';

/** A worker double: records requests; the test answers for it. */
class FakeWorker {
  static all: FakeWorker[] = [];
  requests: CelRequest[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<CelResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  constructor() {
    FakeWorker.all.push(this);
  }
  postMessage(request: CelRequest) {
    this.requests.push(request);
  }
  terminate() {
    this.terminated = true;
  }
  reply(response: CelResponse) {
    this.onmessage?.({ data: response } as MessageEvent<CelResponse>);
  }
  prepared(id: number, expressions = EXPRESSIONS, engagementError: string | null = null) {
    this.reply({ type: 'started', id });
    this.reply({ type: 'prepared', id, engagementError, expressions });
  }
  result(id: number, index: number, passed = true) {
    this.reply({ type: 'result', id, index, result: passing(EXPRESSIONS[index]!, passed) });
  }
  crash() {
    this.onerror?.({ preventDefault() {} } as ErrorEvent);
  }
}

const EXPRESSIONS: SpecExpression[] = ['a', 'b', 'c'].map((name) => ({
  path: `agent.assertions.${name}`,
  role: 'input_restriction',
  subject: name,
  source: `${name} == 1`,
}));

function passing(expression: SpecExpression, passed: boolean): ExpressionResult {
  return { ...expression, ok: true, value: passed, passed };
}

let states: EvaluationState[];
let evaluator: CelEvaluator;
const last = () => states.at(-1)!;
const kinds = () => last().outcomes.map((o) => (o.kind === 'stopped' ? o.reason : o.kind));
const worker = (n = FakeWorker.all.length - 1) => FakeWorker.all[n]!;

beforeEach(() => {
  vi.useFakeTimers();
  FakeWorker.all = [];
  states = [];
  evaluator = new CelEvaluator(
    () => new FakeWorker() as unknown as Worker,
    (s) => states.push(s),
  );
});
afterEach(() => {
  evaluator.dispose();
  vi.useRealTimers();
});

describe('CelEvaluator', () => {
  it('sends the spec and the Engagement to a worker and reports each expression as it is answered', () => {
    evaluator.evaluate({ spec: 1 }, '{}');
    expect(worker().requests).toEqual([{ id: 1, extras: { spec: 1 }, engagement: '{}', from: 0 }]);
    worker().prepared(1);
    expect(kinds()).toEqual(['pending', 'pending', 'pending']);
    expect(last().finished).toBe(false);
    worker().result(1, 0);
    worker().result(1, 1, false);
    worker().result(1, 2);
    expect(kinds()).toEqual(['done', 'done', 'done']);
    expect(last().finished).toBe(true);
  });

  it('stops an expression that runs past the limit, marks it stopped and evaluates the rest in a fresh worker', () => {
    evaluator.evaluate({}, '{}');
    worker().prepared(1);
    worker().result(1, 0);
    vi.advanceTimersByTime(EVALUATION_LIMIT_MS - 1);
    expect(worker().terminated).toBe(false);
    vi.advanceTimersByTime(1);
    expect(worker(0).terminated).toBe(true);
    expect(kinds()).toEqual(['done', STOPPED_TEXT, 'pending']);
    expect(FakeWorker.all).toHaveLength(2);
    expect(worker(1).requests).toEqual([{ id: 1, extras: {}, engagement: '{}', from: 2 }]);
    worker(1).prepared(1);
    worker(1).result(1, 2);
    expect(kinds()).toEqual(['done', STOPPED_TEXT, 'done']);
    expect(last().finished).toBe(true);
  });

  it('gives each expression its own limit: slow but finishing expressions are not stopped', () => {
    evaluator.evaluate({}, '{}');
    worker().prepared(1);
    for (const index of [0, 1, 2]) {
      vi.advanceTimersByTime(EVALUATION_LIMIT_MS - 10);
      worker().result(1, index);
    }
    expect(kinds()).toEqual(['done', 'done', 'done']);
    expect(FakeWorker.all).toHaveLength(1);
  });

  it('ends when every expression hangs: each is stopped in turn, never an endless loop', () => {
    evaluator.evaluate({}, '{}');
    worker().prepared(1);
    vi.advanceTimersByTime(EVALUATION_LIMIT_MS);
    worker().prepared(1);
    vi.advanceTimersByTime(EVALUATION_LIMIT_MS);
    worker().prepared(1);
    vi.advanceTimersByTime(EVALUATION_LIMIT_MS);
    expect(kinds()).toEqual([STOPPED_TEXT, STOPPED_TEXT, STOPPED_TEXT]);
    expect(last().finished).toBe(true);
    vi.advanceTimersByTime(10 * EVALUATION_LIMIT_MS);
    expect(FakeWorker.all).toHaveLength(3);
    expect(FakeWorker.all.every((w) => w.terminated)).toBe(true);
  });

  it('does not count the time a worker takes to load against the limit, but gives up on one that never starts', () => {
    evaluator.evaluate({}, '{}');
    vi.advanceTimersByTime(START_LIMIT_MS - 1);
    expect(worker().terminated).toBe(false);
    worker().prepared(1);
    worker().result(1, 0);
    expect(kinds()).toEqual(['done', 'pending', 'pending']);
    evaluator.evaluate({}, '{"a":1}');
    vi.advanceTimersByTime(START_LIMIT_MS);
    expect(last().engagementError).toContain('the evaluator did not start');
    expect(last().finished).toBe(true);
  });

  it('reports the Engagement as unreadable when reading it runs past the limit', () => {
    evaluator.evaluate({}, '{}');
    worker().reply({ type: 'started', id: 1 });
    vi.advanceTimersByTime(EVALUATION_LIMIT_MS);
    expect(last().engagementError).toContain(STOPPED_TEXT);
    expect(last().finished).toBe(true);
    expect(worker().terminated).toBe(true);
  });

  it('passes on an Engagement error from the worker as finished', () => {
    evaluator.evaluate({}, '{');
    worker().prepared(1, EXPRESSIONS, 'The Engagement is not valid JSON');
    expect(last()).toMatchObject({
      engagementError: 'The Engagement is not valid JSON',
      finished: true,
    });
  });

  it('finishes at once for a spec without expressions', () => {
    evaluator.evaluate({}, '{}');
    worker().prepared(1, []);
    expect(last()).toMatchObject({ expressions: [], finished: true });
    vi.advanceTimersByTime(EVALUATION_LIMIT_MS * 4);
    expect(FakeWorker.all).toHaveLength(1);
  });

  it('drops answers of an older evaluation and replaces a busy worker on a new one', () => {
    evaluator.evaluate({}, '{"a":1}');
    const first = worker();
    first.prepared(1);
    evaluator.evaluate({}, '{"a":2}');
    expect(first.terminated).toBe(true);
    const second = worker();
    expect(second.requests[0]).toMatchObject({ id: 2, engagement: '{"a":2}', from: 0 });
    const seen = states.length;
    first.result(1, 0);
    second.result(1, 0);
    expect(states).toHaveLength(seen);
    second.prepared(2);
    second.result(2, 0, false);
    expect(last().id).toBe(2);
    expect(kinds()).toEqual(['done', 'pending', 'pending']);
  });

  it('reuses an idle worker for the next evaluation', () => {
    evaluator.evaluate({}, '{}');
    worker().prepared(1, []);
    evaluator.evaluate({}, '{"x":1}');
    expect(FakeWorker.all).toHaveLength(1);
    expect(worker().requests.map((r) => r.id)).toEqual([1, 2]);
  });

  it('marks the running expression stopped when the worker crashes, and goes on', () => {
    evaluator.evaluate({}, '{}');
    worker().prepared(1);
    worker().crash();
    expect(kinds()).toEqual(['the evaluator stopped unexpectedly', 'pending', 'pending']);
    expect(worker(1).requests[0]!.from).toBe(1);
  });

  it('does nothing after dispose', () => {
    evaluator.evaluate({}, '{}');
    evaluator.dispose();
    expect(worker().terminated).toBe(true);
    evaluator.evaluate({}, '{}');
    vi.advanceTimersByTime(EVALUATION_LIMIT_MS * 2);
    expect(FakeWorker.all).toHaveLength(1);
  });
});
