/**
 * Turns the issues of `frontmatterSchema` on a current-shape frontmatter into diagnostics: each at the node
 * its path names, with the code and wording of the rule it breaks. The schema decides what is wrong; this
 * module only says it (`label` names the field, the few paths with their own wording are listed here).
 */
import { getOwn } from '../../own-property.ts';
import type * as v from 'valibot';
import { isMap, isScalar, isSeq } from 'yaml';
import {
  isMissingKeyIssue,
  isUnknownKeyIssue,
  issueKeys,
  type PathKey,
} from '../valibot-issues.ts';
import { FrontmatterPaths, itemOf, label, pattern } from './frontmatter-paths.ts';
import { AUTH_NEEDS } from './frontmatter-schema.ts';
import { isIntegerLiteral } from './node-checks.ts';
import { reportUnknownKeys } from './schema-issues.ts';
import { DRAFT_TO_CURRENT } from './shape.ts';

/** Interface types of the current shape, as the messages list them. */
export const CURRENT_TYPES = ['consolechat', 'webchat', 'webhook', 'platformchat'];
/** Every field some current interface type has (a field of another type is a mismatch, not unknown). */
const INTERFACE_FIELDS = [
  'type',
  'platform',
  'mode',
  'platform_config',
  'prompt',
  'signature',
  'exposure',
  'polling',
  'authentication',
  'subscription',
];
/** Transport types of the draft shape (named in a hint when a current-shape file uses them). */
export const DRAFT_TRANSPORTS = ['http_sse', 'stdio', 'streamable_http'];
const TRANSPORTS = ['http', 'stdio'];
const MODES = ['notification', 'request', 'polling'];
/** What a field of the draft shape found at the top of a current-shape file should become. */
const DRAFT_FIELD_HINTS: Readonly<Record<string, string>> = {
  namespace: '; the current shape has no namespace: remove it',
  iconUrl: '; write `icon_url`',
  interface: '; write `interfaces: [{type: …}]`',
};

/** Reports every issue of the schema (`issues` of `v.safeParse(frontmatterSchema, …)`). */
export function reportIssues(p: FrontmatterPaths, issues: readonly v.BaseIssue<unknown>[]): void {
  // One problem per value: a number can break two rules of one pipe (an integer at least 0).
  const worded = new Set<string>();
  for (const issue of inFieldOrder(p, issues)) {
    const keys = issueKeys(issue);
    if (isUnknownKeyIssue(issue)) unknownKeys(p, keys.slice(0, -1));
    else if (isMissingKeyIssue(issue)) missing(p, keys, false);
    else if (worded.has(JSON.stringify(keys))) continue;
    else if (unset(issue) && isField(p, keys)) missing(p, keys, issue.input === null);
    else valueProblem(p, keys, issue);
    worded.add(JSON.stringify(keys));
  }
}

/**
 * The issues ordered by where their top-level field is written (stable within a field), so that two
 * problems at one node shared through an alias are listed as the fields are read.
 */
export function inFieldOrder(
  p: FrontmatterPaths,
  issues: readonly v.BaseIssue<unknown>[],
): v.BaseIssue<unknown>[] {
  const root = p.c.resolve(p.root);
  const order = new Map<unknown, number>();
  if (isMap(root))
    root.items.forEach((pair, i) => {
      const key = p.c.resolve(pair.key);
      if (isScalar(key)) order.set(key.value, i);
    });
  const at = (issue: v.BaseIssue<unknown>) => order.get(issueKeys(issue)[0]) ?? -1;
  return [...issues].sort((a, b) => at(a) - at(b));
}

/** True when the issue is about a value that is null or absent (a variant's `type` reads so when absent). */
export function unset(issue: v.BaseIssue<unknown>): boolean {
  return issue.input === null || issue.input === undefined;
}

/** The `type` of each list item that is a variant of types (its schema cannot say whether it is required). */
const DISCRIMINATORS = ['interfaces.*.type', 'tools.mcp.*.transport.type'];

/** True when the last key is a field its mapping requires (a null there is a missing field). */
function isField(p: FrontmatterPaths, keys: PathKey[]): boolean {
  const field = keys[keys.length - 1];
  if (DISCRIMINATORS.includes(pattern(keys))) return true;
  return typeof field === 'string' && p.requires(keys.slice(0, -1), field);
}

