/**
 * The Graph view's side of its layout worker (`graph-layout.worker.ts`): sends each graph to lay out with a
 * request id, and keeps the newest answer with the graph it belongs to. Only the answer to the last request
 * is shown: a stale answer (the graph changed since) only clears the requests it covers. Without workers
 * (the constructor threw) nothing is ever laid out and the view draws nothing, which typing never waits on.
 */
import type { AgentGraph } from '../../core/index.ts';
import { layoutInput, type GraphLayout } from './graph-layout.ts';
import type { LayoutRequest, LayoutResponse } from './graph-layout.worker.ts';

/** A graph and its layout, as drawn together. */
export interface LaidGraph {
  graph: AgentGraph;
  layout: GraphLayout;
}

/** The part of a `Worker` the client uses (tests supply a fake). */
export interface LayoutWorker {
  postMessage(request: LayoutRequest): void;
  onmessage: ((event: MessageEvent<LayoutResponse>) => void) | null;
  terminate(): void;
}

/** Starts the layout worker (a module worker, bundled by Vite). */
function startLayoutWorker(): LayoutWorker {
  return new Worker(new URL('./graph-layout.worker.ts', import.meta.url), { type: 'module' });
}

/** Lays out graphs in a worker; `laid` is the newest graph laid out, null until the first answer. */
export class LayoutClient {
  /** The newest requested graph's layout, once it came back. */
  laid = $state.raw<LaidGraph | null>(null);
  /** How long the last new layout took in the worker, in ms to a tenth (read by `npm run bench`). */
  layoutMs = $state<number | null>(null);
  #worker: LayoutWorker | null;
  #asked = 0;
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping of requests in flight, never read reactively
  readonly #pending = new Map<number, AgentGraph>();

  /** `makeWorker` starts the worker (default: the real one); if it throws, nothing is laid out. */
  constructor(makeWorker: () => LayoutWorker = startLayoutWorker) {
    try {
      this.#worker = makeWorker();
      this.#worker.onmessage = (event) => this.#receive(event.data);
    } catch {
      this.#worker = null;
    }
  }

  /** Asks for `graph`'s layout; `laid` follows when the answer comes, unless a newer request was made. */
  request(graph: AgentGraph): void {
    if (!this.#worker) return;
    this.#asked += 1;
    this.#pending.set(this.#asked, graph);
    this.#worker.postMessage({ id: this.#asked, input: layoutInput(graph) });
  }

  /** Stops the worker; later requests and answers are ignored. */
  terminate(): void {
    this.#worker?.terminate();
    this.#worker = null;
  }

  #receive(response: LayoutResponse): void {
    if (!this.#worker) return;
    const shown = this.#pending.get(response.id);
    // The worker answers in order: every request up to this one is answered (or overtaken).
    for (const id of this.#pending.keys()) if (id <= response.id) this.#pending.delete(id);
    if (!response.reused) this.layoutMs = Math.round(response.ms * 10) / 10;
    if (shown && response.id === this.#asked) this.laid = { graph: shown, layout: response.layout };
  }
}
