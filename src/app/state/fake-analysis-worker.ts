/**
 * A stand-in for the analysis worker in the state tests: it records every request and answers only when told
 * to, with whatever result the test gives. Not used by the app.
 */
import type { CardInfo, CompiledAgent, Conversion } from '../../core/index.ts';
import type { AgentSummary, AnalysisRequest, AnalysisResponse } from '../analysis/protocol.ts';
import { packRows } from '../analysis/packed-rows.ts';

type CheckRequest = Extract<AnalysisRequest, { type: 'check' }>;
type ConvertRequest = Extract<AnalysisRequest, { type: 'convert' }>;
type FixAllRequest = Extract<AnalysisRequest, { type: 'fixAll' }>;

/** A worker double; `FakeAnalysisWorker.factory(list)` makes a `WorkerFactory` that collects them in `list`. */
export class FakeAnalysisWorker {
  readonly requests: AnalysisRequest[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<AnalysisResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;

  /** A factory for `AnalysisClient` that pushes each worker it makes onto `made`. */
  static factory(made: FakeAnalysisWorker[]): () => Worker {
    return () => {
      const worker = new FakeAnalysisWorker();
      made.push(worker);
      return worker as unknown as Worker;
    };
  }

  postMessage(request: AnalysisRequest): void {
    this.requests.push(request);
  }

  terminate(): void {
    this.terminated = true;
  }

  /** The newest check request. */
  lastCheck(): CheckRequest {
    const check = this.requests.findLast((r): r is CheckRequest => r.type === 'check');
    if (!check) throw new Error('no check was requested');
    return check;
  }

  /** Answers the newest check with `cards` (the rest empty) and `selected`. */
  answer(cards: CardInfo[] = [], selected: CompiledAgent | null = null): void {
    this.send({
      type: 'result',
      rev: this.lastCheck().rev,
      cards: packRows(cards),
      diagnostics: [],
      agents: packRows<AgentSummary>([]),
      selected,
      took: 1,
    });
  }

  /** Answers the newest conversion request with `result` (or fails it with `error`). */
  answerConvert(result: Conversion | null, error?: string): void {
    const request = this.requests.findLast((r): r is ConvertRequest => r.type === 'convert');
    if (!request) throw new Error('no conversion was requested');
    this.send({ type: 'converted', id: request.id, result, ...(error ? { error } : {}) });
  }

  /** Answers the newest fix-all run: `files` changed by `applied` fixes. */
  answerFixAll(files: Record<string, string>, applied: number): void {
    const request = this.requests.findLast((r): r is FixAllRequest => r.type === 'fixAll');
    if (!request) throw new Error('no fix-all run was requested');
    this.send({ type: 'fixedAll', id: request.id, files, applied });
  }

  /** Fails as an uncaught error inside a real worker would. */
  crash(): void {
    this.onerror?.({ preventDefault() {} } as ErrorEvent);
  }

  private send(response: AnalysisResponse): void {
    this.onmessage?.({ data: response } as MessageEvent<AnalysisResponse>);
  }
}

/** A card of `file` at `index` in the shape the worker reports (line = index + 1). */
export function cardInfo(file: string, index: number, name = `agent_${index}`): CardInfo {
  return {
    file,
    index,
    name,
    type: 'agent',
    from: index * 10,
    to: index * 10 + 9,
    headerTo: index * 10 + 4,
    line: index + 1,
    endLine: index + 1,
    ok: true,
    format: 'agentcard',
  };
}

/** A compiled agent read from line `line` of `file`. */
export function compiledAgent(file: string, line: number, name = 'agent'): CompiledAgent {
  return {
    ok: true,
    name,
    type: 'agent',
    file,
    line,
    data: {},
    history: [],
    pythonRefs: [],
    format: 'agentcard',
  };
}