/** Every unknown key of the mapping at `keys`, a field of the other shape or interface type said so. */
function unknownKeys(p: FrontmatterPaths, keys: PathKey[]): void {
  const { c } = p;
  const node = keys.length === 0 ? p.root : p.at(keys).node;
  const item = itemOf(keys);
  const at = pattern(keys);
  const type = p.typeAt(keys);
  const what =
    keys.length === 0
      ? 'the frontmatter'
      : at === 'interfaces.*'
        ? `a ${type} interface`
        : at === 'tools.mcp.*.transport'
          ? `a ${type} transport`
          : item && item.below.length === 0
            ? item.name
            : `\`${label(keys)}\``;
  reportUnknownKeys(c, node, p.schemaAt(keys), what, (key, keyNode) => {
    if (keys.length === 0 && Object.hasOwn(DRAFT_FIELD_HINTS, key))
      c.report(
        'afm-mixed-shape',
        `'${key}' is a field of the draft shape, but this file is written in the current shape${DRAFT_FIELD_HINTS[key]}`,
        keyNode,
      );
    else if (at === 'provider' && key === 'organization')
      c.report(
        'afm-mixed-shape',
        '`provider.organization` is the draft shape; the current shape writes `provider.name`',
        keyNode,
      );
    else if (at === 'tools.mcp.*' && key === 'authentication')
      c.report(
        'afm-mixed-shape',
        'Server-level `authentication` is the draft shape; in the current shape it goes inside `transport` (http only)',
        keyNode,
      );
    else if (at === 'interfaces.*' && INTERFACE_FIELDS.includes(key))
      c.report(
        'afm-interface-mismatch',
        `\`${key}\` does not apply to a ${type} interface`,
        keyNode,
      );
    else return false;
    return true;
  });
}

/** A required field that is absent (`present` false) or null, reported where the rule's reader looks. */
function missing(p: FrontmatterPaths, keys: PathKey[], present: boolean): void {
  const { c } = p;
  const field = String(keys[keys.length - 1]);
  const parent = keys.slice(0, -1);
  const own = present ? c.resolve(p.at(keys).pair?.key) : undefined;
  const parentKey = () => c.resolve(p.at(parent).pair?.key);
  const typeKey = () => c.resolve(p.at([...parent, 'type']).pair?.key);
  const item = itemOf(keys);
  const report = (message: string, at: unknown) => c.report('missing-field', message, at);
  switch (pattern(keys)) {
    case 'interfaces.*.type':
      return report(
        `Each interface requires 'type' (${CURRENT_TYPES.join(', ')})`,
        own ?? c.range(p.at(parent).node),
      );
    case 'interfaces.*.platform':
    case 'interfaces.*.mode':
      return report(`A platformchat interface requires '${field}'`, own ?? typeKey());
    case 'tools.mcp.*.transport.type':
      return report(`\`transport\` requires 'type' (${TRANSPORTS.join(', ')})`, parentKey());
    case 'tools.mcp.*.transport.url':
    case 'tools.mcp.*.transport.command':
      return report(`A ${p.typeAt(parent)} transport requires '${field}'`, own ?? typeKey());
    case 'tools.mcp.*.name':
    case 'skills.*.type':
    case 'skills.*.path':
      return report(`${item!.name} requires '${field}'`, own ?? c.range(p.at(parent).node));
    case 'tools.mcp.*.transport': {
      const name = c.resolve(p.at([...parent, 'name']).pair?.key);
      return report(
        `${item!.name} requires 'transport'`,
        own ?? name ?? c.range(p.at(parent).node),
      );
    }
  }
  if (field === 'type' && keys[keys.length - 2] === 'authentication')
    return report(
      `\`${label(parent)}\` requires 'type' (bearer, basic, api-key, oauth2, …)`,
      own ?? parentKey(),
    );
  report(`\`${label(parent)}\` requires '${field}'`, own ?? parentKey());
}

/**
 * A value the schema refuses, worded for where it is. Long on purpose: one table of the paths with their
 * own wording (first switch), then the wording by the rule the issue breaks (second switch and after),
 * read top to bottom like spec-issues.ts's `valueProblem`.
 */
