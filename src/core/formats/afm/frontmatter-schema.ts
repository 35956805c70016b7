/**
 * The valibot schema of an AFM frontmatter in the current shape (the one the reference implementation,
 * afm-core, reads: `interfaces[]`, `tools.mcp[]` with `http | stdio` transports, `icon_url`, `skills`, and the
 * newer `platformchat` interface), with a description of every field. The checker validates a
 * current-shape frontmatter with it (its issues worded by `frontmatter-issues.ts`);
 * the rules with no schema form (warnings such as a `version` that is not semantic, unique server names,
 * platformchat modes, literal secrets, signature JSON Schemas) are the named checks of
 * `frontmatter-checks.ts`. The JSON Schema (`json-schema.ts`) is generated from it. Null reads as "not set"
 * wherever the checker reads it so. `draftFrontmatterSchema` describes the spec text's draft shape with the
 * same pieces where the shapes agree (authentication, signature, `tool_filter`); the checker validates a
 * draft-shape file with it (its issues worded by `draft-issues.ts`, its migration warnings the named checks
 * of `draft-checks.ts`). Entries are in the order the checker lists allowed keys.
 */
import * as v from 'valibot';
import { expressedAs } from '../../schemas/json-schema-forms.ts';

const described = <T extends v.GenericSchema>(schema: T, description: string) =>
  v.pipe(schema, v.description(description));
const text = (description: string) => described(v.string(), description);
const nonBlank = (description: string) =>
  v.pipe(v.string(), v.regex(/\S/), v.description(description));
const strings = (description: string) => described(v.array(v.string()), description);
const isMapping = (x: unknown): boolean => typeof x === 'object' && x !== null && !Array.isArray(x);
/** A mapping: valibot's objects also take lists, YAML's do not (no JSON Schema form needed). */
const mapping = <T extends v.GenericSchema<Record<string, unknown>>>(schema: T) =>
  v.pipe(v.custom<Record<string, unknown>>(isMapping), schema);
/** A field the checks read as "not set" when absent or null. */
const unset = <T extends v.GenericSchema>(schema: T) => v.optional(v.nullable(schema));
const count = (description: string) =>
  described(v.pipe(v.number(), v.integer(), v.minValue(0)), description);

/** What each authentication type needs (the reference implementation's rules, the type case-insensitive). */
export const AUTH_NEEDS: ReadonlyArray<readonly [type: string, fields: readonly string[]]> = [
  ['bearer', ['token']],
  ['basic', ['username', 'password']],
  ['api-key', ['api_key']],
];
/** Credential fields of an authentication object: strings when given (ideally `${env:…}` variables). */
const CREDENTIALS = [
  'token',
  'password',
  'api_key',
  'key',
  'secret',
  'client_secret',
  'signing_secret',
  'access_token',
  'refresh_token',
  'bot_token',
] as const;

/** A pattern matching `word` (letters and `-`) in any letter case (JSON Schema patterns have no `i` flag). */
function anyCase(word: string): string {
  const letters = [...word].map((ch) => (/[a-z]/.test(ch) ? `[${ch}${ch.toUpperCase()}]` : ch));
  return `^${letters.join('')}$`;
}

const authenticationFields = v.looseObject({
  type: text(
    'The authentication scheme: `bearer` (needs `token`), `basic` (needs `username` and `password`), `api-key` (needs `api_key`), `oauth2`, … (any letter case).',
  ),
  username: unset(text('The user name of `basic` authentication.')),
  ...Object.fromEntries(
    CREDENTIALS.map((field) => [
      field,
      unset(text('A credential: write a variable such as `${env:NAME}`, not the secret itself.')),
    ]),
  ),
});

/**
 * What the type needs, checked once `type` is a string whatever the other fields hold (a partial check);
 * a field counts as given when it is neither absent nor null.
 */
