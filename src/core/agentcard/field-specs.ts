import * as v from 'valibot';
import type { CardType, Profile } from './card-types.ts';

/**
 * What one card field accepts. `schema` checks the value (issues carry a path into it, which maps onto
 * the YAML node); `integer` asks for an integer literal in the source (YAML `1.0` is a float to
 * fast-agent even though JavaScript reads it as 1); `lenient` fields are never rejected by fast-agent, so
 * a bad value is a warning, not an error.
 */
export interface FieldSpec {
  description: string;
  schema: v.GenericSchema;
  integer?: boolean;
  lenient?: boolean;
}

const isMapping = (x: unknown): boolean => typeof x === 'object' && x !== null && !Array.isArray(x);
/** A mapping schema that also refuses lists (valibot's record and object schemas accept arrays). */
const plain = <T extends v.GenericSchema<Record<string, unknown>>>(schema: T, message: string) =>
  v.pipe(v.custom<Record<string, unknown>>(isMapping, message), schema);
const text = (what: string) => v.string(`${what} must be a string`);
const nonEmpty = (what: string) =>
  v.pipe(
    v.string(`${what} must be a non-empty string`),
    v.check((s) => s.trim() !== '', `${what} must be a non-empty string`),
  );
const bool = (what: string) => v.boolean(`${what} must be a boolean (true or false)`);
const int = (what: string) =>
  v.pipe(v.number(`${what} must be an integer`), v.integer(`${what} must be an integer`));
const nonNegativeInt = (what: string) =>
  v.pipe(int(what), v.minValue(0, `${what} must not be negative`));
const num = (what: string) => v.number(`${what} must be a number`);
const names = (what: string) =>
  v.pipe(
    v.array(nonEmpty(`each entry of ${what}`), `${what} must be a list of agent names`),
    v.minLength(1, `${what} must name at least one agent`),
  );
const stringList = (what: string) =>
  v.array(text(`each entry of ${what}`), `${what} must be a list of strings`);
const filterMap = (what: string) =>
  plain(
    v.record(v.string(), stringList(`each value of ${what}`)),
    `${what} must be a mapping of server name to a list of names or patterns`,
  );
const mapping = (what: string) =>
  plain(v.record(v.string(), v.unknown()), `${what} must be a mapping`);

/** Hook points of `tool_hooks` (fast-agent 0.10.9). */
export const TOOL_HOOK_POINTS = [
  'before_llm_call',
  'after_llm_call',
  'before_tool_call',
  'after_tool_call',
  'after_turn_complete',
] as const;
/** Keys allowed in `lifecycle_hooks`. */
export const LIFECYCLE_HOOK_POINTS = ['on_start', 'on_shutdown'] as const;

const functionToolObject = plain(
  v.looseObject({
    entrypoint: nonEmpty('`entrypoint`'),
    variant: v.optional(v.picklist(['code'], '`variant` must be one of: code')),
    code_arg: v.optional(text('`code_arg`')),
    language: v.optional(text('`language`')),
    name: v.optional(text('`name`')),
    description: v.optional(text('`description`')),
  }),
  'each function tool must be a reference string or an object with `entrypoint`',
);

