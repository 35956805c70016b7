/**
 * Compiles a checked AFM file into the canonical form every format shares (`AgentData`, the same shape
 * as an AgentCard agent's compile), plus the AFM-only facts as `extras`. Reads the plain frontmatter value
 * defensively: a field of the wrong kind is simply left out (the checker has reported it already).
 */

import { getOwn } from '../../own-property.ts';
import { setOwn } from '../../own-property.ts';
import { defaultAgentConfig, type AgentData, type Json } from '../../model/agent-data.ts';
import { DRAFT_TO_CURRENT, SHAPE_LABELS, type AfmShape } from './shape.ts';

/** What compiling needs. `meta` is the frontmatter as plain data (`{}` when there is none). */
export interface AfmSource {
  meta: Record<string, unknown>;
  shape: AfmShape;
  name: string;
  role: string;
  instructions: string;
  variables: Json[];
}

/** The system prompt the reference implementation builds from the two sections. */
export function systemPrompt(role: string, instructions: string): string {
  return `# Role\n\n${role}\n\n# Instructions\n\n${instructions}`;
}

/** Compiles one AFM agent. Pure; never throws. */
export function compileAfm(src: AfmSource): { data: AgentData; extras: { [key: string]: Json } } {
  const servers = mcpServers(src.meta, src.shape);
  const config = agentConfig(src, servers);
  const data: AgentData = { config, type: 'basic', tool_only: false, schema_version: 1 };
  return { data, extras: afmExtras(src, servers) };
}

/** The servers' names (first of each name wins), their allowed tools and their connection settings. */
function serverTables(servers: Record<string, unknown>[]): {
  names: string[];
  tools: { [key: string]: Json };
  serverConfigs: { [key: string]: Json };
} {
  const tools: { [key: string]: Json } = {};
  const serverConfigs: { [key: string]: Json } = {};
  const names: string[] = [];
  for (const server of servers) {
    const name = text(server['name']);
    if (name === undefined || names.includes(name)) continue;
    names.push(name);
    const filter = record(server['tool_filter']);
    const allow = filter ? strings(filter['allow']) : undefined;
    if (allow) setOwn(tools, name, allow);
    const config = serverConfig(server);
    if (config) setOwn(serverConfigs, name, config);
  }
  return { names, tools, serverConfigs };
}

/** The agent's config in the canonical shape: defaults, then what the frontmatter and body set. */
function agentConfig(src: AfmSource, servers: Record<string, unknown>[]): { [key: string]: Json } {
  const m = src.meta;
  const instruction = systemPrompt(src.role, src.instructions);
  const { names, tools, serverConfigs } = serverTables(servers);
  const model = record(m['model']);
  const modelName = text(model?.['name']);
  const provider = text(model?.['provider']);
  const maxIterations = typeof m['max_iterations'] === 'number' ? m['max_iterations'] : undefined;
  const requestParams: { [key: string]: Json } = { systemPrompt: instruction, useHistory: true };
  if (maxIterations !== undefined && Number.isInteger(maxIterations))
    requestParams['max_iterations'] = maxIterations;
  const description = text(m['description'])?.trim() || src.role || null;
  const skills = (Array.isArray(m['skills']) ? m['skills'] : [])
    .map((s) => text(record(s)?.['path']))
    .filter((p): p is string => p !== undefined);

  const config: { [key: string]: Json } = {
    ...defaultAgentConfig(src.name),
    instruction,
    description,
    servers: names,
    tools,
    skills: skills.length > 0 ? skills : null,
    model: modelName === undefined ? null : provider ? `${provider}.${modelName}` : modelName,
    default_request_params: requestParams,
  };
  if (Object.keys(serverConfigs).length > 0) config['server_configs'] = serverConfigs;
  return config;
}

/** The frontmatter keys copied into `extras` as they are, in this order. */
const EXTRA_KEYS = [
  'spec_version',
  'version',
  'namespace',
  'author',
  'authors',
  'license',
  'icon_url',
  'iconUrl',
  'provider',
  'model',
  'max_iterations',
  'skills',
] as const;

/** The AFM-only facts: shape, role, the copied keys, interfaces, MCP servers and variables. */
function afmExtras(src: AfmSource, servers: Record<string, unknown>[]): { [key: string]: Json } {
  const m = src.meta;
  const extras: { [key: string]: Json } = { shape: SHAPE_LABELS[src.shape], role: src.role };
  for (const key of EXTRA_KEYS) {
    if (m[key] !== undefined && m[key] !== null) extras[key] = toJson(m[key]);
  }
  extras['interfaces'] = interfaces(m, src.shape);
  if (servers.length > 0) extras['mcp'] = servers.map(toJson);
  extras['variables'] = src.variables;
  return extras;
}

