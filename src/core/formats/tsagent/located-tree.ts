/**
 * One tree of values with source ranges, built from either a JSON file (`tsagent.json`, read with the
 * core's positioned JSON reader) or a YAML document, so the TsAgent checks run once for both shapes.
 */
import { isAlias, isMap, isScalar, isSeq, type Document, type Node } from 'yaml';
import type { Json } from '../../model/agent-data.ts';
import { readJson, type JsonMember, type JsonNode } from '../../json/read-json.ts';

/** A value and where it is: absolute UTF-16 offsets into its file, `to` exclusive. */
export type LocatedNode = LocatedScalar | LocatedArray | LocatedObject;

interface Located {
  from: number;
  to: number;
}

/** A string, number, boolean or null. */
export interface LocatedScalar extends Located {
  kind: 'scalar';
  value: string | number | boolean | null;
}

/** A list. */
export interface LocatedArray extends Located {
  kind: 'array';
  items: LocatedNode[];
}

/** One `key: value` member of an object; `keyFrom`/`keyTo` cover the key (quotes included). */
export interface LocatedEntry {
  key: string;
  keyFrom: number;
  keyTo: number;
  value: LocatedNode;
}

/** A mapping. `entries` keeps source order; a repeated key keeps its last value in `get`. */
export interface LocatedObject extends Located {
  kind: 'object';
  entries: LocatedEntry[];
  byKey: Map<string, LocatedEntry>;
}

/** The result of reading a JSON text: the tree, or the syntax error and where it is. */
export type JsonTree =
  { ok: true; root: LocatedNode } | { ok: false; message: string; from: number; to: number };

/** Reads `text` as JSON (Python's `json.loads` rules, see `readJson`) into a located tree. Never throws. */
export function jsonTree(text: string): JsonTree {
  const parsed = readJson(text, 'python');
  if (!parsed.ok) return { ok: false, ...parsed.error };
  const nonFinite: Located[] = [];
  const root = fromJson(parsed.root, nonFinite);
  // The reader follows Python, which takes NaN and Infinity; TsAgent's JSON.parse does not.
  const first = nonFinite.sort((a, b) => a.from - b.from)[0];
  if (first)
    return {
      ok: false,
      message: `'${text.slice(first.from, first.to)}' is not JSON (JavaScript's JSON.parse rejects it)`,
      ...first,
    };
  return { ok: true, root };
}

/**
 * A read JSON node as a located node. A repeated key keeps its last member (value and key range) at its
 * first key's place, as `JSON.parse` and Python do; the values it replaces are not looked at.
 */
function fromJson(node: JsonNode, nonFinite: Located[]): LocatedNode {
  const { from, to } = node;
  switch (node.kind) {
    case 'array':
      return {
        kind: 'array',
        from,
        to,
        items: node.items.map((item) => fromJson(item, nonFinite)),
      };
    case 'object': {
      const kept = new Map<string, JsonMember>();
      for (const member of node.members) kept.set(member.key, member);
      const entries: LocatedEntry[] = [];
      const byKey = new Map<string, LocatedEntry>();
      for (const { key, keyFrom, keyTo, value } of kept.values()) {
        const entry = { key, keyFrom, keyTo, value: fromJson(value, nonFinite) };
        entries.push(entry);
        byKey.set(key, entry);
      }
      return { kind: 'object', from, to, entries, byKey };
    }
    case 'number':
      if (Number.isFinite(node.value)) return { kind: 'scalar', from, to, value: node.value };
      nonFinite.push({ from, to });
      return { kind: 'scalar', from, to, value: null };
    case 'null':
      return { kind: 'scalar', from, to, value: null };
    default:
      return { kind: 'scalar', from, to, value: node.value };
  }
}

/**
 * Turns a composed YAML node (ranges relative to a slice starting at `offset`) into a located tree.
 * Aliases become their anchor's tree (shared, not copied); an alias met while its own anchor is still being
 * read (a cycle) becomes `null`. Keys that are not scalars are read as their source text. `map` turns a
 * node offset into an offset of the file (for a text that was shortened before parsing). `map` turns a
 * node offset into an offset of the file (for a text that was shortened before parsing).
 */