// eslint-disable-next-line max-lines-per-function -- one table of wordings, read top to bottom (above)
function valueProblem(p: FrontmatterPaths, keys: PathKey[], issue: v.BaseIssue<unknown>): void {
  const { c } = p;
  const { node, pair } = p.at(keys);
  const value = isScalar(node) ? node.value : undefined;
  const invalid = (message: string, at: unknown = node) => c.report('invalid-value', message, at);
  const name = label(keys);
  const item = itemOf(keys);
  switch (pattern(keys)) {
    case 'interfaces.*':
    case 'tools.mcp.*':
    case 'skills.*':
      return invalid(`${item!.name} must be a mapping`, c.isNull(node) ? p.asWritten(keys) : node);
    case 'interfaces.*.type':
      if (typeof value !== 'string') return invalid('`type` must be a string');
      return invalid(
        `Unknown interface type '${value}' (one of ${CURRENT_TYPES.join(', ')})${
          Object.hasOwn(DRAFT_TO_CURRENT, value)
            ? `; '${value}' is the draft shape's type, write '${getOwn(DRAFT_TO_CURRENT, value)}'`
            : ''
        }`,
      );
    case 'tools.mcp.*.transport.type':
      if (typeof value !== 'string') return invalid('`transport.type` must be a string');
      return invalid(
        `Unknown transport type '${value}' (one of ${TRANSPORTS.join(', ')})${
          DRAFT_TRANSPORTS.includes(value)
            ? `; '${value}' is the draft shape's name, the current shape calls every HTTP transport 'http'`
            : ''
        }`,
      );
    case 'skills.*.type':
      if (typeof value === 'string')
        return invalid(`Unknown skill source type '${value}' (only 'local')`);
      return invalid('`skills[].type` must be a string');
    case 'skills.*.path':
      return invalid('`skills[].path` must be a string');
    case 'interfaces.*.mode':
      return invalid(
        typeof value === 'string'
          ? `\`mode\` must be one of ${MODES.join(', ')}`
          : '`mode` must be a string',
      );
    case 'interfaces.*.signature.input':
    case 'interfaces.*.signature.output':
      return c.report(
        'afm-invalid-schema',
        `${name} must be a JSON Schema object (a mapping such as \`type: string\`)`,
        node,
      );
    case 'tools.mcp':
      if (c.isNull(node) || isSeq(node)) break;
      if (!isScalar(node))
        return c.report(
          'afm-mixed-shape',
          '`tools.mcp` with `servers:` is the draft shape; in this file `tools.mcp` is the list of servers itself',
          c.resolve(pair?.key),
        );
  }
  switch (issue.type) {
    case 'partial_check':
      return authNeeds(p, keys);
    case 'regex':
      return invalid(
        name === 'name'
          ? '`name` must not be empty'
          : name.endsWith('.name')
            ? 'A server `name` must not be empty'
            : `\`${name}\` must not be empty`,
      );
    case 'min_value':
      return invalid(
        isIntegerLiteral(node)
          ? `\`${name}\` must not be negative`
          : `\`${name}\` must be an integer`,
      );
    case 'number':
    case 'integer':
      return invalid(`\`${name}\` must be an integer`);
  }
  const parent = p.schemaAt(keys.slice(0, -1));
  if (typeof keys[keys.length - 1] === 'number' && parent?.type === 'array')
    return invalid(
      `Each entry of \`${label(keys.slice(0, -1))}\` must be a string`,
      c.isNull(node) ? p.asWritten(keys) : node,
    );
  if (parent?.type === 'record')
    return invalid(
      `Each value of \`${label(keys.slice(0, -1))}\` must be a string`,
      c.isNull(node) ? c.resolve(pair?.key) : node,
    );
  if (issue.type === 'array') return invalid(`\`${name}\` must be a list`);
  if (issue.type === 'string') return invalid(`\`${name}\` must be a string`);
  invalid(`\`${name}\` must be a mapping`);
}

/** What an authentication object's type needs and it lacks, at its `type`. */
export function authNeeds(p: FrontmatterPaths, keys: PathKey[]): void {
  const { c } = p;
  const type = p.at([...keys, 'type']).node;
  const written = isScalar(type) ? type.value : undefined;
  if (typeof written !== 'string') return;
  const needs = AUTH_NEEDS.find(([name]) => name === written.toLowerCase())?.[1] ?? [];
  const lacking = needs.filter((field) => c.isNull(p.at([...keys, field]).node));
  c.report(
    'afm-auth-missing-field',
    `Authentication type '${written}' requires ${lacking.map((m) => `'${m}'`).join(' and ')}`,
    type,
  );
}
