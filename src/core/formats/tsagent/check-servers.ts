/**
 * Checks `mcpServers`: each server's transport (`stdio`, `sse`, `streamable-http`, `internal`) and its
 * fields, the tool permission and include settings of each shape, and what the agent's mode allows
 * (autonomous and tools agents are only offered tools that need no approval).
 */
import type { Json } from '../../model/agent-data.ts';
import { INCLUDE_MODES, type TsAgentShape } from './config-schema.ts';
import { warnUnknownKeys, type TsAgentMode } from './check-definition.ts';
import type { Findings } from './findings.ts';
import { plainJson, valueOf, type LocatedEntry, type LocatedNode } from './located-tree.ts';

/** The transports TsAgent knows. */
export const SERVER_TYPES = ['stdio', 'sse', 'streamable-http', 'internal'] as const;

const COMMON_KEYS = ['type', 'command', 'args', 'env', 'cwd', 'url', 'headers', 'tool'];
const PERMISSION_KEYS: Record<TsAgentShape, string[]> = {
  folder: ['toolPermissionRequired', 'toolInclude'],
  yaml: ['serverToolDefaults', 'tools'],
};

/** One server as compiled: its name and its configuration without permission settings. */
export interface ServerSummary {
  name: string;
  config: { [key: string]: Json };
}

/** Checks every server of `mcpServers`; returns the servers that are well formed, in source order. */
export function checkServers(
  servers: LocatedNode | undefined,
  file: string,
  shape: TsAgentShape,
  mode: TsAgentMode,
  findings: Findings,
): ServerSummary[] {
  const out: ServerSummary[] = [];
  if (servers?.kind !== 'object') return out;
  for (const entry of servers.entries) {
    const server = entry.value;
    const name = entry.key;
    if (server.kind !== 'object') {
      findings.at(file, server, 'invalid-value', `Server '${name}' must be a mapping`);
      continue;
    }
    const before = findings.list.length;
    warnUnknownKeys(
      server,
      [...COMMON_KEYS, ...PERMISSION_KEYS[shape]],
      file,
      findings,
      'TsAgent drops it (tool permissions are `toolPermissionRequired`/`toolInclude` in the directory format, `serverToolDefaults`/`tools` in the YAML file)',
    );
    const type = readType(server, name, file, shape, findings);
    if (type === 'stdio') {
      requireString(server, entry, 'command', file, findings);
      const args = valueOf(server, 'args');
      if (args === undefined && shape === 'yaml')
        findings.add(
          file,
          'missing-field',
          `Server '${name}' needs \`args\` (the YAML schema requires the list, even empty)`,
          entry.keyFrom,
          Math.max(entry.keyTo, entry.keyFrom + 1),
        );
      else if (args !== undefined) stringList(args, `'args' of server '${name}'`, file, findings);
      const env = valueOf(server, 'env');
      if (env !== undefined) stringMap(env, `'env' of server '${name}'`, file, findings);
    } else if (type === 'sse' || type === 'streamable-http') {
      requireString(server, entry, 'url', file, findings);
      const headers = valueOf(server, 'headers');
      if (headers !== undefined)
        stringMap(headers, `'headers' of server '${name}'`, file, findings);
    } else if (type === 'internal') {
      requireString(server, entry, 'tool', file, findings);
    }
    checkPermissions(server, name, file, shape, mode, findings);
    const failed = findings.list.slice(before).some((d) => (d.severity ?? 'error') === 'error');
    if (type === undefined || failed) continue;
    const config: { [key: string]: Json } = { transport: type };
    for (const key of COMMON_KEYS) {
      const value = valueOf(server, key);
      if (key !== 'type' && value !== undefined) config[key] = plainJson(value);
    }
    out.push({ name, config });
  }
  return out;
}

function readType(
  server: LocatedNode & { kind: 'object' },
  name: string,
  file: string,
  shape: TsAgentShape,
  findings: Findings,
): (typeof SERVER_TYPES)[number] | undefined {
  const type = valueOf(server, 'type');
  if (type === undefined) {
    // The directory format's loader guesses from the fields; the YAML schema is a discriminated union.
    if (shape === 'folder' && valueOf(server, 'command') !== undefined) return 'stdio';
    if (shape === 'folder' && valueOf(server, 'url') !== undefined) return 'sse';
    findings.add(
      file,
      'missing-field',
      `Server '${name}' needs a \`type\` (${SERVER_TYPES.join(', ')})`,
      server.from,
      Math.min(server.to, server.from + 1),
    );
    return undefined;
  }
  if (
    type.kind === 'scalar' &&
    typeof type.value === 'string' &&
    (SERVER_TYPES as readonly string[]).includes(type.value)
  )
    return type.value as (typeof SERVER_TYPES)[number];
  findings.at(
    file,
    type,
    'invalid-value',
    `Server \`type\` must be one of: ${SERVER_TYPES.join(', ')}${type.kind === 'scalar' && type.value === 'http' ? " (streamable HTTP is 'streamable-http')" : ''}`,
  );
  return undefined;
}

