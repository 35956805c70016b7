/**
 * Checks that a signature's `input` / `output` is a valid JSON Schema (draft 2020-12 keywords, plus the
 * draft-07 array form of `items`), node by node. Unknown keywords are allowed, as JSON Schema allows
 * them; one that is a likely misspelling of a known keyword is a warning. Bounded: at most
 * `MAX_SCHEMA_NODES` schemas and `MAX_SCHEMA_DEPTH` levels are visited.
 */
import { isMap, isScalar, isSeq } from 'yaml';
import { didYouMean } from '../../text/did-you-mean.ts';
import { typoFixes } from '../../fixes/typo-fix.ts';
import type { NodeChecker } from './node-checks.ts';

/** Most subschemas visited per signature. */
export const MAX_SCHEMA_NODES = 5000;
/** Deepest subschema nesting visited. */
export const MAX_SCHEMA_DEPTH = 64;

const TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];
const SCHEMA = ['additionalProperties', 'contains', 'not', 'if', 'then', 'else', 'propertyNames'];
const SCHEMA_MORE = [
  'unevaluatedItems',
  'unevaluatedProperties',
  'additionalItems',
  'contentSchema',
];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const NUMBERS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];
const COUNTS = [
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'minContains',
  'maxContains',
];
const STRINGS = [
  'title',
  'description',
  'format',
  '$id',
  '$schema',
  '$ref',
  '$comment',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  'contentEncoding',
  'contentMediaType',
];
const BOOLEANS = ['uniqueItems', 'readOnly', 'writeOnly', 'deprecated'];
const ANY = ['const', 'default', 'examples', 'enum', 'required', 'type', 'items', 'pattern'];
const ANY_MORE = ['multipleOf', 'dependentRequired', '$vocabulary'];
const KNOWN = [
  ...SCHEMA,
  ...SCHEMA_MORE,
  ...SCHEMA_LISTS,
  ...SCHEMA_MAPS,
  ...NUMBERS,
  ...COUNTS,
  ...STRINGS,
  ...BOOLEANS,
  ...ANY,
  ...ANY_MORE,
];

/**
 * Checks `node` as the root schema of `what` (e.g. `signature.input`). The root, each `properties` value
 * and each `items` schema without a `type` get an `afm-portability` warning: the reference
 * implementation's model requires `type` there.
 */
export function checkJsonSchema(c: NodeChecker, node: unknown, what: string): void {
  const root = c.resolve(node);
  if (!isMap(root)) {
    c.report(
      'afm-invalid-schema',
      `${what} must be a JSON Schema object (a mapping such as \`type: string\`)`,
      root,
    );
    return;
  }
  let budget = MAX_SCHEMA_NODES;
  const stack: Pending[] = [{ node: root, path: what, depth: 0, typed: true }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (--budget < 0 || item.depth > MAX_SCHEMA_DEPTH) return;
    checkSchema(c, item, stack);
  }
}

/** A schema waiting to be checked; `typed` when the reference implementation needs its `type`. */
interface Pending {
  node: unknown;
  path: string;
  depth: number;
  typed: boolean;
}

/** One keyword of a schema being checked, with what its checks need. */
interface Keyword {
  c: NodeChecker;
  key: string;
  /** The keyword's resolved value. */
  v: unknown;
  keyRange: [number, number];
  /** The keys of the schema mapping the keyword is in (a did-you-mean fix never makes a duplicate). */
  siblings: ReadonlySet<string>;
  /** The keyword's path, e.g. `signature.input.properties`. */
  at: string;
  /** Queues a subschema to check. */
  push: (child: unknown, path: string, typed?: boolean) => void;
  /** Reports that the value must be `expected`. */
  bad: (expected: string) => void;
}

/** Checks one schema (boolean or mapping) and queues its subschemas on `stack`. */
function checkSchema(c: NodeChecker, item: Pending, stack: Pending[]): void {
  const schema = c.resolve(item.node);
  if (isScalar(schema) && typeof schema.value === 'boolean') {
    if (item.typed)
      c.report(
        'afm-portability',
        `The reference implementation needs a schema object with \`type\` at ${item.path}, not a boolean schema`,
        schema,
      );
    return;
  }
  if (!isMap(schema)) {
    c.report(
      'afm-invalid-schema',
      `${item.path} must be a schema (a mapping or true/false)`,
      schema,
    );
    return;
  }
  const push = (child: unknown, path: string, typed = false) =>
    stack.push({ node: child, path, depth: item.depth + 1, typed });
  const entries = c.entries(schema, item.path);
  const byKey = new Map(entries.map((e) => [e.key, e]));
  const siblings = new Set(byKey.keys());
  if (item.typed && !byKey.has('type'))
    c.report(
      'afm-portability',
      `${item.path} has no \`type\`: valid JSON Schema, but the reference implementation requires a top-level \`type\` here`,
      entries[0]?.keyRange ?? c.range(schema),
    );
  for (const { key, value, keyRange } of entries) {
    const v = c.resolve(value);
    const bad = (expected: string) =>
      c.report('afm-invalid-schema', `\`${key}\` must be ${expected}`, c.isNull(v) ? keyRange : v);
    const k: Keyword = { c, key, v, keyRange, siblings, at: `${item.path}.${key}`, push, bad };
    if (key === 'type') checkType(k);
    else if (!queueSubschemas(k)) checkValue(k, byKey.get('properties')?.value);
  }
}

