/**
 * Writes any agent as an AgentCard (`.md` with YAML frontmatter, rfc profile) from the canonical compiled
 * form. Config fields are written only when they differ from the card type's defaults; MCP server
 * settings go into a `fastagent.config.yaml` beside the card (where the checker and fast-agent read
 * them). Everything an AgentCard cannot express, notably a source format's `extras`, is listed in `lost`.
 */
import { getOwn } from '../../own-property.ts';
import { stringify } from 'yaml';
import { allowedFields } from './card-fields.ts';
import {
  FAST_AGENT_TYPE_NAMES,
  HISTORY_BY_DEFAULT,
  type CardType,
} from '../../model/agent-types.ts';
import { defaultAgentConfig, type Json } from '../../model/agent-data.ts';
import type { Conversion, EmitOptions, EmitSource } from '../format-module.ts';

type Obj = { [key: string]: Json };

/** Config fields written when they differ from what a plain agent compiles to, in the card's order. */
const CONFIG_FIELDS = [
  'description',
  'model',
  'tools',
  'resources',
  'prompts',
  'skills',
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
];
/** Workflow fields that sit beside `config` in the compiled data, written as card fields of the same name. */
const WORKFLOW_FIELDS = [
  'sequence',
  'cumulative',
  'fan_out',
  'fan_in',
  'include_request',
  'generator',
  'evaluator',
  'min_rating',
  'max_refinements',
  'refinement_instruction',
  'plan_type',
  'plan_iterations',
  'worker',
  'k',
  'max_samples',
  'match_strategy',
  'red_flag_max_length',
];
/** AFM extras that are views of the compiled data, not extra information. */
const DERIVED_EXTRAS = new Set(['shape', 'identifier', 'variables', 'role', 'max_iterations']);
/** Why an AFM extra cannot be written (other formats' extras get a generic reason). */
const AFM_REASONS: Readonly<Record<string, string>> = {
  spec_version: 'AgentCard has no AFM spec version',
  version: 'AgentCard has no agent version',
  namespace: 'AgentCard has no namespace',
  author: 'AgentCard has no author',
  authors: 'AgentCard has no authors',
  license: 'AgentCard has no license',
  icon_url: 'AgentCard has no icon',
  iconUrl: 'AgentCard has no icon',
  provider: 'AgentCard has no agent provider',
  skills: 'written as `skills` paths; the source type `local` is implied',
};

/** Writes `source` as an AgentCard file (and a `fastagent.config.yaml` when servers have settings). */
export function emitAgentCard(source: EmitSource, options: EmitOptions): Conversion {
  const lost: Conversion['lost'] = [];
  const data = source.data;
  const config = obj(data['config']) ?? {};
  const type = cardType(str(data['type']), lost);
  const allowed = allowedFields(type, 'rfc');
  const fm: Obj = { type, name: source.name };
  const put = (field: string, value: Json, from = field) => {
    if (allowed.includes(field)) fm[field] = value;
    else lost.push({ field: from, reason: `An AgentCard of type '${type}' has no '${field}'` });
  };

  putConfig(config, type, source.name, put);

  for (const field of WORKFLOW_FIELDS) {
    const value = data[field];
    if (value !== undefined && value !== null) put(field, value);
  }
  const children = data['child_agents'] ?? data['router_agents'];
  if (Array.isArray(children)) put('agents', children);
  for (const [field, value] of Object.entries(obj(data['agents_as_tools_options']) ?? {}))
    put(field, value);
  if (Array.isArray(data['message_files'])) put('messages', data['message_files']);
  if (typeof data['schema_version'] === 'number' && data['schema_version'] !== 1)
    fm['schema_version'] = data['schema_version'];
  if (type === 'a2a' || data['url'] !== undefined)
    lost.push({ field: 'url', reason: 'The rfc AgentCard has no a2a type' });

  noteExtrasLoss(source, lost);

  const instruction = str(config['instruction']);
  // A body line that a card splitter would read as a boundary or history block: keep it in the field.
  const risky = instruction !== undefined && /^(---|\+\+\+)/m.test(instruction);
  if (instruction !== undefined && risky) put('instruction', instruction);
  const yaml = stringify(fm, { lineWidth: 0 }).trimEnd();
  const body = instruction !== undefined && !risky ? `\n${instruction.trim()}\n` : '';
  const base = options.baseName ?? fileName(source.name);
  const files: Record<string, string> = { [`${base}.md`]: `---\n${yaml}\n---\n${body}` };
  const serverConfigs = obj(config['server_configs']);
  if (serverConfigs && Object.keys(serverConfigs).length > 0)
    files['fastagent.config.yaml'] = stringify(
      { mcp: { servers: serverConfigs } },
      { lineWidth: 0 },
    );
  return { files, lost };
}