/** Reports `field` of the server under `entry` when absent (at the server's name) or not a string. */
function requireString(
  server: LocatedNode & { kind: 'object' },
  entry: LocatedEntry,
  field: string,
  file: string,
  findings: Findings,
): void {
  const value = valueOf(server, field);
  if (value === undefined) {
    findings.add(
      file,
      'missing-field',
      `Server '${entry.key}' needs \`${field}\``,
      entry.keyFrom,
      Math.max(entry.keyTo, entry.keyFrom + 1),
    );
  } else if (value.kind !== 'scalar' || typeof value.value !== 'string' || value.value === '') {
    findings.at(
      file,
      value,
      'invalid-value',
      `'${field}' of server '${entry.key}' must be a non-empty string`,
    );
  }
}

function stringList(node: LocatedNode, what: string, file: string, findings: Findings): void {
  if (node.kind !== 'array') {
    findings.at(file, node, 'invalid-value', `${what} must be a list of strings`);
    return;
  }
  for (const item of node.items)
    if (item.kind !== 'scalar' || typeof item.value !== 'string')
      findings.at(file, item, 'invalid-value', `Each entry of ${what} must be a string`);
}

function stringMap(node: LocatedNode, what: string, file: string, findings: Findings): void {
  if (node.kind !== 'object') {
    findings.at(file, node, 'invalid-value', `${what} must be a mapping of strings`);
    return;
  }
  for (const entry of node.entries)
    if (entry.value.kind !== 'scalar' || typeof entry.value.value !== 'string')
      findings.at(file, entry.value, 'invalid-value', `Each value of ${what} must be a string`);
}

/** What a server's permission settings say: the default asking for approval, if any, and each tool's exemption. */
interface Permissions {
  requiredByDefault: LocatedNode | undefined;
  exempted: boolean[];
}

/**
 * Checks the permission and include settings and, for autonomous and tools agents, reports a server whose
 * default asks for approval with no tool exempted: the model is never offered any of its tools.
 */
function checkPermissions(
  server: LocatedNode & { kind: 'object' },
  name: string,
  file: string,
  shape: TsAgentShape,
  mode: TsAgentMode,
  findings: Findings,
): void {
  const { requiredByDefault, exempted } =
    shape === 'folder'
      ? folderPermissions(server, file, findings)
      : filePermissions(server, file, findings);
  if (mode === 'interactive' || requiredByDefault === undefined || exempted.some(Boolean)) return;
  findings.at(
    file,
    requiredByDefault,
    'tsagent-approval-required',
    `A ${mode} agent is only offered tools that need no approval: every tool of server '${name}' needs approval, so the model never sees them`,
  );
}

/** Reads and checks a folder agent's `toolPermissionRequired` and `toolInclude` settings. */
function folderPermissions(server: LocatedNode, file: string, findings: Findings): Permissions {
  let requiredByDefault: LocatedNode | undefined;
  const exempted: boolean[] = [];
  const permission = valueOf(server, 'toolPermissionRequired');
  const def = valueOf(permission, 'serverDefault');
  if (checkBool(def, '`serverDefault`', file, findings) === true) requiredByDefault = def;
  const tools = valueOf(permission, 'tools');
  if (tools?.kind === 'object')
    for (const t of tools.entries)
      exempted.push(
        checkBool(t.value, `The permission of tool '${t.key}'`, file, findings) === false,
      );
  const include = valueOf(server, 'toolInclude');
  checkInclude(valueOf(include, 'serverDefault'), file, findings);
  const includeTools = valueOf(include, 'tools');
  if (includeTools?.kind === 'object')
    for (const t of includeTools.entries) checkInclude(t.value, file, findings);
  return { requiredByDefault, exempted };
}

/** Reads and checks a single-file agent's `serverToolDefaults` and per-tool settings. */
function filePermissions(server: LocatedNode, file: string, findings: Findings): Permissions {
  let requiredByDefault: LocatedNode | undefined;
  const exempted: boolean[] = [];
  const defaults = valueOf(server, 'serverToolDefaults');
  const def = valueOf(defaults, 'permissionRequired');
  if (checkBool(def, '`permissionRequired`', file, findings) === true) requiredByDefault = def;
  checkInclude(valueOf(defaults, 'include'), file, findings);
  const tools = valueOf(server, 'tools');
  if (tools?.kind === 'object')
    for (const t of tools.entries) {
      const permission = checkBool(
        valueOf(t.value, 'permissionRequired'),
        '`permissionRequired`',
        file,
        findings,
      );
      exempted.push(permission === false);
      checkInclude(valueOf(t.value, 'include'), file, findings);
    }
  return { requiredByDefault, exempted };
}

/** The boolean at `node`, or undefined (reported when present but not a boolean). */
function checkBool(
  node: LocatedNode | undefined,
  what: string,
  file: string,
  findings: Findings,
): boolean | undefined {
  if (node === undefined) return undefined;
  if (node.kind === 'scalar' && typeof node.value === 'boolean') return node.value;
  findings.at(file, node, 'invalid-value', `${what} must be true or false`);
  return undefined;
}

/** Reports an `include` setting that is present but not one of the include modes. */
function checkInclude(node: LocatedNode | undefined, file: string, findings: Findings): void {
  if (node === undefined) return;
  if (
    node.kind !== 'scalar' ||
    typeof node.value !== 'string' ||
    !(INCLUDE_MODES as readonly string[]).includes(node.value)
  )
    findings.at(
      file,
      node,
      'invalid-value',
      `\`include\` must be one of: ${INCLUDE_MODES.join(', ')}`,
    );
}
