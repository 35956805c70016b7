/**
 * The canonical agent model every format compiles to: fast-agent's per-agent data (`agent_data`), as plain
 * JSON. No format owns it; each format's compile step fills it in.
 */
import { FAST_AGENT_TYPE_NAMES, HISTORY_BY_DEFAULT, type CardType } from './agent-types.ts';

/** A JSON value (what compiled output is made of). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Server configuration resolved from inline entries and `fastagent.config.yaml`. */
export interface ServerPlan {
  names: string[];
  /** Tool filters from inline entries, merged into `tools`. */
  inlineTools: Record<string, string[]>;
  /** Effective config per server that has one (inline, inherited, or both). */
  configs: Record<string, Json>;
}

/**
 * The per-card result, mirroring fast-agent's loader (`agent_data`): `config` holds AgentConfig fields
 * under fast-agent's snake_case names, workflow fields sit beside it, and `schema_version` defaults to 1.
 * `config.instruction` is the draft's instruction as given (see `compileInstruction`): null in the `rfc`
 * profile when the card gives none, fast-agent's built-in default in the `fast-agent` profile.
 */
export type AgentData = { [key: string]: Json };

/**
 * The AgentConfig of an agent that sets nothing but its name: the values `compileCard` fills in for a
 * plain `agent` card without fields or body (fast-agent's defaults). Formats that know only some of
 * the fields start from it, so every format compiles to the same set of keys.
 */
export function defaultAgentConfig(name: string): { [key: string]: Json } {
  return {
    name,
    instruction: null,
    description: null,
    servers: [],
    tools: {},
    resources: {},
    prompts: {},
    skills: null,
    model: null,
    use_history: true,
    save_trajectory: false,
    default_request_params: { useHistory: true },
    human_input: false,
    default: false,
    tool_only: false,
    subagents: null,
    subagent_model: null,
    harness_tools: false,
    api_key: null,
    function_tools: null,
    shell: false,
    cwd: null,
    tool_hooks: null,
    lifecycle_hooks: null,
    commands: null,
    trim_tool_history: false,
    tool_input_schema: null,
    mcp_connect: [],
  };
}

/** Workflow fields copied beside `config`, with the defaults fast-agent fills in, per type. */
const WORKFLOW_FIELDS: Partial<Record<CardType, Record<string, Json | undefined>>> = {
  chain: { sequence: undefined, cumulative: false },
  parallel: { fan_out: undefined, fan_in: null, include_request: true },
  evaluator_optimizer: {
    generator: undefined,
    evaluator: undefined,
    min_rating: 'GOOD',
    max_refinements: 3,
    refinement_instruction: null,
  },
  router: {},
  orchestrator: { plan_type: 'full', plan_iterations: 5 },
  iterative_planner: { plan_iterations: -1 },
  MAKER: {
    worker: undefined,
    k: 3,
    max_samples: 50,
    match_strategy: 'exact',
    red_flag_max_length: null,
  },
  a2a: { url: undefined },
};

/**
 * What `compileCard` reads of an agent: its type (`agent` when absent), its fields as written (AgentCard
 * field names; values of any kind) and its instruction (null when none).
 */
export interface AgentSource {
  type?: CardType | undefined;
  fields: Record<string, unknown>;
  instruction: string | null;
}

/**
 * Compiles a validated agent into fast-agent's per-card data shape (the AgentCard rules; other formats
 * map their fields onto AgentCard field names first). Pure; never throws.
 */
export function compileCard(
  draft: AgentSource,
  name: string,
  servers: ServerPlan,
  messageFiles: string[],
): AgentData {
  const type = draft.type ?? 'agent';
  const f = draft.fields;
  const config = agentConfig(draft, type, name, servers);
  const data: AgentData = {
    config,
    type: FAST_AGENT_TYPE_NAMES[type],
    tool_only: config['tool_only']!,
  };
  for (const [field, fallback] of Object.entries(WORKFLOW_FIELDS[type] ?? {})) {
    const value = f[field] === undefined ? fallback : (f[field] as Json);
    if (value !== undefined) data[field] = value;
  }
  const children = f['agents'];
  if (Array.isArray(children)) {
    if (type === 'router') data['router_agents'] = children as Json;
    else data['child_agents'] = children as Json;
  }
  if (type === 'agent') {
    const options: { [key: string]: Json } = {};
    for (const key of [
      'history_source',
      'history_merge_target',
      'max_parallel',
      'child_timeout_sec',
      'max_display_instances',
    ]) {
      if (f[key] !== undefined) options[key] = f[key] as Json;
    }
    if (Object.keys(options).length > 0) data['agents_as_tools_options'] = options;
    if (config['function_tools'] !== null) data['function_tools'] = config['function_tools']!;
  }
  if (messageFiles.length > 0) data['message_files'] = messageFiles;
  data['schema_version'] = typeof f['schema_version'] === 'number' ? f['schema_version'] : 1;
  return data;
}

/** The compiled `config` of `draft` (fast-agent's AgentConfig fields, snake_case). */
function agentConfig(
  draft: AgentSource,
  type: CardType,
  name: string,
  servers: ServerPlan,
): { [key: string]: Json } {
  const f = draft.fields;
  const pick = (key: string, fallback: Json): Json =>
    f[key] === undefined ? fallback : (f[key] as Json);
  const useHistory =
    typeof f['use_history'] === 'boolean' ? f['use_history'] : HISTORY_BY_DEFAULT.has(type);
  const instruction = draft.instruction;
  const requestParams: { [key: string]: Json } = {};
  if (instruction !== null) requestParams['systemPrompt'] = instruction;
  if (f['request_params'] && typeof f['request_params'] === 'object')
    Object.assign(requestParams, f['request_params']);
  requestParams['useHistory'] = useHistory;
  delete requestParams['use_history'];
  const tools: { [key: string]: Json } = { ...((f['tools'] as Record<string, Json>) ?? {}) };
  for (const [server, filters] of Object.entries(servers.inlineTools)) tools[server] = filters;

  const config: { [key: string]: Json } = {
    name,
    instruction,
    description: typeof f['description'] === 'string' ? f['description'].trim() : null,
    servers: servers.names,
    tools,
    resources: pick('resources', {}),
    prompts: pick('prompts', {}),
    skills: pick('skills', null),
    model: typeof f['model'] === 'string' ? f['model'] : null,
    use_history: useHistory,
    save_trajectory: pick('save_trajectory', false),
    default_request_params: requestParams,
    human_input: pick('human_input', false),
    default: pick('default', false),
    tool_only: pick('tool_only', false),
    subagents: pick('subagents', null),
    subagent_model: pick('subagent_model', null),
    harness_tools: pick('harness_tools', false),
    api_key: pick('api_key', null),
    function_tools: normalizeFunctionTools(f['function_tools']),
    shell: pick('shell', false),
    cwd: pick('cwd', null),
    tool_hooks: pick('tool_hooks', null),
    lifecycle_hooks: pick('lifecycle_hooks', null),
    commands: pick('commands', null),
    trim_tool_history: pick('trim_tool_history', false),
    tool_input_schema: pick('tool_input_schema', null),
    mcp_connect: pick('mcp_connect', []),
  };
  if (Object.keys(servers.configs).length > 0) config['server_configs'] = servers.configs;
  if (draft.fields['history_mode'] !== undefined)
    config['history_mode'] = draft.fields['history_mode'] as Json;
  return config;
}

function normalizeFunctionTools(value: unknown): Json {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : [value];
  return value as Json;
}
