/**
 * One tree of values with source ranges, built from either a JSON file (`tsagent.json`, read with the
 * core's positioned JSON reader) or a YAML document, so the TsAgent checks run once for both shapes.
 */
import { isAlias, isMap, isScalar, isSeq, type Document, type Node } from 'yaml';
import type { Json } from '../../model/agent-data.ts';
import {
  MAX_JSON_DEPTH,
  parseJson,
  type JsonSpans,
  type JsonValue,
} from '../../history/parse-json.ts';

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

/** Reads `text` as JSON (Python's `json.loads` rules, see `parseJson`) into a located tree. Never throws. */
export function jsonTree(text: string): JsonTree {
  const parsed = parseJson(text, MAX_JSON_DEPTH);
  if (!parsed.ok) return { ok: false, ...parsed.error };
  const nonFinite: Located[] = [];
  const root = fromJson(
    text,
    parsed.value,
    parsed.span.from,
    parsed.span.to,
    parsed.spans,
    nonFinite,
  );
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

function fromJson(
  text: string,
  value: JsonValue,
  from: number,
  to: number,
  spans: JsonSpans,
  nonFinite: Located[],
): LocatedNode {
  if (Array.isArray(value)) {
    const itemSpans = spans.items.get(value) ?? [];
    const items = value.map((item, i) => {
      const span = itemSpans[i] ?? { from, to };
      return fromJson(text, item, span.from, span.to, spans, nonFinite);
    });
    return { kind: 'array', from, to, items };
  }
  if (value instanceof Map) {
    const memberSpans = spans.members.get(value);
    const entries: LocatedEntry[] = [];
    const byKey = new Map<string, LocatedEntry>();
    for (const [key, member] of value) {
      const span = memberSpans?.get(key) ?? { from, to };
      const [keyFrom, keyTo] = jsonKeyRange(text, span.from) ?? [span.from, span.to];
      const entry = {
        key,
        keyFrom,
        keyTo,
        value: fromJson(text, member, span.from, span.to, spans, nonFinite),
      };
      entries.push(entry);
      byKey.set(key, entry);
    }
    return { kind: 'object', from, to, entries, byKey };
  }
  if (typeof value === 'number' && !Number.isFinite(value)) {
    nonFinite.push({ from, to });
    return { kind: 'scalar', from, to, value: null };
  }
  return { kind: 'scalar', from, to, value };
}

/**
 * The range of the quoted key before a member value starting at `valueFrom` (`"key" : value`), found by
 * scanning back over the colon to the key's unescaped opening quote. Only called on text that parsed.
 */
function jsonKeyRange(text: string, valueFrom: number): [number, number] | undefined {
  let i = valueFrom - 1;
  while (i >= 0 && ' \t\r\n'.includes(text[i]!)) i--;
  if (text[i] !== ':') return undefined;
  i--;
  while (i >= 0 && ' \t\r\n'.includes(text[i]!)) i--;
  if (text[i] !== '"') return undefined;
  const end = i + 1;
  for (i--; i >= 0; i--) {
    if (text[i] !== '"') continue;
    let slashes = 0;
    while (text[i - 1 - slashes] === '\\') slashes++;
    if (slashes % 2 === 0) return [i, end];
  }
  return undefined;
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
