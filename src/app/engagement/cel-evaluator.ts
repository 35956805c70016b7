/**
 * Runs the Engagement panel's CEL evaluation in a worker, under a wall-clock limit per expression: a hostile
 * expression (a catastrophic regex in `matches()`, comprehensions nested eight deep) cannot freeze the page.
 */
import type { ExpressionResult, SpecExpression } from '../../core/index.ts';
import type { CelRequest, CelResponse } from './cel-protocol.ts';

/** How long one expression (or reading the Engagement) may run before its worker is stopped, in ms. */
export const EVALUATION_LIMIT_MS = 250;

/** How long a worker may take to load and take up a request, in ms (not a limit on the expressions). */
export const START_LIMIT_MS = 15_000;

/** What the user sees for an expression that was stopped. */
export const STOPPED_TEXT = `evaluation stopped after ${EVALUATION_LIMIT_MS} ms`;

/** One expression's outcome: evaluated, stopped (over the limit, or its worker failed), or not yet known. */
export type ExpressionOutcome =
  | { kind: 'done'; result: ExpressionResult }
  | { kind: 'stopped'; reason: string }
  | { kind: 'pending' };

/** The state of the newest evaluation, as the panel shows it. */
export interface EvaluationState {
  /** The evaluation's id (one per `evaluate` call). */
  id: number;
  /** Why the Engagement cannot be used (or was stopped while being read), else null. */
  engagementError: string | null;
  /** The spec's expressions; empty until the worker has read the spec. */
  expressions: SpecExpression[];
  /** One outcome per expression, in the same order. */
  outcomes: ExpressionOutcome[];
  /** True once every expression has an outcome (or the Engagement was refused). */
  finished: boolean;
}

/** Makes a worker; injected so tests supply a fake. */
export type CelWorkerFactory = () => Worker;

/**
 * Evaluates in a worker and reports each change of the newest evaluation's state. A new `evaluate` while the
 * worker is busy terminates it and starts a fresh one (answers carry ids: stale ones are dropped). When an
 * expression does not answer within `limitMs`, the worker is terminated, that expression is marked stopped,
 * and the rest are evaluated in a fresh worker. The limit runs from the worker's `started` answer, so the time
 * a busy machine takes to load a worker is not counted against an expression.
 */
export class CelEvaluator {
  private worker: Worker | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private request: Omit<CelRequest, 'from'> | null = null;
  private state: EvaluationState | null = null;
  private nextId = 0;
  /** The worker has read the spec and the Engagement of the newest evaluation. */
  private prepared = false;
  private disposed = false;

  constructor(
    private readonly makeWorker: CelWorkerFactory,
    private readonly onChange: (state: EvaluationState) => void,
    private readonly limitMs = EVALUATION_LIMIT_MS,
  ) {}

  /** Evaluates every expression of `extras` (an OpenAgentSpec agent's compiled extras) against `engagement`. */
  evaluate(extras: unknown, engagement: string): void {
    if (this.disposed) return;
    if (this.state && !this.state.finished) this.stopWorker();
    const id = ++this.nextId;
    this.request = { id, extras, engagement };
    this.prepared = false;
    this.state = { id, engagementError: null, expressions: [], outcomes: [], finished: false };
    this.send(0);
  }

  /** Stops the worker; later calls do nothing. */
  dispose(): void {
    this.disposed = true;
    this.stopWorker();
  }

  private send(from: number): void {
    if (!this.request) return;
    let worker: Worker;
    try {
      worker = this.ensureWorker();
      worker.postMessage({ ...this.request, from } satisfies CelRequest);
    } catch (error) {
      this.stopCurrent(`the evaluator could not start (${String(error)})`);
      return;
    }
    this.armTimer(START_LIMIT_MS, 'the evaluator did not start');
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = this.makeWorker();
    worker.onmessage = (event: MessageEvent<CelResponse>) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.stopCurrent('the evaluator stopped unexpectedly');
    };
    worker.onmessageerror = () => this.stopCurrent('the evaluator sent an unreadable answer');
    this.worker = worker;
    return worker;
  }

  private receive(response: CelResponse): void {
    const state = this.state;
    if (!state || response.id !== state.id || state.finished) return; // stale
    if (response.type === 'started') {
      this.armTimer();
      return;
    }
    if (response.type === 'prepared') {
      if (!this.prepared) {
        this.prepared = true;
        state.expressions = response.expressions;
        state.outcomes = response.expressions.map(() => ({ kind: 'pending' }));
      }
      state.engagementError = response.engagementError;
    } else {
      if (state.outcomes[response.index]?.kind !== 'pending') return;
      state.outcomes[response.index] = { kind: 'done', result: response.result };
    }
    this.afterChange(state);
  }

  /** The expression now running (or the reading of the Engagement) is stopped: note it, go on with the rest. */
  private stopCurrent(reason: string): void {
    this.stopWorker();
    const state = this.state;
    if (!state || state.finished) return;
    const running = state.outcomes.findIndex((o) => o.kind === 'pending');
    if (!this.prepared) state.engagementError = `The Engagement could not be read: ${reason}`;
    else if (running >= 0) state.outcomes[running] = { kind: 'stopped', reason };
    this.afterChange(state);
    if (!state.finished) this.send(running + 1);
  }

  private afterChange(state: EvaluationState): void {
    state.finished =
      state.engagementError !== null ||
      (this.prepared && state.outcomes.every((o) => o.kind !== 'pending'));
    if (state.finished) this.clearTimer();
    else this.armTimer();
    this.onChange({ ...state, outcomes: [...state.outcomes] });
  }

  private armTimer(
    ms = this.limitMs,
    reason = `evaluation stopped after ${this.limitMs} ms`,
  ): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.stopCurrent(reason);
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private stopWorker(): void {
    this.clearTimer();
    this.worker?.terminate();
    this.worker = null;
  }
}
