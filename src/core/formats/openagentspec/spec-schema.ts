/**
 * The valibot schema of an OpenAgentSpec agent (`kind: openagentspec:v1/agent`), with a description of every
 * field: the one source of the checker (`validate-spec.ts` parses with it and points each issue at its
 * node), the published JSON Schema, hover and completion. Null reads as "not set" wherever the checker
 * reads it so (`capabilities: ` with no value, an empty capability, a restriction's `assertion: null`).
 * CEL syntax and the identifiers it reads are not here (`check-cel.ts`), nor the checks without a schema
 * form (`spec-checks.ts`).
 */
import * as v from 'valibot';
import { AGENT_KIND } from './detect-spec.ts';
import { MAX_NAME_LENGTH } from './names.ts';

/** An RFC 1123 DNS subdomain (without its length limit), the seed spec's rule for tool and agent names. */
const SUBDOMAIN = '[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?';
const HOST_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const HOST = `${HOST_LABEL}(?:\\.${HOST_LABEL})*(?::[0-9]{1,5})?`;

/** A capability key: `name`, `oagent://name` or `oagent://host[/path]/name` (see `readReference`). */
export const REFERENCE_PATTERN = new RegExp(
  `^(?:${SUBDOMAIN}|oagent://${SUBDOMAIN}|oagent://${HOST}(?:/[^/]+)*/${SUBDOMAIN})$`,
);

const isMapping = (x: unknown): boolean => typeof x === 'object' && x !== null && !Array.isArray(x);
/** A mapping: valibot's objects and records also take lists, YAML's do not (no JSON Schema form needed). */
const mapping = <T extends v.GenericSchema<Record<string, unknown>>>(schema: T) =>
  v.pipe(v.custom<Record<string, unknown>>(isMapping), schema);

const described = <T extends v.GenericSchema>(schema: T, description: string) =>
  v.pipe(schema, v.description(description));
const nonEmpty = (description: string) =>
  v.pipe(v.string(), v.regex(/\S/), v.description(description));
const name = (description: string) =>
  v.pipe(
    v.string(),
    v.regex(new RegExp(`^${SUBDOMAIN}$`)),
    v.maxLength(MAX_NAME_LENGTH),
    v.description(description),
  );
/** A field the checker reads as "not set" when absent or null. */
const unset = <T extends v.GenericSchema>(schema: T) => v.optional(v.nullable(schema));

const restriction = (side: 'input' | 'output') =>
  described(
    mapping(
      v.strictObject({
        require_review: unset(
          described(
            v.string(),
            `Who must review the ${side} before it ${side === 'input' ? 'reaches' : 'leaves'} the tool or agent (a role or a group).`,
          ),
        ),
        assertion: unset(
          described(
            v.string(),
            `A CEL expression over the Engagement object (\`started_at\`, \`user\`, \`recent\`, \`history\`); the call is refused when it is false.`,
          ),
        ),
      }),
    ),
    `A restriction on the ${side} of the capability: a review, an assertion or both (with neither it restricts nothing).`,
  );

const capability = described(
  mapping(
    v.strictObject({
      collect_results: unset(
        described(
          v.boolean(),
          'Whether the results of the calls are kept for the agent (default true).',
        ),
      ),
      user_identity: unset(
        described(v.boolean(), "Whether calls carry the engaging user's identity (default true)."),
      ),
      static_identity: unset(
        described(v.string(), 'A fixed identity the calls are made with, instead of the user.'),
      ),
      input_restriction: unset(restriction('input')),
      output_restriction: unset(restriction('output')),
    }),
  ),
  'How the agent may use this tool or agent; empty for the defaults.',
);

const guardrail = (side: 'input' | 'output') =>
  described(
    mapping(
      v.strictObject({
        tool_name: name(
          `The tool invoked on the ${side} of every engagement (an RFC 1123 DNS subdomain name).`,
        ),
        assertion: nonEmpty(
          "A CEL expression over the tool's output (its first and only input); the engagement is refused when it is false.",
        ),
      }),
    ),
    `The guardrail on the agent's ${side}: a tool to run and an assertion on its output.`,
  );

/** The schema of an OpenAgentSpec agent file. */
export const specSchema = v.pipe(
  v.strictObject({
    kind: described(v.literal(AGENT_KIND), `The kind of the file: exactly \`${AGENT_KIND}\`.`),
    name: name(
      'The name of the agent: an RFC 1123 DNS subdomain (lowercase letters, digits, `-` and `.`, at most 253 characters).',
    ),
    description: nonEmpty('What the agent does, for people and for other agents.'),
    intent: nonEmpty('What the agent is for: the goal it pursues in an engagement.'),
    owner: nonEmpty('Who is responsible for the agent (a person, a team or an address).'),
    capabilities: described(
      v.nullable(
        mapping(v.record(v.pipe(v.string(), v.regex(REFERENCE_PATTERN)), v.nullable(capability))),
      ),
      'The tools and agents the agent may use, by reference: `name`, `oagent://name` (a local agent) or `oagent://host[/path]/name` (a remote agent), each with its settings.',
    ),
    guardrails: unset(
      described(
        mapping(
          v.strictObject({
            input: unset(guardrail('input')),
            output: unset(guardrail('output')),
          }),
        ),
        'Tools run on every input and output of the agent, with an assertion on their result.',
      ),
    ),
    exposes: unset(
      described(
        mapping(
          v.record(
            v.string(),
            nonEmpty(
              'A CEL selection over the Engagement object whose value is exposed under this name.',
            ),
          ),
        ),
        'Values the agent exposes to the agents that engage it, each a CEL selection.',
      ),
    ),
    lifespan: unset(
      described(
        mapping(
          v.strictObject({
            retain_memory: unset(
              described(
                v.boolean(),
                'Whether the agent keeps its memory between engagements (default true).',
              ),
            ),
            short_circuit: unset(
              described(
                v.pipe(v.number(), v.integer(), v.minValue(1)),
                'The longest run of repeated tool calls before the engagement is stopped (a positive integer).',
              ),
            ),
          }),
        ),
        'How long the agent lives and what it keeps.',
      ),
    ),
  }),
  v.title('OpenAgentSpec agent'),
  v.description('An OpenAgentSpec agent (`kind: openagentspec:v1/agent`).'),
);
