/**
 * Writes any agent as an AFM file in the current shape (`interfaces[]`, `tools.mcp[]`), from the
 * canonical compiled form; an AFM source also brings its AFM-only fields from `extras` (a draft-shape
 * source is migrated on the way). Everything AFM cannot express is listed in `lost`. Variables are
 * copied as written, never substituted.
 */
import { getOwn } from '../../own-property.ts';
import { stringify } from 'yaml';
import { defaultAgentConfig, type Json } from '../../model/agent-data.ts';
import type { Conversion, EmitOptions, EmitSource } from '../format-module.ts';
import { DRAFT_TO_CURRENT } from './shape.ts';

type Obj = { [key: string]: Json };
type Lost = Conversion['lost'];

/** Model providers a `provider.model` string may start with (fast-agent's names). */
export const MODEL_PROVIDERS = [
  'openai',
  'anthropic',
  'google',
  'azure',
  'deepseek',
  'generic',
  'openrouter',
  'xai',
  'groq',
  'bedrock',
  'ollama',
  'mistral',
  'huggingface',
  'wso2',
];

/** Config fields AFM cannot set: a value other than what a plain agent compiles to is lost. */
const IMPLIED_FIELDS = [
  'use_history',
  'save_trajectory',
  'human_input',
  'default',
  'tool_only',
  'subagents',
  'subagent_model',
  'harness_tools',
  'api_key',
  'function_tools',
  'shell',
  'cwd',
  'tool_hooks',
  'lifecycle_hooks',
  'commands',
  'trim_tool_history',
  'tool_input_schema',
  'mcp_connect',
  'resources',
  'prompts',
];
const DATA_KEYS_KNOWN = new Set(['config', 'type', 'tool_only', 'schema_version']);
const ROLE_SPLIT = '\n\n# Instructions\n\n';

/** Writes `source` as an `.afm.md` file. Pure; never throws on any compiled data. */
export function emitAfm(source: EmitSource, options: EmitOptions): Conversion {
  const lost: Lost = [];
  const config = obj(source.data['config']) ?? {};
  const extras = source.format === 'afm' ? (source.extras ?? {}) : {};
  const fm: Obj = { spec_version: '0.3.0', name: source.name };
  const description = str(config['description']);
  if (description) fm['description'] = description;
  copyDetails(extras, fm, lost);

  const model = emitModel(config, extras);
  if (model) fm['model'] = model;
  emitIterations(config, fm, lost);
  const interfaces = emitInterfaces(extras, lost);
  if (interfaces) fm['interfaces'] = interfaces;
  const mcp = emitServers(config, extras, lost);
  if (mcp.length > 0) fm['tools'] = { mcp };
  const paths = skillPaths(config['skills']);
  if (paths.length > 0) fm['skills'] = paths.map((path) => ({ type: 'local', path }));
  noteUnexpressed(source, config, lost);

  const { role, instructions } = splitInstruction(config, description, source.name, lost);
  const yaml = stringify(fm, { lineWidth: 0 }).trimEnd();
  const text = `---\n${yaml}\n---\n\n# Role\n\n${role.trim()}\n\n# Instructions\n\n${instructions.trim()}\n`;
  const base = options.baseName ?? slug(source.name);
  return { files: { [`${base}.afm.md`]: text }, lost };
}

/** Writes `max_iterations` when it is a whole number ≥ 1; every other request parameter is lost. */
function emitIterations(config: Obj, fm: Obj, lost: Lost): void {
  const params = obj(config['default_request_params']) ?? {};
  const maxIterations = params['max_iterations'];
  if (typeof maxIterations === 'number' && Number.isInteger(maxIterations) && maxIterations >= 1)
    fm['max_iterations'] = maxIterations;
  for (const key of Object.keys(params))
    if (!['systemPrompt', 'useHistory', 'use_history', 'max_iterations'].includes(key))
      lost.push({
        field: `request_params.${key}`,
        reason: 'AFM has no request parameters besides max_iterations',
      });
}

