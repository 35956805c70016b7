/**
 * Where a path of the frontmatter leads, in the tree and in `frontmatterSchema`, and how the messages name
 * it. A path is the keys of a valibot issue (`['interfaces', 0, 'exposure', 'http']`); each interface,
 * MCP server and skill source starts its own naming (`exposure.http`, `MCP server 1.name`).
 */
import type * as v from 'valibot';
import { isMap, isScalar, isSeq, type Pair } from 'yaml';
import { unwrapSchema, type PathKey, type PathNodes } from '../valibot-issues.ts';
import { frontmatterSchema } from './frontmatter-schema.ts';
import type { NodeChecker } from './node-checks.ts';

/** The list items that start their own naming: where their keys begin, and how an item is called. */
const ITEMS: ReadonlyArray<{ keys: readonly PathKey[]; name: (index: number) => string }> = [
  { keys: ['interfaces'], name: (i) => `interface ${i + 1}` },
  { keys: ['tools', 'mcp'], name: (i) => `MCP server ${i + 1}` },
  { keys: ['skills'], name: (i) => `skill source ${i + 1}` },
];

/** The list item a path is inside (or is), with its name and the keys below it. */
export function itemOf(
  keys: readonly PathKey[],
): { name: string; at: PathKey[]; below: PathKey[] } | undefined {
  for (const item of ITEMS) {
    const n = item.keys.length;
    const index = keys[n];
    if (typeof index === 'number' && item.keys.every((k, i) => keys[i] === k))
      return { name: item.name(index), at: keys.slice(0, n + 1), below: keys.slice(n + 1) };
  }
  return undefined;
}

/** The path as the messages write a field: from its interface, server or skill source, else from the root. */
export function label(keys: readonly PathKey[]): string {
  const item = itemOf(keys);
  const below = item ? item.below : keys;
  if (item?.name.startsWith('MCP server') && below.length === 1 && below[0] === 'name')
    return `${item.name}.name`;
  return below.map(String).join('.');
}

/** The path as a pattern: list indexes written `*` (`interfaces.*.exposure`). */
export function pattern(keys: readonly PathKey[]): string {
  return keys.map((k) => (typeof k === 'number' ? '*' : k)).join('.');
}

/** Reads paths of one frontmatter: the nodes they lead to and the schema that governs them. */
export class FrontmatterPaths {
  constructor(
    readonly c: NodeChecker,
    readonly root: unknown,
    /** The schema the paths are read in (the draft shape has its own). */
    readonly schema: v.GenericSchema = frontmatterSchema,
  ) {}

  /** The pair and node at `keys` (aliases followed as the checker follows them). */
  at(keys: readonly PathKey[]): PathNodes {
    const { c } = this;
    let node: unknown = c.resolve(this.root);
    let pair: Pair | undefined;
    let parentPair: Pair | undefined;
    for (const key of keys) {
      parentPair = pair;
      pair = undefined;
      if (isMap(node))
        // Of two keys that read alike (`*k` naming an earlier key) the later wins, as in the value the
        // schema reads.
        pair = [...node.items].reverse().find((p) => {
          const k = c.resolve(p.key);
          return isScalar(k) && k.value === key;
        });
      node = isMap(node)
        ? pair
          ? c.resolve(pair.value)
          : undefined
        : isSeq(node) && typeof key === 'number'
          ? c.resolve(node.items[key])
          : undefined;
      if (node === undefined && pair === undefined)
        return parentPair ? { node, parentPair } : { node };
    }
    const out: PathNodes = { node };
    if (pair) out.pair = pair;
    if (parentPair) out.parentPair = parentPair;
    return out;
  }

  /** The node at `keys` as written: a list item or mapping value before its alias is followed. */
  asWritten(keys: readonly PathKey[]): unknown {
    const last = keys[keys.length - 1];
    const parent = this.at(keys.slice(0, -1)).node;
    if (isSeq(parent) && typeof last === 'number') return parent.items[last];
    return this.at(keys).pair?.value ?? this.at(keys).node;
  }

  /** The string value of the mapping's `type`, or undefined. */
  typeAt(keys: readonly PathKey[]): string | undefined {
    const node = this.at([...keys, 'type']).node;
    return isScalar(node) && typeof node.value === 'string' ? node.value : undefined;
  }

  /**
   * The schema of the value at `keys` as written in its parent (optional and nullable wrappers kept), the
   * option of a `type` variant chosen by the node's own `type`; undefined outside the schema.
   */
  entrySchema(keys: readonly PathKey[]): v.GenericSchema | undefined {
    let entry: v.GenericSchema = this.schema;
    for (let i = 0; i < keys.length; i++) {
      const shape = this.shapeOf(entry, keys.slice(0, i));
      const key = keys[i]!;
      const next = shape?.entries
        ? Object.hasOwn(shape.entries, String(key))
          ? shape.entries[String(key)]
          : undefined
        : shape?.type === 'record'
          ? shape.value
          : shape?.item;
      if (!next) return undefined;
      entry = next;
    }
    return entry;
  }

  /** The object, record or list schema at `keys` (the variant option its `type` picks), unwrapped. */
  schemaAt(keys: readonly PathKey[]): Shape | undefined {
    const entry = this.entrySchema(keys);
    return entry ? this.shapeOf(entry, keys) : undefined;
  }

  /** True when the mapping at `keys` is a mapping the schema requires `field` of. */
  requires(keys: readonly PathKey[], field: string): boolean {
    const entries = this.schemaAt(keys)?.entries;
    return !!entries && Object.hasOwn(entries, field) && entries[field]!.type !== 'optional';
  }

  private shapeOf(schema: v.GenericSchema, keys: readonly PathKey[]): Shape | undefined {
    const shape = unwrapSchema(schema) as Shape;
    if (shape.type !== 'variant') return shape;
    const type = this.typeAt(keys);
    const node = this.at(keys).node;
    if (!isMap(node)) return undefined;
    return shape.options?.find((option) => option.entries?.['type']?.literal === type);
  }
}

type Shape = v.GenericSchema & {
  entries?: Record<string, v.GenericSchema & { literal?: unknown }>;
  value?: v.GenericSchema;
  item?: v.GenericSchema;
  options?: Shape[];
};
