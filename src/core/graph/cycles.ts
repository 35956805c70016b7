/**
 * Which edges of a directed graph lie on a cycle: an edge does when both ends are in the same strongly
 * connected component of more than one node, or when it is a self-loop. Tarjan's algorithm, iterative
 * (no recursion, so a chain of 10,000 agents cannot overflow the stack), linear in nodes + edges.
 */
export function findCycleEdges(
  nodes: readonly string[],
  edges: ReadonlyArray<{ from: string; to: string }>,
): boolean[] {
  const index = new Map<string, number>();
  nodes.forEach((name, i) => index.set(name, i));
  const out: number[][] = nodes.map(() => []);
  for (const edge of edges) {
    const from = index.get(edge.from);
    const to = index.get(edge.to);
    if (from !== undefined && to !== undefined) out[from]!.push(to);
  }
  const component = strongComponents(out);
  const size = new Map<number, number>();
  for (const c of component) size.set(c, (size.get(c) ?? 0) + 1);
  return edges.map((edge) => {
    const from = index.get(edge.from);
    const to = index.get(edge.to);
    if (from === undefined || to === undefined) return false;
    if (from === to) return true;
    return component[from] === component[to] && size.get(component[from]!)! > 1;
  });
}

/** The strongly connected component of each node (an id per component). */
function strongComponents(out: number[][]): number[] {
  const n = out.length;
  const order = new Array<number>(n).fill(-1);
  const low = new Array<number>(n).fill(0);
  const component = new Array<number>(n).fill(-1);
  const onStack = new Array<boolean>(n).fill(false);
  const stack: number[] = [];
  let counter = 0;
  let components = 0;
  for (let root = 0; root < n; root++) {
    if (order[root] !== -1) continue;
    const frames: Array<{ node: number; next: number }> = [{ node: root, next: 0 }];
    order[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = true;
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const { node } = frame;
      if (frame.next < out[node]!.length) {
        const to = out[node]![frame.next++]!;
        if (order[to] === -1) {
          order[to] = low[to] = counter++;
          stack.push(to);
          onStack[to] = true;
          frames.push({ node: to, next: 0 });
        } else if (onStack[to]) {
          low[node] = Math.min(low[node]!, order[to]!);
        }
        continue;
      }
      frames.pop();
      if (frames.length > 0) {
        const parent = frames[frames.length - 1]!.node;
        low[parent] = Math.min(low[parent]!, low[node]!);
      }
      if (low[node] === order[node]) {
        let member: number;
        do {
          member = stack.pop()!;
          onStack[member] = false;
          component[member] = components;
        } while (member !== node);
        components++;
      }
    }
  }
  return component;
}