export function yamlTree(
  node: Node | null,
  doc: Document,
  offset: number,
  map: (p: number) => number = (p) => p,
): LocatedNode {
  const done = new Map<Node, LocatedNode>();
  const open = new Set<Node>();
  const range = (n: Node | null, fallback: Located): Located =>
    n && 'range' in n && n.range
      ? { from: map(n.range[0]) + offset, to: map(n.range[1]) + offset }
      : fallback;
  const root: Located = { from: offset, to: offset };
  const convert = (n: Node | null, at: Located): LocatedNode => {
    if (n === null) return { kind: 'scalar', ...at, value: null };
    if (isAlias(n)) {
      const target = n.resolve(doc) as Node | undefined;
      if (!target || open.has(target)) return { kind: 'scalar', ...range(n, at), value: null };
      return done.get(target) ?? convert(target, range(target, at));
    }
    const cached = done.get(n);
    if (cached) return cached;
    const where = range(n, at);
    let out: LocatedNode;
    open.add(n);
    if (isMap(n)) {
      const entries: LocatedEntry[] = [];
      const byKey = new Map<string, LocatedEntry>();
      for (const pair of n.items) {
        const keyNode = pair.key as Node | null;
        const keyAt = range(keyNode, where);
        const key = isScalar(keyNode) ? String(keyNode.value) : String(keyNode ?? '');
        const value = convert(pair.value as Node | null, {
          from: keyAt.to,
          to: Math.max(keyAt.to, keyAt.from + 1),
        });
        const entry = { key, keyFrom: keyAt.from, keyTo: keyAt.to, value };
        entries.push(entry);
        byKey.set(key, entry);
      }
      out = { kind: 'object', ...where, entries, byKey };
    } else if (isSeq(n)) {
      out = {
        kind: 'array',
        ...where,
        items: n.items.map((item) => convert(item as Node | null, where)),
      };
    } else {
      const v = isScalar(n) ? n.value : null;
      out = { kind: 'scalar', ...where, value: scalarValue(v) };
    }
    open.delete(n);
    done.set(n, out);
    return out;
  };
  return convert(node, root);
}

function scalarValue(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- other YAML scalar values (a !!binary Uint8Array, a custom tag's value) as their own text
  return String(v);
}

/** The entry `key` of `node` when it is an object. */
export function entryOf(node: LocatedNode | undefined, key: string): LocatedEntry | undefined {
  return node?.kind === 'object' ? node.byKey.get(key) : undefined;
}

/** The value at `key` of `node` when it is an object. */
export function valueOf(node: LocatedNode | undefined, key: string): LocatedNode | undefined {
  return entryOf(node, key)?.value;
}

/** The string at `key`, or undefined when absent or not a string. */
export function stringAt(node: LocatedNode | undefined, key: string): string | undefined {
  const v = valueOf(node, key);
  return v?.kind === 'scalar' && typeof v.value === 'string' ? v.value : undefined;
}

/** The node at `path` below `node`, or undefined. */
export function nodeAtPath(
  node: LocatedNode | undefined,
  path: ReadonlyArray<string | number>,
): LocatedNode | undefined {
  let here = node;
  for (const step of path) {
    if (!here) return undefined;
    if (here.kind === 'array' && typeof step === 'number') here = here.items[step];
    else if (here.kind === 'object') here = here.byKey.get(String(step))?.value;
    else return undefined;
  }
  return here;
}

/** The plain JSON value of a located tree (what compiled output is made of). Shared subtrees are copied. */
export function plainJson(node: LocatedNode): Json {
  if (node.kind === 'scalar') return node.value;
  if (node.kind === 'array') return node.items.map(plainJson);
  const out: { [key: string]: Json } = {};
  for (const entry of node.entries) setKey(out, entry.key, plainJson(entry.value));
  return out;
}

/** Sets `object[key]` as an own data property, so a key such as `__proto__` stays plain data. */
export function setKey(object: { [key: string]: Json }, key: string, value: Json): void {
  Object.defineProperty(object, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