const authNeeds = AUTH_NEEDS.map(([type, fields]) =>
  expressedAs(
    v.partialCheck<Record<string, unknown>, [['type']], Record<string, unknown>, string>(
      [['type']],
      (auth) =>
        typeof auth['type'] !== 'string' ||
        auth['type'].toLowerCase() !== type ||
        fields.every((f) => auth[f] !== undefined && auth[f] !== null),
      `Authentication type '${type}' requires ${fields.map((f) => `'${f}'`).join(' and ')}`,
    ),
    {
      if: { properties: { type: { type: 'string', pattern: anyCase(type) } }, required: ['type'] },
      then: {
        required: [...fields],
        properties: Object.fromEntries(fields.map((f) => [f, { type: 'string' }])),
      },
    },
  ),
);

const authentication = described(
  v.pipe(v.custom<Record<string, unknown>>(isMapping), authenticationFields, ...authNeeds),
  'How to authenticate: `type` and the fields it needs; other fields are free (the object is open).',
);

const signature = described(
  mapping(
    v.strictObject({
      input: unset(
        described(
          mapping(v.record(v.string(), v.unknown())),
          'A JSON Schema of what the agent takes (default: a string).',
        ),
      ),
      output: unset(
        described(
          mapping(v.record(v.string(), v.unknown())),
          'A JSON Schema of what the agent returns (default: a string).',
        ),
      ),
    }),
  ),
  'The JSON Schemas of the input and output (default: string in, string out).',
);

const exposure = described(
  mapping(
    v.strictObject({
      http: unset(
        described(
          mapping(
            v.strictObject({
              path: text('The HTTP path of the endpoint, starting with `/` (e.g. `/chat`).'),
            }),
          ),
          'The HTTP endpoint.',
        ),
      ),
    }),
  ),
  'Where the interface is served.',
);

const prompt = text(
  'The prompt built from each incoming request; `${http:payload.…}` and `${http:header.…}` variables read the request.',
);

const subscription = described(
  mapping(
    v.strictObject({
      protocol: text('The subscription protocol (the reference implementation supports `websub`).'),
      hub: unset(text('The WebSub hub URL.')),
      topic: unset(text('The topic URL subscribed to.')),
      callback: unset(text('The callback URL the hub delivers to.')),
      secret: unset(text('The secret that signs deliveries (write a `${env:…}` variable).')),
      authentication: unset(authentication),
    }),
  ),
  'The subscription a webhook receives events through.',
);

const interfaceTypes = {
  consolechat: described(
    v.strictObject({
      type: described(v.literal('consolechat'), 'A chat in the terminal.'),
      signature: unset(signature),
    }),
    'A chat in the terminal (the default interface).',
  ),
  webchat: described(
    v.strictObject({
      type: described(v.literal('webchat'), 'A chat over HTTP.'),
      signature: unset(signature),
      exposure: unset(exposure),
    }),
    'A chat over HTTP (default path `/chat`).',
  ),
  webhook: described(
    v.strictObject({
      type: described(v.literal('webhook'), 'An agent run by incoming events.'),
      prompt: unset(prompt),
      signature: unset(signature),
      exposure: unset(exposure),
      subscription: unset(subscription),
    }),
    'An agent run by incoming events (default path `/webhook`); the reference implementation requires a `subscription`.',
  ),
  platformchat: described(
    v.strictObject({
      type: described(v.literal('platformchat'), 'A chat on a messaging platform (spec 0.4.0).'),
      platform: text('The messaging platform (e.g. `slack`).'),
      mode: described(
        v.picklist(['notification', 'request', 'polling']),
        'How messages arrive: `notification` and `request` (pushed to the agent; only `request` replies synchronously) or `polling`.',
      ),
      platform_config: unset(
        described(
          mapping(v.record(v.string(), v.unknown())),
          'Settings of the platform (tokens as `${env:…}` variables).',
        ),
      ),
      prompt: unset(prompt),
      signature: unset(signature),
      exposure: unset(exposure),
      polling: unset(
        described(
          mapping(
            v.strictObject({
              interval: unset(count('Seconds between polls.')),
              timeout: unset(count('Seconds before a poll gives up.')),
            }),
          ),
          'Polling settings (mode `polling` only).',
        ),
      ),
      authentication: unset(authentication),
    }),
    'A chat on a messaging platform (spec 0.4.0; afm-core @cec1ace5 rejects it). `signature.output` only in mode `request`, `exposure` not in mode `polling`, `polling` and `authentication` only in mode `polling`.',
  ),
};

