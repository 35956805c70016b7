import * as v from 'valibot';
import { setOwn } from '../../own-property.ts';
import { isMap, isScalar, isSeq, type Node, type Pair, type YAMLMap } from 'yaml';
import { appendAll, problem, type RawDiagnostic } from '../../diagnostics.ts';
import { nodeRange, type ParsedYaml } from '../../text/parse-yaml.ts';
import { readType, type CardType, type Profile, CARD_TYPES } from '../../model/agent-types.ts';
import { didYouMean } from '../../text/did-you-mean.ts';
import { typoFixes, withFixes } from '../../fixes/typo-fix.ts';
import { replaceFix } from '../../fixes/fix.ts';
import { literalFixes } from '../../fixes/value-fixes.ts';
import {
  ALL_FIELDS,
  allowedFields,
  isRfcOnlyField,
  NULL_REJECTED_FIELDS,
  requiredFields,
  TOOL_HOOK_POINTS,
} from './card-fields.ts';
import { fieldSpec } from './field-specs.ts';

/** Absolute source ranges of one field: its key and its value. */
export interface FieldRange {
  key: [number, number];
  value: [number, number];
}

/** A card's fields after validation. `fields` holds only values that passed their checks. */
export interface ValidatedFields {
  type: CardType | undefined;
  fields: Record<string, unknown>;
  ranges: Record<string, FieldRange>;
  /** Where to point problems that belong to the card as a whole (the header or first key). */
  anchor: [number, number];
  diagnostics: RawDiagnostic[];
}

/**
 * Validates the frontmatter / YAML document of one card against the rules of its `type`: reports every
 * unknown field (with a "did you mean"), every invalid value at its own node, and every missing required
 * field, all at once. `anchor` is the range problems about the whole card point at.
 */
export function validateFields(
  yaml: ParsedYaml | null,
  profile: Profile,
  anchor: [number, number],
  isYamlFile: boolean,
): ValidatedFields {
  const out: ValidatedFields = { type: undefined, fields: {}, ranges: {}, anchor, diagnostics: [] };
  const push = (d: RawDiagnostic) => out.diagnostics.push(d);
  if (yaml === null) {
    out.type = 'agent';
    return out;
  }
  if (!yaml.ok) {
    appendAll(out.diagnostics, yaml.diagnostics);
    return out;
  }
  appendAll(out.diagnostics, yaml.diagnostics);
  const root = yaml.doc?.contents ?? null;
  const off = yaml.offset;
  const abs = (
    r: [number, number] | undefined,
    fallback: [number, number] = anchor,
  ): [number, number] => (r ? [r[0] + off, Math.max(r[1] + off, r[0] + off + 1)] : fallback);

  if (root === null) {
    out.type = 'agent';
    checkRequired(out, 'agent', new Set(), push);
    return out;
  }
  if (!isMap(root)) {
    const [from, to] = abs(nodeRange(root));
    if (profile === 'fast-agent' && !isYamlFile) {
      // fast-agent reads a non-mapping frontmatter as no metadata at all
      out.type = 'agent';
      return out;
    }
    push(
      problem(
        'frontmatter-not-mapping',
        'A card must be a mapping of fields (`key: value` lines), not a list or a single value',
        from,
        to,
      ),
    );
    return out;
  }

  const pairs = collectPairs(root, out, abs, push);
  const values = isPlainObject(yaml.value) ? yaml.value : {};
  const type = readCardType(pairs, values, out, profile, push);
  if (type === undefined) return out;
  const nulls = checkFieldValues(pairs, values, type, off, out, profile, push);
  checkRequired(out, type, nulls, push);
  checkCombinations(out, push);
  return out;
}

type Push = (d: RawDiagnostic) => void;
type Absolute = (r: [number, number] | undefined, fallback?: [number, number]) => [number, number];

