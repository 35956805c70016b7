import type { CardType } from '../../model/agent-types.ts';

// The field tables only the playground's Reference reads: defaults, examples and a sentence per card type.
// Kept apart from card-fields.ts (descriptions, which types allow which field), which the page loads up
// front for hover and completion, so these tables load only with the Reference.

/**
 * What a card gets when it leaves a field out, in a few words, as `compileCard` fills it in (fast-agent's
 * defaults). Fields without an entry have no default: they are required, or simply not set.
 */
export const FIELD_DEFAULTS: Record<string, string> = {
  type: 'agent',
  name: 'the file name (single-card files)',
  instruction: "the body text; in the fast-agent profile fast-agent's built-in instruction",
  default: 'false',
  tool_only: 'false',
  schema_version: '1',
  harness_tools: 'false',
  servers: '[]',
  tools: '{}',
  resources: '{}',
  prompts: '{}',
  mcp_connect: '[]',
  use_history:
    'true for agent, chain, parallel, evaluator_optimizer, MAKER and a2a; false for router, orchestrator and iterative_planner',
  save_trajectory: 'false',
  human_input: 'false',
  shell: 'false',
  trim_tool_history: 'false',
  cumulative: 'false',
  include_request: 'true',
  min_rating: 'GOOD',
  max_refinements: '3',
  plan_type: 'full',
  plan_iterations: '5 for orchestrator; -1 (no limit) for iterative_planner',
  k: '3',
  max_samples: '50',
  match_strategy: 'exact',
};

/**
 * One example of each field as a card writes it (a line or a few of YAML). A test checks that each parses
 * and passes the field's own value schema (field-specs.ts).
 */
export const FIELD_EXAMPLES: Record<string, string> = {
  type: 'type: chain',
  name: 'name: researcher',
  instruction: 'instruction: You answer questions about the weather, briefly.',
  description: 'description: Finds sources and summarises them.',
  default: 'default: true',
  tool_only: 'tool_only: true',
  schema_version: 'schema_version: 1',
  subagents: 'subagents: true',
  subagent_model: 'subagent_model: haiku',
  harness_tools: 'harness_tools: true',
  agents: 'agents: [researcher, writer]',
  servers: 'servers: [fetch, filesystem]',
  tools: 'tools:\n  filesystem: [read_file, list_*]',
  resources: 'resources:\n  docs: ["resource://guides/*"]',
  prompts: 'prompts:\n  library: [summarise]',
  mcp_connect: 'mcp_connect:\n  - target: https://mcp.example.com/mcp\n    name: search',
  skills: 'skills: ./skills',
  model: 'model: sonnet',
  use_history: 'use_history: false',
  save_trajectory: 'save_trajectory: true',
  request_params: 'request_params:\n  maxTokens: 2048\n  temperature: 0.2',
  human_input: 'human_input: true',
  api_key: 'api_key: ${ANTHROPIC_API_KEY}',
  history_source: 'history_source: child',
  history_merge_target: 'history_merge_target: orchestrator',
  max_parallel: 'max_parallel: 4',
  child_timeout_sec: 'child_timeout_sec: 120',
  max_display_instances: 'max_display_instances: 10',
  function_tools: 'function_tools: [tools.py:get_weather]',
  tool_hooks: 'tool_hooks:\n  before_tool_call: hooks.py:log_call',
  lifecycle_hooks: 'lifecycle_hooks:\n  on_start: hooks.py:warm_up',
  commands:
    'commands:\n  summary:\n    description: Summarise the chat\n    handler: commands.py:summary',
  trim_tool_history: 'trim_tool_history: true',
  tool_input_schema: 'tool_input_schema:\n  type: object\n  properties:\n    city: {type: string}',
  messages: 'messages: history/intro.md',
  shell: 'shell: true',
  cwd: 'cwd: ./workspace',
  variables: 'variables:\n  tone: friendly',
  history_mode: 'history_mode: scratch',
  sequence: 'sequence: [researcher, writer, editor]',
  cumulative: 'cumulative: true',
  fan_out: 'fan_out: [translator_fr, translator_de]',
  fan_in: 'fan_in: aggregator',
  include_request: 'include_request: false',
  generator: 'generator: writer',
  evaluator: 'evaluator: critic',
  min_rating: 'min_rating: EXCELLENT',
  max_refinements: 'max_refinements: 2',
  refinement_instruction: 'refinement_instruction: Keep it under 200 words.',
  plan_type: 'plan_type: iterative',
  plan_iterations: 'plan_iterations: 3',
  worker: 'worker: classifier',
  k: 'k: 2',
  max_samples: 'max_samples: 20',
  match_strategy: 'match_strategy: normalized',
  red_flag_max_length: 'red_flag_max_length: 500',
  url: 'url: https://agents.example.com/travel',
  transport: 'transport: JSONRPC',
  streaming: 'streaming: true',
  polling: 'polling: false',
  accepted_output_modes: 'accepted_output_modes: [text/plain, application/json]',
  headers: 'headers:\n  X-Team: research',
  auth: 'auth:\n  token: ${A2A_TOKEN}',
  relative_card_path: 'relative_card_path: /.well-known/agent-card.json',
  request_timeout_seconds: 'request_timeout_seconds: 30',
};

/** What each card type is for, in one sentence. */
export const TYPE_DOCS: Record<CardType, string> = {
  agent: 'One LLM agent: an instruction, a model, MCP servers and tools.',
  chain: 'Runs agents one after another, each taking the previous result (`sequence`).',
  parallel:
    'Sends the request to several agents at once (`fan_out`) and optionally combines their answers (`fan_in`).',
  evaluator_optimizer:
    'A `generator` writes, an `evaluator` rates, and the loop refines until the rating reaches `min_rating`.',
  router: 'Picks the one agent of `agents` best suited to each request.',
  orchestrator: 'Plans a task and hands its steps to the agents of `agents`.',
  iterative_planner:
    'Plans one step at a time over the agents of `agents`, until the task is done.',
  MAKER: 'Asks a `worker` many times and votes on its answers until one leads by `k`.',
  a2a: 'A remote agent reached over the A2A protocol at `url` (fast-agent profile only).',
};