const transport = mapping(
  v.variant('type', [
    described(
      v.strictObject({
        type: described(v.literal('http'), 'Streamable HTTP.'),
        url: nonBlank('The URL of the MCP server.'),
        authentication: unset(authentication),
      }),
      'An MCP server over HTTP.',
    ),
    described(
      v.strictObject({
        type: described(v.literal('stdio'), 'A local process.'),
        command: nonBlank('The program to run (no shell: arguments go in `args`).'),
        args: unset(strings('The arguments of the program.')),
        env: unset(
          described(
            mapping(v.record(v.string(), v.string())),
            'Environment variables of the process (secrets as `${env:…}` variables).',
          ),
        ),
      }),
      'An MCP server run as a local process.',
    ),
  ]),
);

/** `tool_filter` of an MCP server (both shapes write it alike: both schemas hold this one). */
export const toolFilterSchema = unset(
  described(
    mapping(
      v.strictObject({
        allow: unset(strings('The only tools offered (names).')),
        deny: unset(strings('Tools never offered (names).')),
      }),
    ),
    'Which of the server’s tools the agent gets.',
  ),
);

/** The fields of `model` that both shapes write (the current shape adds `provider`). */
const modelName = unset(text('The model name (e.g. `gpt-4o`).'));
const modelUrl = unset(text('The URL of the model endpoint.'));
/** `max_iterations` (both shapes; the checks warn below 1 and want an integer literal). */
const maxIterations = unset(
  described(
    v.pipe(v.number(), v.integer()),
    'The most reasoning and tool-call iterations per request (an integer, at least 1).',
  ),
);
/** The agent details every shape writes alike, in the order the checker lists them. */
const commonDetails = {
  spec_version: unset(text('The AFM version the file is written for (`0.3.0`, `0.4.0`).')),
  name: unset(nonBlank('The name of the agent (default: the file name without `.afm.md`).')),
  description: unset(text('What the agent does.')),
  version: unset(text('The version of the agent, MAJOR.MINOR.PATCH.')),
  author: unset(text('The author.')),
  authors: unset(strings('The authors.')),
  license: unset(text('The license of the agent (an SPDX identifier).')),
};

const mcpServer = described(
  mapping(
    v.strictObject({
      name: nonBlank('The name of the server, unique among the servers.'),
      transport: described(transport, 'How to reach the server: `http` or `stdio`.'),
      tool_filter: toolFilterSchema,
    }),
  ),
  'An MCP server whose tools the agent uses.',
);

/** `skills`: where the agent's Agent Skills are. */
export const skillsSchema = unset(
  described(
    v.array(
      v.nullable(
        described(
          mapping(
            v.strictObject({
              type: described(v.literal('local'), 'Where the skills are: `local`.'),
              path: text('A folder holding `SKILL.md` files (relative to the AFM file).'),
            }),
          ),
          'A source of Agent Skills.',
        ),
      ),
    ),
    'Where the agent’s Agent Skills are.',
  ),
);

/** The schema of an AFM frontmatter in the current shape. */
export const frontmatterSchema = v.pipe(
  v.strictObject({
    ...commonDetails,
    model: unset(
      described(
        mapping(
          v.strictObject({
            name: modelName,
            provider: unset(text('The model provider (e.g. `openai`, `anthropic`).')),
            url: modelUrl,
            authentication: unset(authentication),
          }),
        ),
        'The language model the agent runs on.',
      ),
    ),
    max_iterations: maxIterations,
    tools: unset(
      described(
        mapping(
          v.strictObject({
            mcp: unset(described(v.array(mcpServer), 'The MCP servers of the agent.')),
          }),
        ),
        'The tools of the agent.',
      ),
    ),

    icon_url: unset(text('The URL of an icon for the agent.')),
    provider: unset(
      described(
        mapping(
          v.strictObject({
            name: unset(text('The organization that provides the agent.')),
            url: unset(text("The provider's URL.")),
          }),
        ),
        'Who provides the agent.',
      ),
    ),
    interfaces: unset(
      described(
        v.array(v.nullable(mapping(v.variant('type', Object.values(interfaceTypes))))),
        'How the agent is reached: `consolechat`, `webchat`, `webhook` or `platformchat`, each at most once (default: one `consolechat`).',
      ),
    ),
    skills: skillsSchema,
  }),
  v.title('AFM frontmatter'),
  v.description('The frontmatter of an AFM (Agent Flavored Markdown) file, current shape.'),
);