/** The skill paths of a config's `skills` (one path or a list). */
function skillPaths(skills: Json | undefined): string[] {
  return typeof skills === 'string'
    ? [skills]
    : Array.isArray(skills)
      ? skills.filter((s) => typeof s === 'string')
      : [];
}

/** Lists the config fields, workflow type and data keys AFM cannot express. */
function noteUnexpressed(source: EmitSource, config: Obj, lost: Lost): void {
  const implied = defaultAgentConfig('');
  for (const key of IMPLIED_FIELDS) {
    const value = config[key];
    if (value !== undefined && !same(value, implied[key]!))
      lost.push({ field: key, reason: `AFM cannot express '${key}' (${short(value)})` });
  }
  if (config['history_mode'] !== undefined)
    lost.push({ field: 'history_mode', reason: 'AFM has no history mode' });
  const type = str(source.data['type']) ?? 'basic';
  if (type !== 'basic')
    lost.push({
      field: 'type',
      reason: `AFM defines a single agent; the '${type}' workflow is written as a plain agent`,
    });
  for (const key of Object.keys(source.data))
    if (!DATA_KEYS_KNOWN.has(key))
      lost.push({
        field: key,
        reason: `AFM cannot express '${key}' (${short(source.data[key]!)})`,
      });
}

/**
 * The Role and Instructions sections: split back out of a `# Role … # Instructions …` system prompt, or
 * else the Role written from the description (or name) and the whole instruction as Instructions.
 */
function splitInstruction(
  config: Obj,
  description: string | undefined,
  name: string,
  lost: Lost,
): { role: string; instructions: string } {
  const instruction = str(config['instruction']);
  const split = instruction?.startsWith('# Role\n\n') ? instruction.indexOf(ROLE_SPLIT) : -1;
  if (instruction && split !== -1)
    return {
      role: instruction.slice('# Role\n\n'.length, split),
      instructions: instruction.slice(split + ROLE_SPLIT.length),
    };
  const role = description ?? `You are ${name}.`;
  lost.push({
    field: 'instruction',
    reason: `AFM splits the system prompt into # Role and # Instructions; the Role was written from ${description ? 'the description' : 'the name'}`,
  });
  if (instruction) return { role, instructions: instruction };
  lost.push({
    field: 'instruction',
    reason:
      'The agent has no instruction (its runtime default); a placeholder Instructions section was written',
  });
  return { role, instructions: 'Help the user with their requests.' };
}

function copyDetails(extras: Obj, fm: Obj, lost: Lost): void {
  for (const key of ['version', 'author', 'authors', 'license', 'icon_url']) {
    if (extras[key] !== undefined && extras[key] !== null) fm[key] = extras[key]!;
  }
  if (typeof extras['iconUrl'] === 'string') fm['icon_url'] = extras['iconUrl'];
  const provider = obj(extras['provider']);
  if (provider) {
    const out: Obj = {};
    const name = provider['name'] ?? provider['organization'];
    if (typeof name === 'string') out['name'] = name;
    if (typeof provider['url'] === 'string') out['url'] = provider['url'];
    if (Object.keys(out).length > 0) fm['provider'] = out;
  }
  if (extras['namespace'] !== undefined)
    lost.push({
      field: 'namespace',
      reason: 'The current AFM shape has no namespace (draft shape only)',
    });
}

function emitModel(config: Obj, extras: Obj): Obj | undefined {
  const raw = obj(extras['model']);
  if (raw) {
    const out: Obj = {};
    for (const key of ['provider', 'name', 'url', 'authentication'])
      if (raw[key] !== undefined && raw[key] !== null) out[key] = raw[key]!;
    return Object.keys(out).length > 0 ? out : undefined;
  }
  const model = str(config['model']);
  if (!model) return undefined;
  const dot = model.indexOf('.');
  const provider = dot > 0 ? model.slice(0, dot) : '';
  if (MODEL_PROVIDERS.includes(provider.toLowerCase()))
    return { provider, name: model.slice(dot + 1) };
  return { name: model };
}