const MCP_CONNECT_KEYS = [
  'target',
  'name',
  'headers',
  'auth',
  'management',
  'connector_id',
  'access_token',
  'description',
  'defer_loading',
  'protocol_mode',
];
const mcpConnectEntry = v.pipe(
  mapping('each `mcp_connect` entry'),
  v.check(
    (o) => Object.keys(o).every((k) => MCP_CONNECT_KEYS.includes(k)),
    `\`mcp_connect\` entries allow only: ${MCP_CONNECT_KEYS.join(', ')} (command, args, env and cwd are not allowed: a connection target is not a local command)`,
  ),
  v.check(
    (o) =>
      o['protocol_mode'] === undefined ||
      ['auto', 'modern', 'legacy'].includes(o['protocol_mode'] as string),
    '`protocol_mode` must be one of auto, modern, legacy',
  ),
  v.check((o) => {
    const connector = typeof o['connector_id'] === 'string' && o['connector_id'].trim() !== '';
    if (connector) return typeof o['name'] === 'string' && o['name'].trim() !== '';
    return typeof o['target'] === 'string' && o['target'].trim() !== '';
  }, '`mcp_connect` entries need a non-empty `target` (or a `connector_id` with a `name`)'),
  v.check(
    (o) => typeof o['target'] !== 'string' || !hasUnclosedQuote(o['target']),
    '`target` has an unclosed quote',
  ),
  v.check(
    (o) => typeof o['target'] !== 'string' || !/(^|\s)--auth(\s|=|$)/.test(o['target']),
    '`target` must be a pure target string: move --auth to `access_token`, `headers` or `auth`',
  ),
  v.check(
    (o) =>
      !(
        typeof o['management'] === 'string' &&
        o['management'].trim() === 'provider' &&
        o['headers'] !== undefined
      ),
    'Provider-managed MCP servers do not take `headers`',
  ),
);

/** True when a shell-like string leaves a quote open (Python's shlex: "No closing quotation"). */
function hasUnclosedQuote(target: string): boolean {
  let quote = '';
  for (let i = 0; i < target.length; i++) {
    const c = target[i]!;
    if (quote) {
      if (c === quote) quote = '';
      else if (c === '\\' && quote === '"') i++;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '\\') i++;
  }
  return quote !== '';
}

