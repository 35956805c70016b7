import { describe, expect, it } from 'vitest';
import type { AgentGraph } from '../../core/index.ts';
import type { GraphLayout } from './graph-layout.ts';
import type { LayoutRequest, LayoutResponse } from './graph-layout.worker.ts';
import { LayoutClient, type LayoutWorker } from './layout-client.svelte.ts';

/** A worker double: records requests and answers them when the test says. */
class FakeWorker implements LayoutWorker {
  requests: LayoutRequest[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<LayoutResponse>) => void) | null = null;
  postMessage(request: LayoutRequest): void {
    this.requests.push(request);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(id: number, layout: GraphLayout, ms = 1.26, reused = false): void {
    this.onmessage?.({ data: { id, layout, ms, reused } } as MessageEvent<LayoutResponse>);
  }
}

const graph = (name: string): AgentGraph => ({
  nodes: [
    {
      id: name,
      name,
      type: 'agent',
      file: 'a.md',
      line: 1,
      status: 'ok',
      uses: { servers: [], tools: [], skills: [] },
    } as unknown as AgentGraph['nodes'][number],
  ],
  edges: [],
});
const layout = (width: number): GraphLayout => ({
  width,
  height: 10,
  nodes: {},
  edges: [],
  groups: [],
});

function client() {
  const worker = new FakeWorker();
  return { worker, layouts: new LayoutClient(() => worker) };
}

describe('LayoutClient', () => {
  it('sends each graph with a new id and shows the answer with the graph it was asked for', () => {
    const { worker, layouts } = client();
    const first = graph('pilot');
    layouts.request(first);
    expect(worker.requests.map((r) => [r.id, r.input.nodes.map((n) => n.id)])).toEqual([
      [1, ['pilot']],
    ]);
    expect(layouts.laid).toBeNull();
    worker.answer(1, layout(100));
    expect(layouts.laid?.graph).toBe(first);
    expect(layouts.laid?.layout.width).toBe(100);
    expect(layouts.layoutMs).toBe(1.3);
  });

  it('never lets an answer to an older request replace the newest graph', () => {
    const { worker, layouts } = client();
    layouts.request(graph('old'));
    const newest = graph('new');
    layouts.request(newest);
    worker.answer(1, layout(1));
    expect(layouts.laid).toBeNull();
    worker.answer(2, layout(2));
    expect(layouts.laid?.graph).toBe(newest);
    worker.answer(1, layout(1));
    expect(layouts.laid?.layout.width).toBe(2);
  });

  it('keeps the time of the last new layout when the worker reuses its layout', () => {
    const { worker, layouts } = client();
    layouts.request(graph('a'));
    worker.answer(1, layout(1), 4);
    layouts.request(graph('a'));
    worker.answer(2, layout(1), 0.01, true);
    expect(layouts.layoutMs).toBe(4);
    expect(layouts.laid?.graph.nodes[0]?.id).toBe('a');
  });

  it('ignores answers once terminated, and lays out nothing without a worker', () => {
    const { worker, layouts } = client();
    layouts.request(graph('a'));
    layouts.terminate();
    expect(worker.terminated).toBe(true);
    worker.answer(1, layout(1));
    expect(layouts.laid).toBeNull();
    layouts.request(graph('b'));
    expect(worker.requests).toHaveLength(1);

    const workerless = new LayoutClient(() => {
      throw new Error('no workers here');
    });
    workerless.request(graph('c'));
    expect(workerless.laid).toBeNull();
  });
});
