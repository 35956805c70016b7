import { problem, type RawDiagnostic } from '../../diagnostics.ts';
import type { AgentRef } from '../../formats/agentcard/analyze-card-file.ts';

/** A card as the cross-reference stage sees it. */
export interface RefNode {
  key: number;
  name: string;
  refs: AgentRef[];
}

/**
 * Checks that every referenced agent exists in the load-set and that references form no cycle. Problems
 * are returned per card key, at the exact list item. Iterative (no recursion), linear in cards + refs.
 */
export function checkAgentRefs(
  nodes: RefNode[],
  known: ReadonlySet<string>,
): Map<number, RawDiagnostic[]> {
  const out = new Map<number, RawDiagnostic[]>();
  const add = (key: number, d: RawDiagnostic) => {
    const list = out.get(key);
    if (list) list.push(d);
    else out.set(key, [d]);
  };
  const byName = new Map<string, RefNode>();
  for (const node of nodes) if (!byName.has(node.name)) byName.set(node.name, node);

  for (const node of nodes) {
    for (const ref of node.refs) {
      if (ref.name === node.name) {
        add(
          node.key,
          problem(
            'self-reference',
            `'${node.name}' references itself in '${ref.field}'`,
            ref.from,
            ref.to,
          ),
        );
      } else if (!known.has(ref.name)) {
        add(
          node.key,
          problem(
            'unknown-agent-ref',
            `'${ref.name}' is not an agent of the load-set (referenced in '${ref.field}')`,
            ref.from,
            ref.to,
          ),
        );
      }
    }
  }

  // Cycle detection: colour each node; an edge to a grey node closes a cycle.
  const colour = new Map<string, 1 | 2>();
  for (const start of nodes) {
    if (colour.has(start.name)) continue;
    const stack: Array<{ node: RefNode; next: number }> = [{ node: start, next: 0 }];
    colour.set(start.name, 1);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const ref = frame.node.refs[frame.next++];
      if (!ref) {
        colour.set(frame.node.name, 2);
        stack.pop();
        continue;
      }
      const target = byName.get(ref.name);
      if (!target || target === frame.node) continue;
      const state = colour.get(target.name);
      if (state === 1) {
        const names = stack.map((f) => f.node.name);
        const cycle = [...names.slice(names.indexOf(target.name)), target.name].join(' -> ');
        add(
          frame.node.key,
          problem('dependency-cycle', `Circular dependency: ${cycle}`, ref.from, ref.to),
        );
      } else if (state === undefined) {
        colour.set(target.name, 1);
        stack.push({ node: target, next: 0 });
      }
    }
  }
  return out;
}