type Put = (field: string, value: Json, from?: string) => void;

/** Puts the agent's settings that differ from the defaults (the AgentConfig fields) into the card. */
function putConfig(config: Obj, type: CardType, name: string, put: Put): void {
  const defaults = defaultAgentConfig(name);
  for (const field of CONFIG_FIELDS) {
    const value = config[field];
    if (value === undefined || same(value, defaults[field]!)) continue;
    put(field, value);
  }
  const servers = Array.isArray(config['servers']) ? config['servers'] : [];
  if (servers.length > 0) put('servers', servers);
  const useHistory = config['use_history'];
  if (typeof useHistory === 'boolean' && useHistory !== HISTORY_BY_DEFAULT.has(type))
    put('use_history', useHistory);
  if (config['history_mode'] !== undefined && config['history_mode'] !== null)
    put('history_mode', config['history_mode']);
  const params: Obj = { ...(obj(config['default_request_params']) ?? {}) };
  delete params['systemPrompt'];
  delete params['useHistory'];
  delete params['use_history'];
  if (Object.keys(params).length > 0) put('request_params', params);
}

/** Lists in `lost` each format-specific extra of `source` that AgentCard cannot hold. */
function noteExtrasLoss(source: EmitSource, lost: Conversion['lost']): void {
  for (const [key, value] of Object.entries(source.extras ?? {})) {
    if (source.format === 'afm' && DERIVED_EXTRAS.has(key)) continue;
    if (source.format === 'afm' && key === 'interfaces') {
      if (!isDefaultInterface(value))
        lost.push({
          field: 'interfaces',
          reason: 'AgentCard has no interfaces (signature, exposure, webhook)',
        });
      continue;
    }
    if (source.format === 'afm' && key === 'model') {
      const model = obj(value) ?? {};
      for (const part of ['url', 'authentication'])
        if (model[part] !== undefined)
          lost.push({
            field: `model.${part}`,
            reason: `AgentCard names a model; its ${part} belongs to fast-agent's configuration`,
          });
      continue;
    }
    if (source.format === 'afm' && key === 'mcp') {
      noteMcpLoss(value, lost);
      continue;
    }
    if (source.format === 'afm' && key === 'skills') continue;
    const reason =
      (source.format === 'afm' ? getOwn(AFM_REASONS, key) : undefined) ??
      `AgentCard has no equivalent of ${source.format}'s '${key}'`;
    lost.push({ field: key, reason });
  }
}

function cardType(name: string | undefined, lost: Conversion['lost']): CardType {
  const found = (Object.entries(FAST_AGENT_TYPE_NAMES) as Array<[CardType, string]>).find(
    ([, n]) => n === name,
  );
  if (!found || found[0] === 'a2a') {
    if (name !== undefined && name !== 'basic')
      lost.push({
        field: 'type',
        reason: `'${name}' is not an rfc AgentCard type; written as 'agent'`,
      });
    return 'agent';
  }
  return found[0];
}

function noteMcpLoss(value: Json, lost: Conversion['lost']): void {
  if (!Array.isArray(value)) return;
  for (const server of value) {
    const s = obj(server);
    const name = str(s?.['name']) ?? '?';
    const deny = obj(s?.['tool_filter'])?.['deny'];
    if (Array.isArray(deny) && deny.length > 0)
      lost.push({
        field: `tools.mcp.${name}.tool_filter.deny`,
        reason: 'AgentCard tool filters only allow',
      });
    const t = obj(s?.['transport']);
    const auth = obj(t?.['authentication']) ?? obj(s?.['authentication']);
    if (auth && str(auth['type'])?.toLowerCase() !== 'bearer')
      lost.push({
        field: `tools.mcp.${name}.authentication`,
        reason: `'${str(auth['type']) ?? '?'}' authentication has no fast-agent server setting here`,
      });
  }
}

function isDefaultInterface(value: Json): boolean {
  if (!Array.isArray(value) || value.length !== 1) return false;
  const i = obj(value[0]);
  const sig = obj(i?.['signature']);
  const plain = (s: Json | undefined) => JSON.stringify(s) === '{"type":"string"}';
  return (
    (i?.['type'] === 'consolechat' || i?.['type'] === 'function') &&
    Object.keys(i).every((k) => ['type', 'signature', 'current_type'].includes(k)) &&
    (!sig || (plain(sig['input']) && plain(sig['output'])))
  );
}

function fileName(name: string): string {
  const s = name
    .trim()
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return s === '' ? 'agent' : s;
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
