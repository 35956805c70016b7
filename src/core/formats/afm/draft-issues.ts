/**
 * Turns the issues of `draftFrontmatterSchema` on a draft-shape frontmatter into diagnostics, each at the
 * node its path names, worded as the draft shape's rules are: a field of the current shape is
 * `afm-mixed-shape` (with how the draft writes it), the draft's own interface and transport types are
 * listed. The schema decides what is wrong; this module only says it, like `frontmatter-issues.ts` does
 * for the current shape (whose generic wordings it shares).
 */
import type * as v from 'valibot';
import { isScalar, isSeq } from 'yaml';
import {
  isMissingKeyIssue,
  isUnknownKeyIssue,
  issueKeys,
  type PathKey,
} from '../valibot-issues.ts';
import {
  authNeeds,
  CURRENT_TYPES,
  DRAFT_TRANSPORTS,
  inFieldOrder,
  unset,
} from './frontmatter-issues.ts';
import { pattern, type FrontmatterPaths } from './frontmatter-paths.ts';
import { reportUnknownKeys } from './schema-issues.ts';
import { CURRENT_ONLY_FIELDS } from './shape.ts';

/** Interface types of the draft shape, as the messages list them. */
export const DRAFT_TYPES = ['function', 'service', 'chat', 'webhook'];
const SERVERS = ['tools', 'mcp', 'servers'];

/** The MCP server a path is inside (or is): its index and the keys below it. */
export function draftServerOf(
  keys: readonly PathKey[],
): { index: number; below: PathKey[] } | undefined {
  const index = keys[3];
  if (typeof index !== 'number' || !SERVERS.every((k, i) => keys[i] === k)) return undefined;
  return { index, below: keys.slice(4) };
}

/**
 * The path as the draft's messages write a field: from its MCP server or from the interface
 * (`exposure.http`), else from the root (`model.authentication`).
 */
export function draftLabel(keys: readonly PathKey[]): string {
  const server = draftServerOf(keys);
  if (server) {
    if (server.below.length === 1 && server.below[0] === 'name')
      return `MCP server ${server.index + 1}.name`;
    return server.below.map(String).join('.');
  }
  if (keys[0] === 'interface' && keys.length > 1) return keys.slice(1).map(String).join('.');
  return keys.map(String).join('.');
}