/** The card's fields by name, their key and value ranges recorded in `out.ranges`. */
function collectPairs(
  root: YAMLMap,
  out: ValidatedFields,
  abs: Absolute,
  push: Push,
): Map<string, Pair> {
  const pairs = new Map<string, Pair>();
  for (const pair of root.items) {
    const key = pair.key;
    const keyRange = abs(nodeRange(key));
    if (!isScalar(key) || typeof key.value !== 'string') {
      push(problem('unknown-field', 'Field names must be plain strings', keyRange[0], keyRange[1]));
      continue;
    }
    pairs.set(key.value, pair);
    out.ranges[key.value] = { key: keyRange, value: abs(nodeRange(pair.value), keyRange) };
  }
  return pairs;
}

/**
 * Reads the card's `type` into `out.type` (with notes on a missing, mis-cased or deprecated type);
 * undefined, with the problem pushed, when the type is not a string or not a known type.
 */
function readCardType(
  pairs: ReadonlyMap<string, Pair>,
  values: Record<string, unknown>,
  out: ValidatedFields,
  profile: Profile,
  push: Push,
): CardType | undefined {
  const { anchor } = out;
  const typePair = pairs.get('type');
  const typeRange = out.ranges['type'];
  const typeValue = typePair ? plainValue(values['type']) : undefined;
  const reading = readType(typeValue, typePair !== undefined, profile);
  if (reading.kind === 'not-string') {
    const [from, to] = typeRange!.value;
    push(problem('invalid-value', '`type` must be a string', from, to));
    return undefined;
  }
  if (reading.kind === 'unknown') {
    const [from, to] = typeRange!.value;
    push(unknownType(reading.text, from, to));
    return undefined;
  }
  const type = reading.type;
  out.type = type;
  if (reading.note === 'missing') {
    if (profile === 'rfc') {
      const [from, to] = typeRange?.value ?? anchor;
      push(problem('missing-type', 'The card has no `type`; it is read as `agent`', from, to));
    }
  } else if (reading.note === 'case') {
    const [from, to] = typeRange!.value;
    const message = `Card types are spelled exactly; did you mean '${type}'?`;
    if (profile === 'rfc')
      push(
        withFixes(problem('unknown-type', message, from, to), [
          replaceFix(`Change to '${type}'`, true, from, to, type),
        ]),
      );
  } else if (reading.note === 'smart') {
    const [from, to] = typeRange!.value;
    push(
      problem(
        'deprecated-type',
        "Type 'smart' is deprecated in fast-agent 0.10 and read as 'agent'",
        from,
        to,
      ),
    );
  }
  return type;
}

/**
 * Checks each field against the type's allowed fields and its value rule; valid values go to
 * `out.fields`. Answers the names of fields given without a value.
 */
function checkFieldValues(
  pairs: ReadonlyMap<string, Pair>,
  values: Record<string, unknown>,
  type: CardType,
  off: number,
  out: ValidatedFields,
  profile: Profile,
  push: Push,
): Set<string> {
  const nulls = new Set<string>();
  const allowed = allowedFields(type, profile);
  for (const [name, pair] of pairs) {
    const range = out.ranges[name]!;
    if (!allowed.includes(name)) {
      push(unknownField(name, type, allowed, range, pairs, profile));
      continue;
    }
    if (name === 'type') continue;
    if (profile === 'rfc' && isRfcOnlyField(type, name)) {
      push(
        problem(
          'portability',
          `fast-agent 0.10.9 rejects '${name}' (unsupported field for type '${type}')`,
          range.key[0],
          range.key[1],
        ),
      );
    }
    const value = plainValue(values[name]);
    if (value === null || value === undefined) {
      nulls.add(name);
      if (NULL_REJECTED_FIELDS.has(name))
        push(
          problem('invalid-value', `'${name}' must not be empty`, range.value[0], range.value[1]),
        );
      continue;
    }
    if (checkValue(name, value, pair.value as Node, off, range, profile, push))
      out.fields[name] = value;
  }
  return nulls;
}

