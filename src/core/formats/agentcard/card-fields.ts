import type { CardType, Profile } from '../../model/agent-types.ts';

// Which types allow each field of a card. Kept apart from the value schemas (field-specs.ts) so the editor's
// hover and completion do not pull the validator into the page, and from what each field means
// (field-docs.ts) so the checker does not carry the descriptions.

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

/** Fields whose explicit `null` fast-agent rejects (elsewhere `null` means "not set"). */
export const NULL_REJECTED_FIELDS: ReadonlySet<string> = new Set([
  'subagents',
  'subagent_model',
  'type',
]);

/**
 * Every field name any type knows (for "did you mean" across types), in the order the type rules name them;
 * `FIELD_DOCS` describes each of them (a test keeps the two sets equal).
 */
export const ALL_FIELDS: readonly string[] = [
  ...new Set([
    ...Object.values(TYPE_RULES).flatMap((rules) => rules.allowed),
    ...Object.values(RFC_ONLY_FIELDS).flat(),
  ]),
];