/** Reports every issue of the draft schema (`issues` of `v.safeParse(draftFrontmatterSchema, …)`). */
export function reportDraftIssues(
  p: FrontmatterPaths,
  issues: readonly v.BaseIssue<unknown>[],
): void {
  // One problem per value, as for the current shape.
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

/** True when the last key is a field its mapping requires (a transport's `type` is one). */
function isField(p: FrontmatterPaths, keys: PathKey[]): boolean {
  const field = keys[keys.length - 1];
  if (pattern(keys) === 'tools.mcp.servers.*.transport.type') return true;
  return typeof field === 'string' && p.requires(keys.slice(0, -1), field);
}

/** Every unknown key of the mapping at `keys`; a field of the current shape is said so. */
function unknownKeys(p: FrontmatterPaths, keys: PathKey[]): void {
  const { c } = p;
  const node = keys.length === 0 ? p.root : p.at(keys).node;
  const at = pattern(keys);
  const server = draftServerOf(keys);
  const what =
    keys.length === 0
      ? 'the frontmatter'
      : at === 'tools.mcp.servers.*.transport'
        ? `a ${p.typeAt(keys)} transport`
        : server && server.below.length === 0
          ? `MCP server ${server.index + 1}`
          : `\`${draftLabel(keys)}\``;
  reportUnknownKeys(c, node, p.schemaAt(keys), what, (key, keyNode) => {
    if (keys.length === 0 && (CURRENT_ONLY_FIELDS as readonly string[]).includes(key))
      c.report(
        'afm-mixed-shape',
        `'${key}' is a field of the current shape, but this file is written in the draft shape${key === 'icon_url' ? '; the draft shape writes `iconUrl`' : ''}`,
        keyNode,
      );
    else if (at === 'provider' && key === 'name')
      c.report(
        'afm-mixed-shape',
        '`provider.name` is the current shape; the draft shape writes `provider.organization`',
        keyNode,
      );
    else if (at === 'model' && key === 'provider')
      c.report(
        'afm-mixed-shape',
        '`model.provider` is a field of the current shape, not of the draft shape',
        keyNode,
      );
    else return false;
    return true;
  });
}

/** A required field that is absent (`present` false) or null, reported where the draft's reader looks. */
function missing(p: FrontmatterPaths, keys: PathKey[], present: boolean): void {
  const { c } = p;
  const field = String(keys[keys.length - 1]);
  const parent = keys.slice(0, -1);
  const own = present ? c.resolve(p.at(keys).pair?.key) : undefined;
  const parentKey = () => c.resolve(p.at(parent).pair?.key);
  const report = (message: string, at: unknown) => c.report('missing-field', message, at);
  const server = draftServerOf(keys);
  switch (pattern(keys)) {
    case 'tools.mcp.servers.*.transport.type':
      return report(`\`transport\` requires 'type' (${DRAFT_TRANSPORTS.join(', ')})`, parentKey());
    case 'tools.mcp.servers.*.transport.url':
    case 'tools.mcp.servers.*.transport.command':
      return report(
        `A ${p.typeAt(parent)} transport requires '${field}'`,
        own ?? c.resolve(p.at([...parent, 'type']).pair?.key),
      );
    case 'tools.mcp.servers.*.name':
      return report(
        `MCP server ${server!.index + 1} requires 'name'`,
        own ?? c.range(p.at(parent).node),
      );
    case 'tools.mcp.servers.*.transport': {
      const name = c.resolve(p.at([...parent, 'name']).pair?.key);
      return report(
        `MCP server ${server!.index + 1} requires 'transport'`,
        own ?? name ?? c.range(p.at(parent).node),
      );
    }
  }
  if (field === 'type' && keys[keys.length - 2] === 'authentication')
    return report(
      `\`${draftLabel(parent)}\` requires 'type' (bearer, basic, api-key, oauth2, …)`,
      own ?? parentKey(),
    );
  report(`\`${draftLabel(parent)}\` requires '${field}'`, own ?? parentKey());
}

/**
 * A value the draft schema refuses, worded for where it is. Long on purpose, like the current shape's
 * `valueProblem`: one table of the paths with their own wording (first switch), then the wording by the
 * rule the issue breaks (second switch and after), read top to bottom.
 */
// eslint-disable-next-line max-lines-per-function -- one table of wordings, read top to bottom (above)
function valueProblem(p: FrontmatterPaths, keys: PathKey[], issue: v.BaseIssue<unknown>): void {
  const { c } = p;
  const { node, pair } = p.at(keys);
  const value = isScalar(node) ? node.value : undefined;
  const invalid = (message: string, at: unknown = node) => c.report('invalid-value', message, at);
  const name = draftLabel(keys);
  switch (pattern(keys)) {
    case 'tools.mcp.servers.*':
      return invalid(
        `MCP server ${draftServerOf(keys)!.index + 1} must be a mapping`,
        c.isNull(node) ? p.asWritten(keys) : node,
      );
    case 'interface.type':
      if (typeof value !== 'string') return invalid('`interface.type` must be a string');
      return invalid(
        `Unknown interface type '${value}' (one of ${DRAFT_TYPES.join(', ')})${
          CURRENT_TYPES.includes(value)
            ? `; '${value}' belongs to the current shape's \`interfaces\` list`
            : ''
        }`,
      );
    case 'tools.mcp.servers.*.transport.type':
      if (typeof value !== 'string') return invalid('`transport.type` must be a string');
      return invalid(
        `Unknown transport type '${value}' (one of ${DRAFT_TRANSPORTS.join(', ')})${
          value === 'http'
            ? "; 'http' is the current shape's name, the draft shape says 'streamable_http' or 'http_sse'"
            : ''
        }`,
      );
    case 'interface.signature.input':
    case 'interface.signature.output':
      return c.report(
        'afm-invalid-schema',
        `${name} must be a JSON Schema object (a mapping such as \`type: string\`)`,
        node,
      );
    case 'tools.mcp':
      if (isSeq(node))
        return c.report(
          'afm-mixed-shape',
          '`tools.mcp` as a list is the current shape; the draft shape writes `tools.mcp.servers: [...]`',
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
    case 'number':
    case 'integer':
      return invalid(`\`${name}\` must be an integer`);
  }
  const parent = p.schemaAt(keys.slice(0, -1));
  if (typeof keys[keys.length - 1] === 'number' && parent?.type === 'array')
    return invalid(
      `Each entry of \`${draftLabel(keys.slice(0, -1))}\` must be a string`,
      c.isNull(node) ? p.asWritten(keys) : node,
    );
  if (issue.type === 'array') return invalid(`\`${name}\` must be a list`);
  if (issue.type === 'string') return invalid(`\`${name}\` must be a string`);
  invalid(`\`${name}\` must be a mapping`);
}