/** The `unknown-type` problem of `text` (the type node at `from`..`to`), with its did-you-mean fix. */
function unknownType(text: string, from: number, to: number): RawDiagnostic {
  const suggestion = didYouMean(text.trim(), CARD_TYPES);
  return withFixes(
    problem(
      'unknown-type',
      `Unknown card type '${text}'${suggestion ? `; did you mean '${suggestion}'?` : ''} (one of ${CARD_TYPES.join(', ')})`,
      from,
      to,
    ),
    typoFixes(text.trim(), CARD_TYPES, { from, to }),
  );
}

/** The `unknown-field` problem of `name`, with its did-you-mean rename when there is a sure one. */
function unknownField(
  name: string,
  type: CardType,
  allowed: readonly string[],
  range: FieldRange,
  pairs: ReadonlyMap<string, Pair>,
  profile: Profile,
): RawDiagnostic {
  const suggestion = didYouMean(name, allowed);
  const elsewhere =
    !suggestion && ALL_FIELDS.includes(name) ? ` (it is a field of other card types)` : '';
  const profileNote =
    profile === 'fast-agent' && isRfcOnlyField(type, name) ? ' (fast-agent 0.10.9 removed it)' : '';
  const fixes = typoFixes(name, allowed, {
    from: range.key[0],
    to: range.key[1],
    taken: (field) => pairs.has(field),
    // A field of another type or one fast-agent removed (`history_mode`) has a meaning of its own: the
    // close field (`history_source`) is another setting, so the rename is offered but never safe.
    safeWhenUnique: !ALL_FIELDS.includes(name),
  });
  return withFixes(
    problem(
      'unknown-field',
      `Unknown field '${name}' for type '${type}'${suggestion ? `; did you mean '${suggestion}'?` : ''}${elsewhere}${profileNote}`,
      range.key[0],
      range.key[1],
    ),
    fixes,
  );
}

/**
 * A YAML value as plain JSON-like data: `!!set` becomes a list, `!!omap`/maps with odd keys an object,
 * YAML 1.1 timestamps ISO strings, so compiled output survives JSON and structured cloning unchanged.
 */
function plainValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Set) return [...value].map(plainValue);
  if (value instanceof Map)
    return Object.fromEntries([...value].map(([k, v]) => [String(k), plainValue(v)]));
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Uint8Array) return Array.from(value);
  if (Array.isArray(value)) return value.map(plainValue);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) setOwn(out, k, plainValue(v));
    return out;
  }
  return value;
}

