import { defineLanguageFacet, languageDataProp } from '@codemirror/language';
import { NodeSet, NodeType, Tree } from '@lezer/common';
import { styleTags, tags } from '@lezer/highlight';

/** The language data facet of the card bundle language (its outer tree's top node carries it). */
export const bundleData = defineLanguageFacet({});

/**
 * Node types of a card bundle's outer tree. A `Document` holds an optional leading `Body` (text before
 * the first card) and one `Card` per card; a `Card` is a `Frontmatter` (`DashLine`,
 * `FrontmatterContent`, `DashLine`) and an optional `Body`. YAML is mounted on `FrontmatterContent`,
 * Markdown on `Body`. `FrontmatterContent` and `Body` exist only when they are not empty.
 */
const nodeNames = ['Document', 'Card', 'Frontmatter', 'DashLine', 'FrontmatterContent', 'Body'];

/** The node set of the outer tree (see `nodeNames`); `DashLine` is styled as `meta`. */
export const bundleNodeSet = new NodeSet(
  nodeNames.map((name, id) =>
    NodeType.define({
      id,
      name,
      top: id === 0,
      props: id === 0 ? [[languageDataProp, bundleData]] : [],
    }),
  ),
).extend(styleTags({ DashLine: tags.meta }));

export const [documentType, cardType, frontmatterType, dashLineType, contentType, bodyType] =
  bundleNodeSet.types as [NodeType, NodeType, NodeType, NodeType, NodeType, NodeType];

/**
 * The index of the last child of `tree` that starts at or before `pos`, or -1. Children of a bundle
 * tree are sorted and do not overlap.
 */
export function childBefore(tree: Tree, pos: number): number {
  let lo = 0;
  let hi = tree.positions.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (tree.positions[mid]! <= pos) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/** The child of `tree` that covers `pos` (`start <= pos < start + length`), with its start. */
function childAt(tree: Tree, pos: number): { node: Tree; from: number } | null {
  const index = tree.type === documentType ? childBefore(tree, pos) : linearChildBefore(tree, pos);
  if (index < 0) return null;
  const node = tree.children[index];
  const from = tree.positions[index]!;
  return node instanceof Tree && pos < from + node.length ? { node, from } : null;
}

function linearChildBefore(tree: Tree, pos: number): number {
  let found = -1;
  for (let i = 0; i < tree.positions.length && tree.positions[i]! <= pos; i++) found = i;
  return found;
}

/**
 * The `FrontmatterContent` or `Body` node of a bundle tree (`Document` at offset 0) that covers `pos`,
 * with its absolute start; null when another node (or none) covers it, or `tree` is not a bundle tree.
 */
export function hostAt(
  tree: Tree,
  pos: number,
  type: NodeType,
): { node: Tree; from: number } | null {
  if (tree.type !== documentType) return null;
  let at = childAt(tree, pos);
  for (let offset = 0; at;) {
    const from = offset + at.from;
    if (at.node.type === type) return { node: at.node, from };
    if (at.node.type !== cardType && at.node.type !== frontmatterType) return null;
    offset = from;
    at = childAt(at.node, pos - from);
  }
  return null;
}

/**
 * What a bundle tree of a document `docLength` long says about `pos`: the card header YAML
 * (`FrontmatterContent`, absolute `from`/`to`) that holds it, null when `pos` is outside every header,
 * or undefined when the tree cannot tell (it is not a bundle tree, or it is only partly parsed and ends
 * at or before `pos`).
 */
export function headerContentAt(
  tree: Tree,
  pos: number,
  docLength: number,
): { from: number; to: number } | null | undefined {
  if (tree.type !== documentType) return undefined;
  if (pos >= tree.length) return tree.length >= docLength ? null : undefined;
  const host = hostAt(tree, pos, contentType);
  return host ? { from: host.from, to: host.from + host.node.length } : null;
}