/** `type`: one JSON type name, or a non-empty list of distinct ones. */
function checkType({ c, v, bad }: Keyword): void {
  if (isScalar(v) && typeof v.value === 'string') {
    if (!TYPES.includes(v.value)) bad(`one of ${TYPES.join(', ')}`);
  } else if (isSeq(v) && v.items.length > 0) {
    const seen = new Set<string>();
    for (const t of v.items) {
      const tv = c.resolve(t);
      const s = isScalar(tv) && typeof tv.value === 'string' ? tv.value : undefined;
      if (s === undefined || !TYPES.includes(s) || seen.has(s))
        c.report('afm-invalid-schema', `Each \`type\` entry must be a distinct JSON type`, tv);
      else seen.add(s);
    }
  } else bad('a JSON type name or a non-empty list of them');
}

/** A keyword whose value is a schema, a list or a mapping of them: queues them. False for any other. */
function queueSubschemas({ c, key, v, at, push, bad }: Keyword): boolean {
  if (SCHEMA.includes(key) || SCHEMA_MORE.includes(key)) push(v, at);
  else if (key === 'items') {
    if (isSeq(v)) v.items.forEach((s, i) => push(s, `${at}[${i}]`));
    else push(v, at, true);
  } else if (SCHEMA_LISTS.includes(key)) {
    if (isSeq(v) && v.items.length > 0) v.items.forEach((s, i) => push(s, `${at}[${i}]`));
    else bad('a non-empty list of schemas');
  } else if (SCHEMA_MAPS.includes(key)) {
    if (!isMap(v)) bad('a mapping of name to schema');
    else
      for (const e of c.entries(v, at)) {
        if (key === 'patternProperties' && !validPattern(e.key))
          c.report(
            'afm-invalid-schema',
            `'${e.key}' is not a valid regular expression`,
            e.keyRange,
          );
        push(e.value, `${at}.${e.key}`, key === 'properties');
      }
  } else return false;
  return true;
}

/** A keyword with a plain value (number, count, string, …); an unknown one close to a known name is a warning. */
function checkValue({ c, key, v, keyRange, siblings, bad }: Keyword, properties: unknown): void {
  const scalar = isScalar(v) ? v.value : undefined;
  if (NUMBERS.includes(key)) {
    if (typeof scalar !== 'number') bad('a number');
  } else if (key === 'multipleOf') {
    if (!(typeof scalar === 'number' && scalar > 0)) bad('a number above 0');
  } else if (COUNTS.includes(key)) {
    if (!(typeof scalar === 'number' && Number.isInteger(scalar) && scalar >= 0))
      bad('a non-negative integer');
  } else if (STRINGS.includes(key)) {
    if (typeof scalar !== 'string') bad('a string');
  } else if (BOOLEANS.includes(key)) {
    if (typeof scalar !== 'boolean') bad('true or false');
  } else if (key === 'pattern') {
    if (!(typeof scalar === 'string' && validPattern(scalar))) bad('a valid regular expression');
  } else if (key === 'enum' || key === 'examples') {
    if (!isSeq(v)) bad('a list');
  } else if (key === 'required') {
    checkRequired(c, v, properties, bad);
  } else if (key === 'dependentRequired') {
    if (!isMap(v)) bad('a mapping of property name to a list of names');
  } else if (!ANY.includes(key) && !ANY_MORE.includes(key)) {
    const suggestion = didYouMean(key, KNOWN);
    if (suggestion && suggestion !== key)
      c.report(
        'afm-schema-keyword',
        `'${key}' is not a JSON Schema keyword (ignored by validators); did you mean '${suggestion}'?`,
        keyRange,
        undefined,
        typoFixes(key, KNOWN, {
          from: keyRange[0],
          to: keyRange[1],
          taken: (k) => siblings.has(k),
        }),
      );
  }
}

function checkRequired(
  c: NodeChecker,
  v: unknown,
  properties: unknown,
  bad: (expected: string) => void,
): void {
  if (!isSeq(v)) return bad('a list of property names');
  const props = c.resolve(properties);
  const names = isMap(props)
    ? new Set(props.items.map((p) => (isScalar(p.key) ? p.key.value : undefined)))
    : undefined;
  const seen = new Set<string>();
  for (const item of v.items) {
    const n = c.resolve(item);
    if (!isScalar(n) || typeof n.value !== 'string' || seen.has(n.value)) {
      c.report('afm-invalid-schema', 'Each `required` entry must be a distinct property name', n);
      continue;
    }
    seen.add(n.value);
    if (names && !names.has(n.value))
      c.report(
        'afm-schema-keyword',
        `'${n.value}' is required but \`properties\` does not define it`,
        n,
      );
  }
}

function validPattern(source: string): boolean {
  if (source.length > 10_000) return false;
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}
