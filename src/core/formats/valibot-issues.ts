/**
 * The bridge between a format's valibot schema and its YAML source: the plain value a schema reads, the
 * node an issue's path names, and the schema that governs a path (for the allowed keys of a mapping, hover
 * and completion). Every format validates by running `v.safeParse` on `plainValue(root)` and pointing each
 * issue at `pairAt(root, issueKeys(issue))`. Pure; never throws on any tree.
 */
import type * as v from 'valibot';
import { isMap, isScalar, isSeq, type Pair, type YAMLMap } from 'yaml';

/** A key of an issue path: a mapping key or a list index. */
export type PathKey = string | number;

/** The keys of an issue's path, outermost first (empty for an issue about the value itself). */
export function issueKeys(issue: v.BaseIssue<unknown>): PathKey[] {
  return (issue.path ?? []).map((item) => item.key as PathKey);
}

/** True when the issue is about a key of a mapping (an unknown, missing or badly formed key). */
export function isKeyIssue(issue: v.BaseIssue<unknown>): boolean {
  const last = issue.path?.[issue.path.length - 1];
  return last !== undefined && 'origin' in last && last.origin === 'key';
}

/** True when the issue says a required key is missing (as opposed to an unknown key being present). */
export function isMissingKeyIssue(issue: v.BaseIssue<unknown>): boolean {
  return isKeyIssue(issue) && issue.input === undefined && issue.expected !== 'never';
}

/** True when the issue says a strict object has a key it does not allow (valibot names only the first). */
export function isUnknownKeyIssue(issue: v.BaseIssue<unknown>): boolean {
  return isKeyIssue(issue) && issue.type === 'strict_object' && issue.expected === 'never';
}

/** How a format reads nodes: `resolve` follows an alias (identity when aliases are not followed). */
export interface NodeReader {
  resolve(node: unknown): unknown;
  /** The value of a node that is its own ancestor (through aliases). */
  cycle?: unknown;
}

const AS_WRITTEN: NodeReader = { resolve: (node) => node };

/**
 * The plain value of a YAML node as a schema reads it: mappings become objects keyed by their string keys
 * (pairs with other keys are left out: report them with `nonStringKeys`), lists arrays, scalars their
 * value. An alias that names its own ancestor reads as null (or `reader.cycle`); `reader.resolve` decides
 * whether aliases (in keys and values) are followed.
 */
export function plainValue(
  node: unknown,
  ancestors: Set<unknown> = new Set(),
  reader: NodeReader = AS_WRITTEN,
): unknown {
  node = reader.resolve(node);
  if (node === null || node === undefined) return null;
  if (ancestors.has(node)) return reader.cycle ?? null;
  if (isScalar(node)) return node.value === undefined ? null : node.value;
  if (!isMap(node) && !isSeq(node)) return null;
  ancestors.add(node);
  let out: unknown;
  if (isSeq(node)) out = node.items.map((item) => plainValue(item, ancestors, reader));
  else {
    const object: Record<string, unknown> = {};
    for (const pair of node.items) {
      const key = reader.resolve(pair.key);
      if (isScalar(key) && typeof key.value === 'string')
        Object.defineProperty(object, key.value, {
          value: plainValue(pair.value, ancestors, reader),
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    out = object;
  }
  ancestors.delete(node);
  return out;
}

/** Where a path leads in the YAML tree. */
export interface PathNodes {
  /** The pair holding the last key, when the path ends at a mapping entry that exists. */
  pair?: Pair;
  /** The node at the path; undefined when the path leaves the tree. */
  node: unknown;
  /** The pair whose value is the mapping or list that holds the last key (undefined at the root). */
  parentPair?: Pair;
}

/** Follows `keys` from `root` through mappings (string keys) and lists (indexes), resolving by `reader`. */
export function pairAt(
  root: unknown,
  keys: readonly PathKey[],
  reader: NodeReader = AS_WRITTEN,
): PathNodes {
  let node: unknown = reader.resolve(root);
  let pair: Pair | undefined;
  let parentPair: Pair | undefined;
  for (const key of keys) {
    parentPair = pair;
    pair = undefined;
    if (isMap(node)) {
      pair = node.items.find((p) => {
        const k = reader.resolve(p.key);
        return isScalar(k) && k.value === key;
      });
      node = pair ? reader.resolve(pair.value) : undefined;
    } else if (isSeq(node) && typeof key === 'number') node = reader.resolve(node.items[key]);
    else node = undefined;
    if (node === undefined && pair === undefined) return { node: undefined, parentPair };
  }
  const out: PathNodes = { node };
  if (pair) out.pair = pair;
  if (parentPair) out.parentPair = parentPair;
  return out;
}

type AnySchema = v.GenericSchema & {
  wrapped?: AnySchema;
  pipe?: ReadonlyArray<{ kind: string }>;
  entries?: Record<string, AnySchema>;
  value?: AnySchema;
  item?: AnySchema;
};

/** The schema itself, through `optional`/`nullable`/`nullish` wrappers and pipes (their last schema). */
export function unwrapSchema(schema: v.GenericSchema): v.GenericSchema {
  let current = schema as AnySchema;
  for (;;) {
    if (current.wrapped) current = current.wrapped;
    else if (current.pipe) {
      const schemas = current.pipe.filter((item) => item.kind === 'schema') as AnySchema[];
      const last = schemas[schemas.length - 1];
      if (!last || last === current) return current;
      current = last;
    } else return current;
  }
}

/** The schema that governs the value at `keys` below `schema` (object entries, record values, list items). */
export function schemaAt(
  schema: v.GenericSchema,
  keys: readonly PathKey[],
): v.GenericSchema | undefined {
  let current: AnySchema | undefined = unwrapSchema(schema);
  for (const key of keys) {
    if (!current) return undefined;
    const next: AnySchema | undefined = current.entries
      ? current.entries[String(key)]
      : current.type === 'record'
        ? current.value
        : current.item;
    current = next ? unwrapSchema(next) : undefined;
  }
  return current;
}

/** The keys an object schema allows, in order, or undefined when `schema` is not an object schema. */
export function allowedKeys(schema: v.GenericSchema | undefined): string[] | undefined {
  const entries: unknown = schema && 'entries' in schema ? schema.entries : undefined;
  return typeof entries === 'object' && entries !== null ? Object.keys(entries) : undefined;
}

/**
 * Every mapping of the tree that the schema reads as an object or a record, with the path to it, in
 * document order; `visit` is called with each such mapping's node, path and schema. Descends only through
 * string keys the schema knows (so it visits exactly what validation reads).
 */
export function eachMapping(
  root: unknown,
  schema: v.GenericSchema,
  visit: (node: YAMLMap, keys: PathKey[], schema: v.GenericSchema) => void,
): void {
  const walk = (node: unknown, keys: PathKey[], at: v.GenericSchema | undefined): void => {
    if (!at || !isMap(node) || keys.length > 64) return;
    const shape = at as AnySchema;
    if (!shape.entries && shape.type !== 'record') return;
    visit(node, keys, at);
    for (const pair of node.items) {
      if (!isScalar(pair.key) || typeof pair.key.value !== 'string') continue;
      const key = pair.key.value;
      const child = shape.entries ? shape.entries[key] : shape.value;
      if (child) walk(pair.value, [...keys, key], unwrapSchema(child));
    }
  };
  walk(root, [], unwrapSchema(schema));
}