function emitInterfaces(extras: Obj, lost: Lost): Json[] | undefined {
  const list = Array.isArray(extras['interfaces']) ? extras['interfaces'] : undefined;
  if (!list) return undefined;
  const out: Json[] = [];
  list.forEach((item, i) => {
    const o = obj(item);
    if (!o) return;
    const type = str(o['current_type']) ?? str(o['type']);
    const migrated = type && !o['current_type'] ? getOwn(DRAFT_TO_CURRENT, type) : undefined;
    const current = migrated ?? type;
    if (!current) return;
    const entry: Obj = { type: current };
    if (str(o['type']) !== current && o['current_type'])
      lost.push({
        field: `interfaces[${i}].type`,
        reason: `The draft type '${str(o['type'])}' is written as '${current}'`,
      });
    const signature = obj(o['signature']);
    if (signature && !isStringSignature(signature)) entry['signature'] = signature;
    for (const key of [
      'prompt',
      'platform',
      'mode',
      'platform_config',
      'polling',
      'authentication',
      'subscription',
    ])
      if (o[key] !== undefined && o[key] !== null) entry[key] = o[key]!;
    const exposure = obj(o['exposure']);
    const http = obj(exposure?.['http']);
    if (http && typeof http['path'] === 'string') {
      entry['exposure'] = { http: { path: http['path'] } };
      if (http['authentication'] !== undefined)
        lost.push({
          field: `interfaces[${i}].exposure.http.authentication`,
          reason: 'The current AFM shape has no endpoint authentication',
        });
    }
    out.push(entry);
  });
  const only = out.length === 1 ? obj(out[0]) : undefined;
  if (only && only['type'] === 'consolechat' && Object.keys(only).length === 1) return undefined;
  return out;
}

function emitServers(config: Obj, extras: Obj, lost: Lost): Json[] {
  const names = Array.isArray(config['servers'])
    ? config['servers'].filter((s): s is string => typeof s === 'string')
    : [];
  const configs = obj(config['server_configs']) ?? {};
  const filters = obj(config['tools']) ?? {};
  const raw = new Map<string, Obj>();
  for (const s of Array.isArray(extras['mcp']) ? extras['mcp'] : []) {
    const o = obj(s);
    if (o && typeof o['name'] === 'string') raw.set(o['name'], o);
  }
  const out: Json[] = [];
  for (const name of names) {
    const transport = transportOf(raw.get(name), obj(getOwn(configs, name)), name, lost);
    if (!transport) {
      lost.push({
        field: `servers.${name}`,
        reason: 'No transport is known for this server (AFM needs a url or a command)',
      });
      continue;
    }
    const entry: Obj = { name, transport };
    const filter: Obj = {};
    const allow = getOwn(filters, name);
    if (Array.isArray(allow)) filter['allow'] = allow;
    const deny = obj(raw.get(name)?.['tool_filter'])?.['deny'];
    if (Array.isArray(deny)) filter['deny'] = deny;
    if (Object.keys(filter).length > 0) entry['tool_filter'] = filter;
    out.push(entry);
  }
  for (const key of Object.keys(filters))
    if (!names.includes(key))
      lost.push({
        field: `tools.${key}`,
        reason: 'A tool filter for a server the agent does not use',
      });
  return out;
}