/** Checks one value with its field's schema and rules; reports each issue at its node. True when valid. */
function checkValue(
  name: string,
  value: unknown,
  node: Node,
  off: number,
  range: FieldRange,
  profile: Profile,
  push: (d: RawDiagnostic) => void,
): boolean {
  const spec = fieldSpec(name)!;
  const severity = spec.lenient ? 'warning' : 'error';
  const code = spec.lenient ? 'ignored-value' : 'invalid-value';
  const lenientNote = spec.lenient ? ' (fast-agent ignores it silently)' : '';
  let valid = true;
  if (
    spec.integer &&
    isScalar(node) &&
    typeof node.value === 'number' &&
    node.source !== undefined &&
    !/^[-+]?(0|[1-9][0-9_]*|0x[0-9a-fA-F_]+|0o?[0-7_]+)$/.test(String(node.source))
  ) {
    const fixes = literalFixes(spec.schema, node, off);
    push(
      withFixes(
        problem('invalid-value', `'${name}' must be an integer`, range.value[0], range.value[1]),
        fixes,
      ),
    );
    return false;
  }
  const result = v.safeParse(spec.schema, value);
  if (!result.success) {
    valid = false;
    const seen = new Set<string>();
    for (const issue of result.issues) {
      const path = (issue.path ?? []).map((item) => item.key as string | number);
      const [from, to] = absoluteAt(node, path, off, range.value);
      const key = `${from}:${to}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const d = problem(code, `${issue.message}${lenientNote}`, from, to, severity);
      push(path.length === 0 ? withFixes(d, literalFixes(spec.schema, node, off)) : d);
    }
  }
  valid = checkProfileShapes(name, value, node, off, range, profile, push) && valid;
  return valid;
}

/** The absolute range of the node at `path` below `node` (never empty), or `fallback`. */
function absoluteAt(
  node: unknown,
  path: Array<string | number>,
  off: number,
  fallback: [number, number],
): [number, number] {
  const r = nodeAt(node, path);
  return r ? [r[0] + off, Math.max(r[1] + off, r[0] + off + 1)] : fallback;
}

/** What the shape checks of one field need: where its nodes are, the profile, the problem sink. */
interface ShapeChecking {
  node: Node;
  off: number;
  range: FieldRange;
  profile: Profile;
  push: (d: RawDiagnostic) => void;
  /** The absolute range of the node at a path below the field's value. */
  at: (path: Array<string | number>) => [number, number];
}

/** Shapes where the RFC and fast-agent disagree: `servers` entries and `tool_hooks`. */
function checkProfileShapes(
  name: string,
  value: unknown,
  node: Node,
  off: number,
  range: FieldRange,
  profile: Profile,
  push: (d: RawDiagnostic) => void,
): boolean {
  const at = (path: Array<string | number>) => absoluteAt(node, path, off, range.value);
  const c: ShapeChecking = { node, off, range, profile, push, at };
  if (name === 'servers' && Array.isArray(value)) return checkServerEntries(value, c);
  if (name !== 'tool_hooks') return true;
  if (Array.isArray(value)) return checkToolHookList(value, c);
  if (isPlainObject(value)) {
    checkToolHookPoints(value, c);
    return true;
  }
  push(
    problem(
      'invalid-value',
      "'tool_hooks' must be a mapping of hook point to a reference",
      range.value[0],
      range.value[1],
    ),
  );
  return false;
}

/** `servers` entries: names, or (rfc) single-key inline configs, which fast-agent rejects. */
function checkServerEntries(value: unknown[], c: ShapeChecking): boolean {
  const { at, profile, push } = c;
  let valid = true;
  value.forEach((entry, i) => {
    const [from, to] = at([i]);
    if (typeof entry === 'string') {
      if (entry.trim() === '') {
        push(problem('invalid-value', "'servers' entries must be non-empty strings", from, to));
        valid = false;
      }
      return;
    }
    const inline = isPlainObject(entry) && Object.keys(entry).length === 1;
    if (profile === 'fast-agent' || !inline) {
      push(
        problem(
          'invalid-value',
          profile === 'fast-agent'
            ? "'servers' entries must be strings (server names from fastagent.config.yaml); put tool filters in `tools:`"
            : "'servers' entries must be a server name or a single-key mapping `name: {config}`",
          from,
          to,
        ),
      );
      valid = false;
      return;
    }
    const [serverName, config] = Object.entries(entry)[0]!;
    if (config !== null && !isPlainObject(config)) {
      const [cf, ct] = at([i, serverName]);
      push(
        problem(
          'invalid-value',
          `The inline config of server '${serverName}' must be a mapping`,
          cf,
          ct,
        ),
      );
      valid = false;
      return;
    }
    push(
      problem(
        'portability',
        "fast-agent 0.10.9 rejects inline server config ('servers' entries must be strings); move it to fastagent.config.yaml and the filters to `tools:`",
        from,
        to,
      ),
    );
  });
  return valid;
}

/** A `tool_hooks` list: the RFC's form (fast-agent wants a mapping); each entry a reference. */
function checkToolHookList(value: unknown[], c: ShapeChecking): boolean {
  const { at, profile, push, range } = c;
  let valid = true;
  if (profile === 'fast-agent') {
    push(
      problem(
        'invalid-value',
        "'tool_hooks' must be a mapping of hook point to a reference (fast-agent), not a list",
        range.value[0],
        range.value[1],
      ),
    );
    return false;
  }
  push(
    problem(
      'portability',
      "fast-agent 0.10.9 rejects a 'tool_hooks' list: it expects a mapping of hook point to a reference",
      range.value[0],
      range.value[1],
    ),
  );
  value.forEach((entry, i) => {
    const ok =
      typeof entry === 'string'
        ? entry.trim() !== ''
        : isPlainObject(entry) && typeof entry['hook'] === 'string';
    if (!ok) {
      const [from, to] = at([i]);
      push(
        problem(
          'invalid-value',
          "Each 'tool_hooks' entry must be a reference string or a mapping with `hook`",
          from,
          to,
        ),
      );
      valid = false;
    }
  });
  return valid;
}

/** A `tool_hooks` mapping: keys that are no hook point are ignored by fast-agent. */
function checkToolHookPoints(value: Record<string, unknown>, c: ShapeChecking): void {
  const { node, off, range, push } = c;
  for (const key of Object.keys(value)) {
    if (!(TOOL_HOOK_POINTS as readonly string[]).includes(key)) {
      const r = nodeKeyAt(node, key);
      const [from, to] = r ? [r[0] + off, r[1] + off] : range.value;
      const suggestion = didYouMean(key, TOOL_HOOK_POINTS);
      push(
        problem(
          'ignored-value',
          `'${key}' is not a hook point (${TOOL_HOOK_POINTS.join(', ')})${suggestion ? `; did you mean '${suggestion}'?` : ''}; fast-agent ignores it`,
          from,
          to,
        ),
      );
    }
  }
}

function checkRequired(
  out: ValidatedFields,
  type: CardType,
  nulls: ReadonlySet<string>,
  push: (d: RawDiagnostic) => void,
): void {
  for (const field of requiredFields(type)) {
    if (out.fields[field] !== undefined) continue;
    if (out.ranges[field] !== undefined && !nulls.has(field)) continue; // present but invalid: reported already
    const [from, to] = out.ranges[field]?.key ?? out.ranges['type']?.value ?? out.anchor;
    push(problem('missing-field', `Type '${type}' requires '${field}'`, from, to));
  }
}

function checkCombinations(out: ValidatedFields, push: (d: RawDiagnostic) => void): void {
  const f = out.fields;
  const r = out.ranges;
  if (f['default'] === true && f['tool_only'] === true) {
    push(
      problem(
        'invalid-value',
        "An agent cannot have both 'default' and 'tool_only' set to true",
        r['tool_only']!.value[0],
        r['tool_only']!.value[1],
      ),
    );
  }
  if (f['harness_tools'] === true && f['tool_only'] === true) {
    push(
      problem(
        'invalid-value',
        "'harness_tools' cannot be enabled on a tool-only agent",
        r['harness_tools']!.value[0],
        r['harness_tools']!.value[1],
      ),
    );
  }
  if (f['save_trajectory'] === true && f['use_history'] !== false) {
    push(
      problem(
        'invalid-value',
        "'save_trajectory: true' requires 'use_history: false'",
        r['save_trajectory']!.value[0],
        r['save_trajectory']!.value[1],
      ),
    );
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Range (relative to the slice) of the node at `path` below `node`, or undefined. */
export function nodeAt(node: unknown, path: Array<string | number>): [number, number] | undefined {
  let current: unknown = node;
  for (const key of path) {
    if (isMap(current)) {
      const pair = current.items.find((p) => isScalar(p.key) && p.key.value === key);
      if (!pair) return nodeRange(current);
      current = pair.value;
    } else if (isSeq(current) && typeof key === 'number') {
      current = current.items[key];
    } else {
      break;
    }
  }
  return nodeRange(current);
}

function nodeKeyAt(node: unknown, key: string): [number, number] | undefined {
  if (!isMap(node)) return undefined;
  const pair = node.items.find((p) => isScalar(p.key) && p.key.value === key);
  return pair ? nodeRange(pair.key) : undefined;
}
