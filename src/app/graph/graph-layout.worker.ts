/// <reference lib="webworker" />
import { layoutGraph, layoutKey, type GraphLayout, type LayoutInput } from './graph-layout.ts';

/** Main thread → layout worker: lay out `input`; `id` comes back with the answer. */
export interface LayoutRequest {
  id: number;
  input: LayoutInput;
}

/** Layout worker → main thread. `ms`: how long the layout took; `reused`: the last layout fitted as it was. */
export interface LayoutResponse {
  id: number;
  layout: GraphLayout;
  ms: number;
  reused: boolean;
}

// The Graph view's layout worker: dagre lives here, so it loads only with the view and never blocks typing.
// An edit that changes no node, label or edge (most keystrokes) gets the previous layout back unchanged;
// any other edit lays out again only the groups of agents it changed (`layoutGraph`'s `previous`).
let last: { key: string; layout: GraphLayout } | null = null;

self.onmessage = (event: MessageEvent<LayoutRequest>) => {
  const { id, input } = event.data;
  const key = layoutKey(input);
  const started = performance.now();
  const reused = last !== null && last.key === key;
  if (!reused) last = { key, layout: layoutGraph(input, last?.layout) };
  const ms = performance.now() - started;
  (self as unknown as DedicatedWorkerGlobalScope).postMessage({
    id,
    layout: last!.layout,
    ms,
    reused,
  } satisfies LayoutResponse);
};
