import { NodeProp, TreeFragment, type NodeType } from '@lezer/common';
import { hostAt } from './bundle-tree.ts';

/**
 * Fragments for re-parsing the `type` range `from`–`to` (a `FrontmatterContent` or `Body`) with its own
 * parser: the unchanged parts of the trees mounted on such ranges in the earlier bundle trees of
 * `fragments`, turned into fragments of those trees, so an edit in a long body re-parses only around
 * the edit. Ranges whose earlier node had no tree mounted (or only part of one) give less or nothing.
 */
export function nestedFragments(
  fragments: readonly TreeFragment[],
  type: NodeType,
  from: number,
  to: number,
): TreeFragment[] {
  const result: TreeFragment[] = [];
  for (const f of fragments) {
    const start = Math.max(f.from, from);
    const end = Math.min(f.to, to);
    if (start >= end) continue;
    const old = hostAt(f.tree, start + f.offset, type);
    const mounted = old?.node.prop(NodeProp.mounted);
    if (!old || !mounted || mounted.overlay) continue;
    const hostFrom = old.from - f.offset;
    const fragmentTo = Math.min(end, hostFrom + mounted.tree.length);
    if (start >= fragmentTo) continue;
    const complete = hostFrom === from && mounted.tree.length === old.node.length;
    result.push(
      new TreeFragment(
        start,
        fragmentTo,
        mounted.tree,
        f.offset - old.from,
        !complete || start > from,
        !complete || fragmentTo < to || old.node.length !== to - from,
      ),
    );
  }
  return result;
}
