/**
 * `tools.mcp` of the draft shape, read by hand (the schema describes the current shape):
 * `tools.mcp.servers[]`, transports `http_sse`, `streamable_http` (with `url`) and `stdio` (with a
 * `command` line), server-level `authentication`, each with a migration warning; a unique `name`, a
 * `tool_filter` of `allow` / `deny` tool names (validated with the schema's `toolFilterSchema`).
 */
import type { YAMLMap, YAMLSeq } from 'yaml';
import { isSeq } from 'yaml';
import { checkAuth } from './check-auth.ts';
import { DRAFT_TRANSPORTS } from './frontmatter-issues.ts';
import { issueKeys, isUnknownKeyIssue, pairAt, schemaAt } from '../valibot-issues.ts';
import { toolFilterSchema } from './frontmatter-schema.ts';
import type { Entry, NodeChecker } from './node-checks.ts';
import { nodeReader, reportKeyTypes, reportUnknownKeys, schemaIssues } from './schema-issues.ts';
import type { RuleContext } from './shape.ts';

/** Checks the value of the top-level `tools` field of a draft-shape file. */
export function checkTools(ctx: RuleContext, entry: Entry): void {
  const { c } = ctx;
  const tools = c.map(entry.value, '`tools`');
  if (!tools) return;
  const fields = c.fields(tools, ['mcp'], '`tools`');
  const mcp = fields.get('mcp');
  if (!mcp || c.isNull(mcp.value)) return;
  const value = c.resolve(mcp.value);
  if (isSeq(value)) {
    c.report(
      'afm-mixed-shape',
      '`tools.mcp` as a list is the current shape; the draft shape writes `tools.mcp.servers: [...]`',
      mcp.keyRange,
    );
    return;
  }
  const map = c.map(value, '`tools.mcp`');
  if (!map) return;
  const inner = c.fields(map, ['servers'], '`tools.mcp`');
  if (!c.require(inner, 'servers', '`tools.mcp`', mcp.keyRange)) return;
  const serversEntry = inner.get('servers')!;
  c.report(
    'afm-draft-shape',
    'Draft shape: the reference implementation reads `tools.mcp` as the list itself; migrate by removing `servers:` and listing the servers directly under `mcp:`',
    serversEntry.keyRange,
  );
  const list = c.seq(serversEntry.value, '`tools.mcp.servers`');
  if (!list) return;
  const servers = list.items;
  const names = new Map<string, unknown>();
  servers.forEach((node, i) => checkServer(ctx, node, i, names));
}

function checkServer(ctx: RuleContext, node: unknown, index: number, names: Map<string, unknown>) {
  const { c } = ctx;
  const what = `MCP server ${index + 1}`;
  const server = c.map(node, what);
  if (!server) {
    if (c.isNull(node)) c.report('invalid-value', `${what} must be a mapping`, node);
    return;
  }
  const fields = c.fields(server, ['name', 'transport', 'authentication', 'tool_filter'], what);
  const anchor = c.range(server);
  if (c.require(fields, 'name', what, anchor)) {
    const nameNode = c.resolve(fields.get('name')!.value);
    const name = c.str(nameNode, `\`${what}.name\``);
    if (name !== undefined) {
      if (name.trim() === '')
        c.report('invalid-value', 'A server `name` must not be empty', nameNode);
      else if (names.has(name))
        c.report('afm-duplicate-server', `Another MCP server is also named '${name}'`, nameNode);
      else names.set(name, nameNode);
    }
  }
  const auth = fields.get('authentication');
  if (auth && !c.isNull(auth.value)) {
    checkAuth(c, auth, 'authentication');
    c.report(
      'afm-draft-shape',
      'Draft shape: migrate by moving `authentication` into `transport` (the current shape allows it on http transports)',
      auth.keyRange,
    );
  }
  const filter = fields.get('tool_filter');
  if (filter) checkToolFilter(c, filter.value);
  if (c.require(fields, 'transport', what, fields.get('name')?.keyRange ?? anchor)) {
    const transport = c.map(fields.get('transport')!.value, '`transport`');
    if (transport) checkTransport(ctx, transport, fields.get('transport')!);
  }
}

function checkTransport(ctx: RuleContext, transport: YAMLMap, entry: Entry): void {
  const { c } = ctx;
  const types = DRAFT_TRANSPORTS;
  const all = c.entries(transport, '`transport`');
  const typeEntry = all.find((e) => e.key === 'type');
  if (!typeEntry || c.isNull(typeEntry.value)) {
    c.report(
      'missing-field',
      `\`transport\` requires 'type' (${types.join(', ')})`,
      entry.keyRange,
    );
    return;
  }
  const type = c.str(typeEntry.value, '`transport.type`');
  if (type === undefined) return;
  if (!types.includes(type)) {
    const hint =
      type === 'http'
        ? "; 'http' is the current shape's name, the draft shape says 'streamable_http' or 'http_sse'"
        : '';
    c.report(
      'invalid-value',
      `Unknown transport type '${type}' (one of ${types.join(', ')})${hint}`,
      c.resolve(typeEntry.value),
    );
    return;
  }
  const stdio = type === 'stdio';
  const fields = c.fields(
    transport,
    stdio ? ['type', 'command'] : ['type', 'url'],
    `a ${type} transport`,
  );
  const need = stdio ? 'command' : 'url';
  if (c.require(fields, need, `A ${type} transport`, typeEntry.keyRange)) {
    const node = fields.get(need)!.value;
    const value = c.str(node, `\`transport.${need}\``);
    if (value !== undefined && value.trim() === '')
      c.report('invalid-value', `\`transport.${need}\` must not be empty`, c.resolve(node));
    if (stdio && value !== undefined && /\s/.test(value.trim()))
      c.report(
        'afm-draft-shape',
        'Draft shape: the current shape runs `command` without a shell; migrate by putting the program in `command` and each argument in `args: [...]`',
        c.resolve(node),
      );
  }
  if (type !== 'stdio')
    c.report(
      'afm-draft-shape',
      `Draft shape: migrate by writing \`type: http\` (the reference implementation has no '${type}')`,
      c.resolve(typeEntry.value),
    );
}

/** Checks a server's `tool_filter` with `toolFilterSchema`. */
function checkToolFilter(c: NodeChecker, value: unknown): void {
  const filter = c.resolve(value);
  for (const issue of schemaIssues(c, toolFilterSchema, filter)) {
    const keys = issueKeys(issue);
    const { node } = pairAt(filter, keys, nodeReader(c));
    if (keys.length === 0) c.report('invalid-value', '`tool_filter` must be a mapping', filter);
    else if (isUnknownKeyIssue(issue))
      reportUnknownKeys(c, filter, schemaAt(toolFilterSchema, []), '`tool_filter`');
    else if (keys.length === 1)
      c.report('invalid-value', `\`tool_filter.${keys[0]}\` must be a list`, node);
    else {
      // A null entry is pointed at as written (an alias where it stands), like `NodeChecker.strList`.
      const list = pairAt(filter, keys.slice(0, 1), nodeReader(c)).node as YAMLSeq;
      const at = c.isNull(node) ? list.items[Number(keys[1])] : node;
      c.report('invalid-value', `Each entry of \`tool_filter.${keys[0]}\` must be a string`, at);
    }
  }
  reportKeyTypes(c, filter, '`tool_filter`');
}