const FIELDS: Record<string, FieldSpec> = {
  type: {
    description:
      'The card type: agent, chain, parallel, evaluator_optimizer, router, orchestrator, iterative_planner or MAKER.',
    schema: text('`type`'),
  },
  name: {
    description:
      'The agent name, unique in the load-set. Defaults to the file name for single-card files; spaces become `_`.',
    schema: nonEmpty('`name`'),
  },
  instruction: {
    description:
      'The system instruction. May also come from the body; the RFC joins both (attribute first).',
    schema: nonEmpty('`instruction`'),
  },
  description: {
    description: 'A one-line description of what the agent does (shown when it is used as a tool).',
    schema: nonEmpty('`description`'),
  },
  default: {
    description: 'Whether this is the default agent of the application.',
    schema: bool('`default`'),
  },
  tool_only: {
    description: 'Expose the agent only as a tool of other agents, never directly.',
    schema: bool('`tool_only`'),
  },
  schema_version: {
    description: 'The card schema version, an integer; 1 when omitted.',
    schema: nonNegativeInt('`schema_version`'),
    integer: true,
  },
  // agent
  subagents: { description: 'Let the agent spawn sub-agents.', schema: bool('`subagents`') },
  subagent_model: {
    description: 'The model sub-agents use.',
    schema: nonEmpty('`subagent_model`'),
  },
  harness_tools: {
    description: 'Give the agent the harness tools (not on tool-only agents).',
    schema: bool('`harness_tools`'),
  },
  agents: {
    description: 'Child agents this agent (or workflow) can call, by name.',
    schema: names('`agents`'),
  },
  servers: {
    description:
      'MCP servers, by name from fastagent.config.yaml (the RFC also allows `- name: {inline config}`).',
    schema: v.array(v.unknown(), '`servers` must be a list'),
  },
  tools: {
    description: 'Tool filters: a mapping of server name to a list of tool names or patterns.',
    schema: filterMap('`tools`'),
  },
  resources: {
    description:
      'Resource filters: a mapping of server name to a list of resource URIs or patterns.',
    schema: filterMap('`resources`'),
  },
  prompts: {
    description: 'Prompt filters: a mapping of server name to a list of prompt names.',
    schema: filterMap('`prompts`'),
  },
  mcp_connect: {
    description:
      'MCP servers to connect to at run time: a list, or a mapping of name to entry, each with a `target`.',
    schema: v.union(
      [v.array(mcpConnectEntry), v.record(v.string(), mcpConnectEntry)],
      '`mcp_connect` must be a list or a mapping of entries',
    ),
  },
  skills: {
    description: 'Agent Skills folders (a path or a list of paths).',
    schema: v.nullable(
      v.union([v.string(), v.array(v.string())], '`skills` must be a path or a list of paths'),
    ),
  },
  model: {
    description: 'The model to use, e.g. `sonnet` or `openai.gpt-4.1`.',
    schema: text('`model`'),
    lenient: true,
  },
  use_history: {
    description: 'Keep the conversation history between turns.',
    schema: bool('`use_history`'),
    lenient: true,
  },
  save_trajectory: {
    description: 'Save the agent trajectory (requires `use_history: false`).',
    schema: bool('`save_trajectory`'),
  },
  request_params: {
    description: 'Default request parameters (`maxTokens`, `temperature`, `max_iterations`, …).',
    schema: plain(
      v.looseObject({
        maxTokens: v.optional(int('`maxTokens`')),
        temperature: v.optional(num('`temperature`')),
        max_iterations: v.optional(int('`max_iterations`')),
        use_history: v.optional(bool('`use_history`')),
        parallel_tool_calls: v.optional(bool('`parallel_tool_calls`')),
        model: v.optional(text('`model`')),
      }),
      '`request_params` must be a mapping',
    ),
  },
  human_input: {
    description: 'Let the agent ask the user for input.',
    schema: bool('`human_input`'),
  },
  api_key: {
    description: 'The API key for the model provider (prefer an environment variable).',
    schema: text('`api_key`'),
  },
  history_source: {
    description: 'Agents-as-tools: where a child takes its history from.',
    schema: text('`history_source`'),
  },
  history_merge_target: {
    description: "Agents-as-tools: where a child's history is merged back.",
    schema: text('`history_merge_target`'),
  },
  max_parallel: {
    description: 'Agents-as-tools: most child calls at once.',
    schema: int('`max_parallel`'),
    integer: true,
  },
  child_timeout_sec: {
    description: 'Agents-as-tools: seconds a child call may take.',
    schema: num('`child_timeout_sec`'),
  },
  max_display_instances: {
    description: 'Agents-as-tools: most child instances shown.',
    schema: int('`max_display_instances`'),
    integer: true,
  },
  function_tools: {
    description:
      'Python functions exposed as tools: `tools.py:fn` (file form) or `pkg.mod:fn` (module form).',
    schema: v.union(
      [
        v.string(),
        v.array(
          v.union(
            [v.string(), functionToolObject],
            'each function tool must be a reference string or an object with `entrypoint`',
          ),
        ),
      ],
      '`function_tools` must be a string or a list',
    ),
  },
  tool_hooks: {
    description: 'Python hooks around tool and LLM calls: a mapping of hook point to a reference.',
    schema: v.unknown(),
  },
  lifecycle_hooks: {
    description: `Python hooks at agent start and shutdown: a mapping of ${LIFECYCLE_HOOK_POINTS.join(' or ')} to a reference.`,
    schema: v.pipe(
      mapping('`lifecycle_hooks`'),
      v.check(
        (o) =>
          Object.keys(o).every((k) => (LIFECYCLE_HOOK_POINTS as readonly string[]).includes(k)),
        `\`lifecycle_hooks\` keys must be ${LIFECYCLE_HOOK_POINTS.join(' or ')}`,
      ),
    ),
  },
  commands: {
    description:
      'Slash commands: a mapping of command name to `{description, handler, input_hint, key}`.',
    schema: mapping('`commands`'),
  },
  trim_tool_history: {
    description: 'Drop tool call details from the history after each turn.',
    schema: bool('`trim_tool_history`'),
  },
  tool_input_schema: {
    description: 'The JSON Schema (type object) of the input when this agent is used as a tool.',
    schema: v.pipe(
      mapping('`tool_input_schema`'),
      v.check((o) => o['type'] === 'object', '`tool_input_schema` must have `type: object`'),
    ),
  },
  messages: {
    description: 'History files to preload, relative to the card: a path or a list of paths.',
    schema: v.union(
      [nonEmpty('`messages`'), v.array(nonEmpty('each `messages` entry'))],
      '`messages` must be a path or a list of paths',
    ),
  },
  shell: { description: 'Give the agent a shell tool.', schema: bool('`shell`') },
  cwd: { description: "The shell's working folder.", schema: text('`cwd`') },
  variables: {
    description: 'Template variables for the instruction (`{{name}}`).',
    schema: mapping('`variables`'),
  },
  history_mode: {
    description: 'History handling of child agents (RFC draft; removed from fast-agent).',
    schema: text('`history_mode`'),
  },
  // workflows
  sequence: { description: 'The agents of the chain, run in order.', schema: names('`sequence`') },
  cumulative: {
    description: 'Pass every earlier result along the chain, not only the last.',
    schema: bool('`cumulative`'),
  },
  fan_out: { description: 'The agents that run in parallel.', schema: names('`fan_out`') },
  fan_in: {
    description: 'The agent that combines the parallel results.',
    schema: nonEmpty('`fan_in`'),
  },
  include_request: {
    description: 'Give the fan-in agent the original request too.',
    schema: bool('`include_request`'),
  },
  generator: { description: 'The agent that produces content.', schema: nonEmpty('`generator`') },
  evaluator: { description: 'The agent that rates the content.', schema: nonEmpty('`evaluator`') },
  min_rating: {
    description: 'The rating to reach: EXCELLENT, GOOD, FAIR or POOR.',
    schema: v.picklist(
      ['EXCELLENT', 'GOOD', 'FAIR', 'POOR'],
      '`min_rating` must be EXCELLENT, GOOD, FAIR or POOR',
    ),
  },
  max_refinements: {
    description: 'Most refinement rounds.',
    schema: nonNegativeInt('`max_refinements`'),
    integer: true,
  },
  refinement_instruction: {
    description: 'Extra instruction for each refinement.',
    schema: text('`refinement_instruction`'),
  },
  plan_type: {
    description: 'Orchestrator planning: `full` or `iterative`.',
    schema: v.picklist(['full', 'iterative'], '`plan_type` must be full or iterative'),
  },
  plan_iterations: {
    description: 'Most planning iterations.',
    schema: int('`plan_iterations`'),
    integer: true,
  },
  worker: { description: 'The agent whose answers MAKER votes on.', schema: nonEmpty('`worker`') },
  k: {
    description: 'MAKER: votes ahead needed to win.',
    schema: v.pipe(
      v.number('`k` must be an integer'),
      v.integer('`k` must be an integer'),
      v.minValue(1, '`k` must be at least 1'),
    ),
    integer: true,
  },
  max_samples: {
    description: 'MAKER: most samples drawn.',
    schema: v.pipe(int('`max_samples`'), v.minValue(1, '`max_samples` must be at least 1')),
    integer: true,
  },
  match_strategy: {
    description: 'MAKER: how answers are compared (e.g. exact, normalized).',
    schema: text('`match_strategy`'),
  },
  red_flag_max_length: {
    description: 'MAKER: answers longer than this are discarded.',
    schema: v.pipe(
      int('`red_flag_max_length`'),
      v.minValue(1, '`red_flag_max_length` must be at least 1'),
    ),
    integer: true,
  },
  // a2a (fast-agent only)
  url: { description: 'The remote A2A agent URL.', schema: nonEmpty('`url`') },
  transport: { description: 'The A2A transport.', schema: text('`transport`') },
  streaming: { description: 'Use streaming.', schema: bool('`streaming`') },
  polling: { description: 'Use polling.', schema: bool('`polling`') },
  accepted_output_modes: {
    description: 'Accepted output MIME types.',
    schema: stringList('`accepted_output_modes`'),
  },
  headers: { description: 'HTTP headers for the remote agent.', schema: mapping('`headers`') },
  auth: { description: 'Authentication for the remote agent.', schema: v.unknown() },
  relative_card_path: {
    description: 'Path of the remote agent card.',
    schema: text('`relative_card_path`'),
  },
  request_timeout_seconds: {
    description: 'Request timeout in seconds.',
    schema: num('`request_timeout_seconds`'),
  },
};