/**
 * A draft-shape MCP transport: `streamable_http` and `http_sse` with a `url`, `stdio` with a `command` line
 * (the checks warn how each migrates to the current shape).
 */
const draftTransport = mapping(
  v.variant('type', [
    ...(['http_sse', 'streamable_http'] as const).map((type) =>
      described(
        v.strictObject({
          type: described(v.literal(type), `An MCP server over HTTP (${type}).`),
          url: nonBlank('The URL of the MCP server.'),
        }),
        'An MCP server over HTTP.',
      ),
    ),
    described(
      v.strictObject({
        type: described(v.literal('stdio'), 'A local process.'),
        command: nonBlank('The command line that runs the server.'),
      }),
      'An MCP server run as a local process.',
    ),
  ]),
);

const draftServer = described(
  mapping(
    v.strictObject({
      name: nonBlank('The name of the server, unique among the servers.'),
      transport: described(
        draftTransport,
        'How to reach the server: `http_sse`, `streamable_http` or `stdio`.',
      ),
      authentication: unset(authentication),
      tool_filter: toolFilterSchema,
    }),
  ),
  'An MCP server whose tools the agent uses.',
);

const draftInterface = described(
  mapping(
    v.strictObject({
      type: described(
        v.picklist(['function', 'service', 'chat', 'webhook']),
        'How the agent is reached: `function`, `service`, `chat` or `webhook`.',
      ),
      signature: unset(signature),
      exposure: unset(
        described(
          mapping(
            v.strictObject({
              http: unset(
                described(
                  mapping(
                    v.strictObject({
                      path: text(
                        'The HTTP path of the endpoint, starting with `/` (e.g. `/chat`).',
                      ),
                      authentication: unset(authentication),
                    }),
                  ),
                  'The HTTP endpoint.',
                ),
              ),
            }),
          ),
          'Where the interface is served (service, chat and webhook).',
        ),
      ),
      subscription: unset(
        described(
          mapping(
            v.strictObject({
              protocol: text('The subscription protocol (e.g. `websub`).'),
              hub: text('The WebSub hub URL.'),
              topic: text('The topic URL subscribed to.'),
              callback: unset(text('The callback URL the hub delivers to.')),
              secret: unset(
                text('The secret that signs deliveries (write a `${env:…}` variable).'),
              ),
              authentication: unset(authentication),
            }),
          ),
          'The subscription a webhook receives events through.',
        ),
      ),
    }),
  ),
  'The one interface of the agent (draft shape; the current shape lists `interfaces`).',
);

/** The schema of an AFM frontmatter in the spec text's draft shape (the checker warns how to migrate). */
export const draftFrontmatterSchema = v.pipe(
  v.strictObject({
    ...commonDetails,
    model: unset(
      described(
        mapping(
          v.strictObject({ name: modelName, url: modelUrl, authentication: unset(authentication) }),
        ),
        'The language model the agent runs on.',
      ),
    ),
    max_iterations: maxIterations,
    tools: unset(
      described(
        mapping(
          v.strictObject({
            mcp: unset(
              described(
                mapping(
                  v.strictObject({
                    servers: described(v.array(draftServer), 'The MCP servers of the agent.'),
                  }),
                ),
                'The MCP servers of the agent, under `servers`.',
              ),
            ),
          }),
        ),
        'The tools of the agent.',
      ),
    ),
    namespace: unset(text('The namespace of the agent.')),
    iconUrl: unset(text('The URL of an icon for the agent.')),
    provider: unset(
      described(
        mapping(
          v.strictObject({
            organization: unset(text('The organization that provides the agent.')),
            url: unset(text("The provider's URL.")),
          }),
        ),
        'Who provides the agent.',
      ),
    ),
    interface: unset(draftInterface),
  }),
  v.title('AFM frontmatter (draft shape)'),
  v.description('The frontmatter of an AFM file in the spec text’s draft shape.'),
);
