/**
 * The references pass: every agent a card's workflow fields name (`agents`, `sequence`, `fan_out`, …)
 * is an agent of the load-set, not the card itself, and references form no cycle.
 */
import { appendAll, problem, type RawDiagnostic } from '../../diagnostics.ts';
import type { AgentRef } from '../../formats/agentcard/analyze-card-file.ts';
import type { CardEntry } from './cards.ts';
import { yamlScalar } from '../../fixes/fix.ts';
import { typoFixes, withFixes } from '../../fixes/typo-fix.ts';

/** A card as the cross-reference stage sees it. */
export interface RefNode {
  key: number;
  name: string;
  refs: AgentRef[];
}

type AddProblem = (key: number, d: RawDiagnostic) => void;

/**
 * Adds to each entry that is an agent (it has a name and a type) the problems of its references, where
 * `known` holds every agent name of the load-set.
 */
export function addReferenceProblems(
  entries: readonly CardEntry[],
  known: ReadonlySet<string>,
): void {
  const nodes = entries
    .filter((e) => e.name !== null && e.draft.type !== undefined)
    .map((e) => ({ key: e.key, name: e.name!, refs: e.draft.agentRefs }));
  const problems = checkAgentRefs(nodes, known);
  for (const entry of entries) appendAll(entry.problems, problems.get(entry.key) ?? []);
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
  checkTargets(nodes, known, add);
  checkCycles(nodes, add);
  return out;
}

/** `self-reference` and `unknown-agent-ref`, at each reference. */
function checkTargets(
  nodes: readonly RefNode[],
  known: ReadonlySet<string>,
  add: AddProblem,
): void {
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
          withFixes(
            problem(
              'unknown-agent-ref',
              `'${ref.name}' is not an agent of the load-set (referenced in '${ref.field}')`,
              ref.from,
              ref.to,
            ),
            agentRefFixes(ref, node.name, known),
          ),
        );
      }
    }
  }
}

/** Most agent names a reference is matched against for a fix (the match is linear in names). */
const MAX_FIX_CANDIDATES = 5_000;

/**
 * The fix for a reference to a missing agent: the one close agent name (never the card itself). Not
 * safe: agent names are the user's own, and `writer2` may name an agent still to be written.
 */
function agentRefFixes(ref: AgentRef, self: string, known: ReadonlySet<string>) {
  if (known.size > MAX_FIX_CANDIDATES) return undefined;
  const names = [...known].filter((name) => name !== self);
  return typoFixes(ref.name, names, {
    from: ref.from,
    to: ref.to,
    safeWhenUnique: false,
    render: yamlScalar,
  });
}

/** `dependency-cycle` at the reference that closes each cycle (depth-first, colouring each node). */
function checkCycles(nodes: readonly RefNode[], add: AddProblem): void {
  const byName = new Map<string, RefNode>();
  for (const node of nodes) if (!byName.has(node.name)) byName.set(node.name, node);
  // An edge to a grey node (1: on the stack) closes a cycle; black nodes (2) are done.
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
}