/** A server's transport: from the AFM source's own entry when it has one, else from its settings. */
function transportOf(
  raw: Obj | undefined,
  cfg: Obj | undefined,
  name: string,
  lost: Lost,
): Obj | undefined {
  const t = obj(raw?.['transport']);
  const rawType = str(t?.['type']);
  if (t && rawType === 'stdio' && typeof t['command'] === 'string') return rawStdio(t, cfg);
  if (t && rawType && typeof t['url'] === 'string') {
    const out: Obj = { type: 'http', url: t['url'] };
    const auth = t['authentication'] ?? raw?.['authentication'];
    if (auth !== undefined && auth !== null) out['authentication'] = auth;
    if (rawType === 'http_sse')
      lost.push({
        field: `servers.${name}.transport`,
        reason: "'http_sse' is written as 'http' (the current shape has one HTTP transport)",
      });
    return out;
  }
  if (!cfg) return undefined;
  const kind = str(cfg['transport']) ?? (typeof cfg['command'] === 'string' ? 'stdio' : 'http');
  if (kind === 'stdio' && typeof cfg['command'] === 'string') {
    const out: Obj = { type: 'stdio', command: cfg['command'] };
    if (Array.isArray(cfg['args'])) out['args'] = cfg['args'];
    if (obj(cfg['env'])) out['env'] = cfg['env']!;
    noteExtra(cfg, ['transport', 'command', 'args', 'env'], name, lost);
    return out;
  }
  if (typeof cfg['url'] === 'string') return configHttp(cfg, cfg['url'], kind, name, lost);
  return undefined;
}

/**
 * A stdio transport from the AFM source's entry (`t['command']` is a string). A whole command line
 * without `args` takes the split `command` and `args` the compile put in the settings.
 */
function rawStdio(t: Obj, cfg: Obj | undefined): Obj {
  const out: Obj = { type: 'stdio' };
  if (!Array.isArray(t['args']) && cfg && typeof cfg['command'] === 'string') {
    out['command'] = cfg['command'];
    if (Array.isArray(cfg['args'])) out['args'] = cfg['args'];
  } else {
    out['command'] = t['command']!;
    if (Array.isArray(t['args'])) out['args'] = t['args'];
  }
  if (obj(t['env'])) out['env'] = t['env']!;
  return out;
}

/** An HTTP transport from server settings: a bearer `Authorization` header becomes its authentication. */
function configHttp(cfg: Obj, url: string, kind: string, name: string, lost: Lost): Obj {
  const out: Obj = { type: 'http', url };
  const headers = obj(cfg['headers']);
  const authorization = headers?.['Authorization'];
  if (typeof authorization === 'string' && authorization.startsWith('Bearer '))
    out['authentication'] = { type: 'bearer', token: authorization.slice(7) };
  const others = Object.keys(headers ?? {}).filter(
    (h) => h !== 'Authorization' || !out['authentication'],
  );
  for (const h of others)
    lost.push({
      field: `servers.${name}.headers.${h}`,
      reason: 'AFM HTTP transports have no custom headers',
    });
  if (kind === 'sse')
    lost.push({
      field: `servers.${name}.transport`,
      reason: "SSE is written as 'http' (the current shape has one HTTP transport)",
    });
  noteExtra(cfg, ['transport', 'url', 'headers'], name, lost);
  return out;
}

function noteExtra(cfg: Obj, known: string[], name: string, lost: Lost): void {
  for (const key of Object.keys(cfg))
    if (!known.includes(key))
      lost.push({
        field: `servers.${name}.${key}`,
        reason: `AFM server transports have no '${key}'`,
      });
}

function isStringSignature(s: Obj): boolean {
  const input = obj(s['input']);
  const output = obj(s['output']);
  return (
    !!input &&
    !!output &&
    Object.keys(input).length === 1 &&
    input['type'] === 'string' &&
    Object.keys(output).length === 1 &&
    output['type'] === 'string'
  );
}

/** A file-name identifier for an agent name: lowercase letters, digits and hyphens, starting with a letter. */
export function slug(name: string): string {
  const s = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return /^[a-z]/.test(s) ? s : `agent-${s || 'unnamed'}`.replace(/-+$/, '');
}

function obj(value: Json | undefined): Obj | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
}

function str(value: Json | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function same(a: Json, b: Json): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function short(value: Json): string {
  const s = JSON.stringify(value) ?? 'null';
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}