/** The interfaces as the runtime sees them: current-shape items, defaults filled in. */
function interfaces(m: Record<string, unknown>, shape: AfmShape): Json {
  const string = { type: 'string' };
  if (shape === 'draft') {
    const i = record(m['interface']);
    if (!i) return [{ type: 'function', signature: { input: string, output: string } }];
    const type = text(i['type']) ?? 'function';
    const out: { [key: string]: Json } = { ...(toJson(i) as { [key: string]: Json }), type };
    out['signature'] = signatureWithDefaults(i['signature']);
    const current = getOwn(DRAFT_TO_CURRENT, type);
    if (current) out['current_type'] = current;
    return [out];
  }
  const list = Array.isArray(m['interfaces']) ? m['interfaces'] : undefined;
  if (!list) return [{ type: 'consolechat', signature: { input: string, output: string } }];
  return list.map((item) => {
    const i = record(item);
    if (!i) return toJson(item);
    const out = toJson(i) as { [key: string]: Json };
    out['signature'] = signatureWithDefaults(i['signature']);
    const type = text(i['type']);
    if (out['exposure'] === undefined && (type === 'webchat' || type === 'webhook'))
      out['exposure'] = { http: { path: type === 'webchat' ? '/chat' : '/webhook' } };
    return out;
  });
}

function signatureWithDefaults(value: unknown): Json {
  const s = record(value);
  return {
    input: s?.['input'] !== undefined ? toJson(s['input']) : { type: 'string' },
    output: s?.['output'] !== undefined ? toJson(s['output']) : { type: 'string' },
  };
}

/** The MCP server entries of either shape, as plain records. */
export function mcpServers(m: Record<string, unknown>, shape: AfmShape): Record<string, unknown>[] {
  const mcp = record(m['tools'])?.['mcp'];
  const list = shape === 'draft' ? record(mcp)?.['servers'] : mcp;
  return Array.isArray(list) ? list.map(record).filter((s) => s !== undefined) : [];
}

/** A server's connection as fast-agent's server settings (`transport`, `url` / `command`, `args`, …). */
function serverConfig(server: Record<string, unknown>): Json | undefined {
  const t = record(server['transport']);
  const type = text(t?.['type']);
  if (!t || !type) return undefined;
  if (type === 'stdio') {
    const command = text(t['command']);
    if (command === undefined) return undefined;
    // fast-agent's default transport is stdio: leave it implied, as config files usually do.
    const out: { [key: string]: Json } = {};
    const args = strings(t['args']);
    const parts = command.trim().split(/\s+/);
    // The draft shape writes a whole command line; split it when no quoting makes that ambiguous.
    if (!args && parts.length > 1 && !/["'\\]/.test(command)) {
      out['command'] = parts[0]!;
      out['args'] = parts.slice(1);
    } else {
      out['command'] = command;
      if (args) out['args'] = args;
    }
    const env = record(t['env']);
    if (env) out['env'] = toJson(env);
    return out;
  }
  const url = text(t['url']);
  if (url === undefined) return undefined;
  const out: { [key: string]: Json } = { transport: type === 'http_sse' ? 'sse' : 'http', url };
  const auth = record(t['authentication']) ?? record(server['authentication']);
  const token = text(auth?.['token']);
  if (text(auth?.['type'])?.toLowerCase() === 'bearer' && token !== undefined)
    out['headers'] = { Authorization: `Bearer ${token}` };
  return out;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
}

/**
 * Plain data as JSON: maps and sets of YAML tags become objects and lists, odd numbers null. A value that
 * contains itself (a YAML anchor used inside its own node, `&t {allow: *t}`) becomes null where it recurs:
 * following it would build an endless, or with two branches an exponentially large, copy.
 */
export function toJson(value: unknown): Json {
  return jsonOf(value, 0, new Set());
}

function jsonOf(value: unknown, depth: number, ancestors: Set<object>): Json {
  if (depth > 200) return null;
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value !== 'object' || ancestors.has(value)) return null;
  ancestors.add(value);
  try {
    const child = (v: unknown) => jsonOf(v, depth + 1, ancestors);
    if (value instanceof Set) return [...value].map(child);
    if (value instanceof Map)
      return Object.fromEntries([...value].map(([k, v]) => [String(k), child(v)]));
    if (Array.isArray(value)) return value.map(child);
    const out: { [key: string]: Json } = {};
    for (const [k, v] of Object.entries(value)) setOwn(out, k, child(v));
    return out;
  } finally {
    ancestors.delete(value);
  }
}
