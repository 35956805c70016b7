// What each field of a card means, for hover, completion, the JSON Schemas and the Reference. Kept apart from
// the type rules (card-fields.ts) so the checker, which needs only the field names, does not carry the texts.

import { LIFECYCLE_HOOK_POINTS } from './card-fields.ts';

/** What each card field means, for hover and completion. */
export const FIELD_DOCS: Record<string, string> = {
  type: 'The card type: agent, chain, parallel, evaluator_optimizer, router, orchestrator, iterative_planner or MAKER.',
  name: 'The agent name, unique in the load-set. Defaults to the file name for single-card files; spaces become `_`.',
  instruction:
    'The system instruction. May also come from the body; the RFC joins both (attribute first).',
  description: 'A one-line description of what the agent does (shown when it is used as a tool).',
  default: 'Whether this is the default agent of the application.',
  tool_only: 'Expose the agent only as a tool of other agents, never directly.',
  schema_version: 'The card schema version, an integer; 1 when omitted.',
  subagents: 'Let the agent spawn sub-agents.',
  subagent_model: 'The model sub-agents use.',
  harness_tools: 'Give the agent the harness tools (not on tool-only agents).',
  agents: 'Child agents this agent (or workflow) can call, by name.',
  servers:
    'MCP servers, by name from fastagent.config.yaml (the RFC also allows `- name: {inline config}`).',
  tools: 'Tool filters: a mapping of server name to a list of tool names or patterns.',
  resources: 'Resource filters: a mapping of server name to a list of resource URIs or patterns.',
  prompts: 'Prompt filters: a mapping of server name to a list of prompt names.',
  mcp_connect:
    'MCP servers to connect to at run time: a list, or a mapping of name to entry, each with a `target`.',
  skills: 'Agent Skills folders (a path or a list of paths).',
  model: 'The model to use, e.g. `sonnet` or `openai.gpt-4.1`.',
  use_history: 'Keep the conversation history between turns.',
  save_trajectory: 'Save the agent trajectory (requires `use_history: false`).',
  request_params: 'Default request parameters (`maxTokens`, `temperature`, `max_iterations`, …).',
  human_input: 'Let the agent ask the user for input.',
  api_key: 'The API key for the model provider (prefer an environment variable).',
  history_source: 'Agents-as-tools: where a child takes its history from.',
  history_merge_target: "Agents-as-tools: where a child's history is merged back.",
  max_parallel: 'Agents-as-tools: most child calls at once.',
  child_timeout_sec: 'Agents-as-tools: seconds a child call may take.',
  max_display_instances: 'Agents-as-tools: most child instances shown.',
  function_tools:
    'Python functions exposed as tools: `tools.py:fn` (file form) or `pkg.mod:fn` (module form).',
  tool_hooks: 'Python hooks around tool and LLM calls: a mapping of hook point to a reference.',
  lifecycle_hooks: `Python hooks at agent start and shutdown: a mapping of ${LIFECYCLE_HOOK_POINTS.join(' or ')} to a reference.`,
  commands:
    'Slash commands: a mapping of command name to `{description, handler, input_hint, key}`.',
  trim_tool_history: 'Drop tool call details from the history after each turn.',
  tool_input_schema:
    'The JSON Schema (type object) of the input when this agent is used as a tool.',
  messages: 'History files to preload, relative to the card: a path or a list of paths.',
  shell: 'Give the agent a shell tool.',
  cwd: "The shell's working folder.",
  variables: 'Template variables for the instruction (`{{name}}`).',
  history_mode: 'History handling of child agents (RFC draft; removed from fast-agent).',
  sequence: 'The agents of the chain, run in order.',
  cumulative: 'Pass every earlier result along the chain, not only the last.',
  fan_out: 'The agents that run in parallel.',
  fan_in: 'The agent that combines the parallel results.',
  include_request: 'Give the fan-in agent the original request too.',
  generator: 'The agent that produces content.',
  evaluator: 'The agent that rates the content.',
  min_rating: 'The rating to reach: EXCELLENT, GOOD, FAIR or POOR.',
  max_refinements: 'Most refinement rounds.',
  refinement_instruction: 'Extra instruction for each refinement.',
  plan_type: 'Orchestrator planning: `full` or `iterative`.',
  plan_iterations: 'Most planning iterations.',
  worker: 'The agent whose answers MAKER votes on.',
  k: 'MAKER: votes ahead needed to win.',
  max_samples: 'MAKER: most samples drawn.',
  match_strategy: 'MAKER: how answers are compared (e.g. exact, normalized).',
  red_flag_max_length: 'MAKER: answers longer than this are discarded.',
  url: 'The remote A2A agent URL.',
  transport: 'The A2A transport.',
  streaming: 'Use streaming.',
  polling: 'Use polling.',
  accepted_output_modes: 'Accepted output MIME types.',
  headers: 'HTTP headers for the remote agent.',
  auth: 'Authentication for the remote agent.',
  relative_card_path: 'Path of the remote agent card.',
  request_timeout_seconds: 'Request timeout in seconds.',
};

/** The description of a known field, or undefined. */
export function fieldDescription(field: string): string | undefined {
  return Object.hasOwn(FIELD_DOCS, field) ? FIELD_DOCS[field] : undefined;
}