const COMMON = [
  'type',
  'name',
  'instruction',
  'description',
  'default',
  'tool_only',
  'schema_version',
];
const AGENT = [
  ...COMMON,
  ...'subagents subagent_model harness_tools agents servers tools resources prompts mcp_connect skills model use_history save_trajectory request_params human_input api_key history_source history_merge_target max_parallel child_timeout_sec max_display_instances function_tools tool_hooks lifecycle_hooks commands trim_tool_history tool_input_schema messages shell cwd variables'.split(
    ' ',
  ),
];

interface TypeRules {
  allowed: readonly string[];
  required: readonly string[];
}

const TYPE_RULES: Record<CardType, TypeRules> = {
  agent: { allowed: AGENT, required: [] },
  chain: { allowed: [...COMMON, 'sequence', 'cumulative'], required: ['sequence'] },
  parallel: { allowed: [...COMMON, 'fan_out', 'fan_in', 'include_request'], required: ['fan_out'] },
  evaluator_optimizer: {
    allowed: [
      ...COMMON,
      'generator',
      'evaluator',
      'min_rating',
      'max_refinements',
      'refinement_instruction',
      'messages',
    ],
    required: ['generator', 'evaluator'],
  },
  router: {
    allowed: [
      ...COMMON,
      'agents',
      'servers',
      'tools',
      'resources',
      'prompts',
      'model',
      'use_history',
      'save_trajectory',
      'request_params',
      'human_input',
      'api_key',
      'messages',
    ],
    required: ['agents'],
  },
  orchestrator: {
    allowed: [
      ...COMMON,
      'agents',
      'model',
      'use_history',
      'save_trajectory',
      'request_params',
      'human_input',
      'api_key',
      'plan_type',
      'plan_iterations',
      'messages',
    ],
    required: ['agents'],
  },
  iterative_planner: {
    allowed: [
      ...COMMON,
      'agents',
      'model',
      'request_params',
      'api_key',
      'plan_iterations',
      'messages',
    ],
    required: ['agents'],
  },
  MAKER: {
    allowed: [
      ...COMMON,
      'worker',
      'k',
      'max_samples',
      'match_strategy',
      'red_flag_max_length',
      'messages',
    ],
    required: ['worker'],
  },
  a2a: {
    allowed: [
      ...COMMON,
      'url',
      'transport',
      'streaming',
      'polling',
      'accepted_output_modes',
      'headers',
      'auth',
      'relative_card_path',
      'request_timeout_seconds',
    ],
    required: ['url'],
  },
};

/** Fields the RFC's own examples use that fast-agent 0.10.9 no longer accepts, per type. */
const RFC_ONLY_FIELDS: Partial<Record<CardType, readonly string[]>> = { agent: ['history_mode'] };

/** The fields a card of `type` may have under `profile`. */
export function allowedFields(type: CardType, profile: Profile): readonly string[] {
  const base = TYPE_RULES[type].allowed;
  return profile === 'rfc' ? [...base, ...(RFC_ONLY_FIELDS[type] ?? [])] : base;
}

/** True when `field` is allowed for `type` only because the RFC profile keeps a field fast-agent dropped. */
export function isRfcOnlyField(type: CardType, field: string): boolean {
  return RFC_ONLY_FIELDS[type]?.includes(field) ?? false;
}

/** The fields a card of `type` must have. */
export function requiredFields(type: CardType): readonly string[] {
  return TYPE_RULES[type].required;
}

/** The spec of a known field, or undefined. */
export function fieldSpec(field: string): FieldSpec | undefined {
  return Object.hasOwn(FIELDS, field) ? FIELDS[field] : undefined;
}

/** Every field name any type knows (for "did you mean" across types). */
export const ALL_FIELDS: readonly string[] = Object.keys(FIELDS);
