/**
 * What AFM's checks share to validate a part of the frontmatter with its valibot schema: the plain value
 * of a node (aliases followed as the checker follows them), the issues of a schema, and the wording of the
 * issues every part words alike (unknown and non-string keys).
 */
import * as v from 'valibot';
import { isMap, isScalar } from 'yaml';
import { didYouMean } from '../../text/did-you-mean.ts';
import { allowedKeys, plainValue, type NodeReader } from '../valibot-issues.ts';
import type { NodeChecker } from './node-checks.ts';
import { typoFixes } from '../../fixes/typo-fix.ts';

/** The value of an alias that names its own ancestor: no schema accepts it, so the node is worded. */
const CYCLE = Symbol('alias cycle');

/** How the checker reads nodes: aliases resolved one step, as `NodeChecker.resolve` does. */
export function nodeReader(c: NodeChecker): NodeReader {
  return { resolve: (node) => c.resolve(node), cycle: CYCLE };
}

/** The issues of `schema` on the plain value of `node` (none when it is valid). */
export function schemaIssues(
  c: NodeChecker,
  schema: v.GenericSchema,
  node: unknown,
): v.BaseIssue<unknown>[] {
  return v.safeParse(schema, plainValue(node, new Set(), nodeReader(c))).issues ?? [];
}

/**
 * Reports every key of the mapping `node` that `schema` (an object schema) does not allow as
 * `unknown-field` with a "did you mean" (valibot names only the first unknown key), unless `elsewhere`
 * explains it (then that callback reports it and returns true).
 */
export function reportUnknownKeys(
  c: NodeChecker,
  node: unknown,
  schema: v.GenericSchema | undefined,
  what: string,
  elsewhere?: (key: string, keyNode: unknown) => boolean,
): void {
  const map = c.resolve(node);
  const allowed = allowedKeys(schema) ?? [];
  if (!isMap(map)) return;
  const keys = new Set(map.items.map((pair) => keyText(c, pair.key)));
  for (const pair of map.items) {
    const key = c.resolve(pair.key);
    if (!isScalar(key) || typeof key.value !== 'string' || allowed.includes(key.value)) continue;
    if (elsewhere?.(key.value, key)) continue;
    const suggestion = didYouMean(key.value, allowed);
    const [from, to] = c.range(key);
    c.report(
      'unknown-field',
      `Unknown field '${key.value}' in ${what}${suggestion ? `; did you mean '${suggestion}'?` : ''} (allowed: ${allowed.join(', ')})`,
      key,
      undefined,
      typoFixes(key.value, allowed, { from, to, taken: (k) => keys.has(k) }),
    );
  }
}

/** Reports the keys of the mapping `node` that are not plain strings (the schema never sees them). */
export function reportKeyTypes(c: NodeChecker, node: unknown, what: string): void {
  const map = c.resolve(node);
  if (!isMap(map)) return;
  for (const pair of map.items) {
    const key = c.resolve(pair.key);
    if (!isScalar(key) || typeof key.value !== 'string')
      c.report('unknown-field', `Keys of ${what} must be plain strings`, key);
  }
}

/** The text of a mapping key when it is a plain string scalar (aliases followed), else undefined. */
function keyText(c: NodeChecker, node: unknown): string | undefined {
  const key = c.resolve(node);
  return isScalar(key) && typeof key.value === 'string' ? key.value : undefined;
}
