import * as v from 'valibot';
import { expressedAs } from '../../schemas/json-schema-forms.ts';
import { LIFECYCLE_HOOK_POINTS } from './card-fields.ts';

/**
 * What one card field accepts. `schema` checks the value (issues carry a path into it, which maps onto
 * the YAML node); `integer` asks for an integer literal in the source (YAML `1.0` is a float to
 * fast-agent even though JavaScript reads it as 1); `lenient` fields are never rejected by fast-agent, so
 * a bad value is a warning, not an error.
 */
export interface FieldSpec {
  schema: v.GenericSchema;
  integer?: boolean;
  lenient?: boolean;
}

const isMapping = (x: unknown): boolean => typeof x === 'object' && x !== null && !Array.isArray(x);
/** A mapping schema that also refuses lists (valibot's record and object schemas accept arrays). */
const plain = <T extends v.GenericSchema<Record<string, unknown>>>(schema: T, message: string) =>
  v.pipe(v.custom<Record<string, unknown>>(isMapping, message), schema);
const text = (what: string) => v.string(`${what} must be a string`);
// `\S` matches exactly what `trim()` removes, and unlike a `check` it carries over to JSON Schema.
const nonEmpty = (what: string) =>
  v.pipe(
    v.string(`${what} must be a non-empty string`),
    v.regex(/\S/, `${what} must be a non-empty string`),
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
const PROTOCOL_MODES = ['auto', 'modern', 'legacy'];
const mcpConnectEntry = v.pipe(
  mapping('each `mcp_connect` entry'),
  expressedAs(
    v.check<Record<string, unknown>, string>(
      (o) => Object.keys(o).every((k) => MCP_CONNECT_KEYS.includes(k)),
      `\`mcp_connect\` entries allow only: ${MCP_CONNECT_KEYS.join(', ')} (command, args, env and cwd are not allowed: a connection target is not a local command)`,
    ),
    { propertyNames: { enum: MCP_CONNECT_KEYS } },
  ),
  expressedAs(
    v.check<Record<string, unknown>, string>(
      (o) =>
        o['protocol_mode'] === undefined || PROTOCOL_MODES.includes(o['protocol_mode'] as string),
      '`protocol_mode` must be one of auto, modern, legacy',
    ),
    { properties: { protocol_mode: { enum: PROTOCOL_MODES } } },
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
    schema: text('`type`'),
  },
  name: {
    schema: nonEmpty('`name`'),
  },
  instruction: {
    schema: nonEmpty('`instruction`'),
  },
  description: {
    schema: nonEmpty('`description`'),
  },
  default: {
    schema: bool('`default`'),
  },
  tool_only: {
    schema: bool('`tool_only`'),
  },
  schema_version: {
    schema: nonNegativeInt('`schema_version`'),
    integer: true,
  },
  // agent
  subagents: { schema: bool('`subagents`') },
  subagent_model: {
    schema: nonEmpty('`subagent_model`'),
  },
  harness_tools: {
    schema: bool('`harness_tools`'),
  },
  agents: {
    schema: names('`agents`'),
  },
  servers: {
    schema: v.array(v.unknown(), '`servers` must be a list'),
  },
  tools: {
    schema: filterMap('`tools`'),
  },
  resources: {
    schema: filterMap('`resources`'),
  },
  prompts: {
    schema: filterMap('`prompts`'),
  },
  mcp_connect: {
    schema: v.union(
      [v.array(mcpConnectEntry), v.record(v.string(), mcpConnectEntry)],
      '`mcp_connect` must be a list or a mapping of entries',
    ),
  },
  skills: {
    schema: v.nullable(
      v.union([v.string(), v.array(v.string())], '`skills` must be a path or a list of paths'),
    ),
  },
  model: {
    schema: text('`model`'),
    lenient: true,
  },
  use_history: {
    schema: bool('`use_history`'),
    lenient: true,
  },
  save_trajectory: {
    schema: bool('`save_trajectory`'),
  },
  request_params: {
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
    schema: bool('`human_input`'),
  },
  api_key: {
    schema: text('`api_key`'),
  },
  history_source: {
    schema: text('`history_source`'),
  },
  history_merge_target: {
    schema: text('`history_merge_target`'),
  },
  max_parallel: {
    schema: int('`max_parallel`'),
    integer: true,
  },
  child_timeout_sec: {
    schema: num('`child_timeout_sec`'),
  },
  max_display_instances: {
    schema: int('`max_display_instances`'),
    integer: true,
  },
  function_tools: {
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
    schema: v.unknown(),
  },
  lifecycle_hooks: {
    schema: v.pipe(
      mapping('`lifecycle_hooks`'),
      expressedAs(
        v.check<Record<string, unknown>, string>(
          (o) =>
            Object.keys(o).every((k) => (LIFECYCLE_HOOK_POINTS as readonly string[]).includes(k)),
          `\`lifecycle_hooks\` keys must be ${LIFECYCLE_HOOK_POINTS.join(' or ')}`,
        ),
        { propertyNames: { enum: [...LIFECYCLE_HOOK_POINTS] } },
      ),
    ),
  },
  commands: {
    schema: mapping('`commands`'),
  },
  trim_tool_history: {
    schema: bool('`trim_tool_history`'),
  },
  tool_input_schema: {
    schema: v.pipe(
      mapping('`tool_input_schema`'),
      expressedAs(
        v.check<Record<string, unknown>, string>(
          (o) => o['type'] === 'object',
          '`tool_input_schema` must have `type: object`',
        ),
        { properties: { type: { const: 'object' } }, required: ['type'] },
      ),
    ),
  },
  messages: {
    schema: v.union(
      [nonEmpty('`messages`'), v.array(nonEmpty('each `messages` entry'))],
      '`messages` must be a path or a list of paths',
    ),
  },
  shell: { schema: bool('`shell`') },
  cwd: { schema: text('`cwd`') },
  variables: {
    schema: mapping('`variables`'),
  },
  history_mode: {
    schema: text('`history_mode`'),
  },
  // workflows
  sequence: { schema: names('`sequence`') },
  cumulative: {
    schema: bool('`cumulative`'),
  },
  fan_out: { schema: names('`fan_out`') },
  fan_in: {
    schema: nonEmpty('`fan_in`'),
  },
  include_request: {
    schema: bool('`include_request`'),
  },
  generator: { schema: nonEmpty('`generator`') },
  evaluator: { schema: nonEmpty('`evaluator`') },
  min_rating: {
    schema: v.picklist(
      ['EXCELLENT', 'GOOD', 'FAIR', 'POOR'],
      '`min_rating` must be EXCELLENT, GOOD, FAIR or POOR',
    ),
  },
  max_refinements: {
    schema: nonNegativeInt('`max_refinements`'),
    integer: true,
  },
  refinement_instruction: {
    schema: text('`refinement_instruction`'),
  },
  plan_type: {
    schema: v.picklist(['full', 'iterative'], '`plan_type` must be full or iterative'),
  },
  plan_iterations: {
    schema: int('`plan_iterations`'),
    integer: true,
  },
  worker: { schema: nonEmpty('`worker`') },
  k: {
    schema: v.pipe(
      v.number('`k` must be an integer'),
      v.integer('`k` must be an integer'),
      v.minValue(1, '`k` must be at least 1'),
    ),
    integer: true,
  },
  max_samples: {
    schema: v.pipe(int('`max_samples`'), v.minValue(1, '`max_samples` must be at least 1')),
    integer: true,
  },
  match_strategy: {
    schema: text('`match_strategy`'),
  },
  red_flag_max_length: {
    schema: v.pipe(
      int('`red_flag_max_length`'),
      v.minValue(1, '`red_flag_max_length` must be at least 1'),
    ),
    integer: true,
  },
  // a2a (fast-agent only)
  url: { schema: nonEmpty('`url`') },
  transport: { schema: text('`transport`') },
  streaming: { schema: bool('`streaming`') },
  polling: { schema: bool('`polling`') },
  accepted_output_modes: {
    schema: stringList('`accepted_output_modes`'),
  },
  headers: { schema: mapping('`headers`') },
  auth: { schema: v.unknown() },
  relative_card_path: {
    schema: text('`relative_card_path`'),
  },
  request_timeout_seconds: {
    schema: num('`request_timeout_seconds`'),
  },
};

/** The value rules of a known field, or undefined. */
export function fieldSpec(field: string): FieldSpec | undefined {
  return Object.hasOwn(FIELDS, field) ? FIELDS[field] : undefined;
}
