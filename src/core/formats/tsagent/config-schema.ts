/**
 * What a TsAgent definition accepts, as valibot schemas transcribed from TsAgent's Zod schemas: the
 * directory format's `tsagent.json` (`@tsagent/core` 1.2.13, settings are strings) and the single YAML file
 * (1.3.x, settings are numbers; `systemPrompt`, `rules` and `references` inline). Issues carry a path into
 * the value, which `checkSchema` maps onto the located tree. `mcpServers` and tool `parameters` are checked
 * by their own modules (their rules depend on other fields).
 */
import * as v from 'valibot';

/** The two shapes of a TsAgent definition. */
export type TsAgentShape = 'folder' | 'yaml';

const isMapping = (x: unknown): boolean => typeof x === 'object' && x !== null && !Array.isArray(x);
const plain = <T extends v.GenericSchema<Record<string, unknown>>>(schema: T, what: string) =>
  v.pipe(v.custom<Record<string, unknown>>(isMapping, `${what} must be a mapping`), schema);
const text = (what: string) => v.string(`${what} must be a string`);
const nonEmpty = (what: string) =>
  v.pipe(
    v.string(`${what} must be a non-empty string`),
    v.minLength(1, `${what} must be a non-empty string`),
  );
const strings = (what: string) => v.array(text(`each entry of ${what}`), `${what} must be a list`);

/** The values of `settings.toolPermission` (session tool permission). */
export const TOOL_PERMISSIONS = ['always', 'never', 'tool'] as const;
/** The values of `include` (rules, references, tool include modes). */
export const INCLUDE_MODES = ['always', 'manual', 'agent'] as const;

/** Settings TsAgent reads as numbers (strings holding numbers in the directory format). */
export const NUMERIC_SETTINGS = [
  'maxChatTurns',
  'maxOutputTokens',
  'temperature',
  'topP',
  'contextTopK',
  'contextTopN',
  'contextIncludeScore',
] as const;

/** Every setting key TsAgent itself reads, per shape (others are kept but never used). */
export const KNOWN_SETTINGS: Record<TsAgentShape, readonly string[]> = {
  folder: [...NUMERIC_SETTINGS, 'theme', 'systemPath', 'mostRecentModel', 'toolPermission'],
  yaml: [...NUMERIC_SETTINGS, 'theme', 'systemPath', 'model', 'toolPermission'],
};

const skill = plain(
  v.object({
    id: nonEmpty('A skill `id`'),
    name: nonEmpty('A skill `name`'),
    description: text('A skill `description`'),
    tags: strings('A skill’s `tags`'),
    examples: v.optional(strings('A skill’s `examples`')),
  }),
  'Each skill',
);

const tool = plain(
  v.object({
    name: nonEmpty('A tool `name`'),
    description: text('A tool `description`'),
    parameters: v.unknown(),
    prompt: text('A tool `prompt`'),
  }),
  'Each tool',
);

const metadataEntries = {
  name: nonEmpty('`metadata.name`'),
  version: v.optional(text('`metadata.version`')),
  description: v.optional(text('`metadata.description`')),
  iconUrl: v.optional(text('`metadata.iconUrl`')),
  documentationUrl: v.optional(text('`metadata.documentationUrl`')),
  provider: v.optional(
    plain(
      v.object({
        organization: text('`provider.organization`'),
        url: text('`provider.url`'),
      }),
      '`metadata.provider`',
    ),
  ),
  skills: v.optional(v.array(skill, '`metadata.skills` must be a list')),
  tools: v.optional(v.array(tool, '`metadata.tools` must be a list')),
  created: text('`metadata.created`'),
  lastAccessed: text('`metadata.lastAccessed`'),
};

/** The keys of `metadata`, per shape. */
export const METADATA_KEYS: Record<TsAgentShape, readonly string[]> = {
  folder: Object.keys(metadataEntries),
  yaml: [...Object.keys(metadataEntries), 'autonomous'],
};

const providerConfig = plain(
  v.record(v.string(), text('A provider setting')),
  'A provider’s configuration',
);

const folderSettings = plain(
  v.record(v.string(), text('A setting (the directory format stores every setting as a string)')),
  '`settings`',
);

const yamlSettings = plain(
  v.looseObject(
    Object.fromEntries([
      ...NUMERIC_SETTINGS.map((key) => [key, v.optional(v.number(`'${key}' must be a number`))]),
      ...['theme', 'systemPath', 'model'].map((key) => [key, v.optional(text(`'${key}'`))]),
    ]),
  ),
  '`settings`',
);

const contextItem = (what: string) =>
  plain(
    v.object({
      name: nonEmpty(`A ${what} \`name\``),
      description: v.optional(text(`A ${what} \`description\``)),
      priorityLevel: v.optional(
        v.pipe(
          v.number(`A ${what} \`priorityLevel\` must be a number`),
          v.integer(`A ${what} \`priorityLevel\` must be an integer`),
          v.minValue(0, 'Priority level must be between 0 and 999'),
          v.maxValue(999, 'Priority level must be between 0 and 999'),
        ),
      ),
      text: nonEmpty(`A ${what} \`text\``),
      include: v.optional(
        v.picklist(INCLUDE_MODES, `\`include\` must be one of: ${INCLUDE_MODES.join(', ')}`),
      ),
      embeddings: v.optional(
        v.array(v.array(v.number()), '`embeddings` must be a list of number lists'),
      ),
      hash: v.optional(text('`hash`')),
    }),
    `Each ${what}`,
  );

/** The keys of a rule or reference of the YAML file. */
export const CONTEXT_ITEM_KEYS = [
  'name',
  'description',
  'priorityLevel',
  'text',
  'include',
  'embeddings',
  'hash',
] as const;

/** The top-level keys, per shape. */
export const ROOT_KEYS: Record<TsAgentShape, readonly string[]> = {
  folder: ['metadata', 'settings', 'providers', 'mcpServers', 'supervisors'],
  yaml: [
    'metadata',
    'settings',
    'systemPrompt',
    'rules',
    'references',
    'providers',
    'mcpServers',
    'supervisors',
  ],
};

/** The schema of a whole definition of `shape` (`mcpServers` values and tool `parameters` not included). */
export function definitionSchema(shape: TsAgentShape): v.GenericSchema {
  const metadata = plain(
    v.object(
      shape === 'yaml'
        ? {
            ...metadataEntries,
            autonomous: v.optional(v.boolean('`metadata.autonomous` must be true or false')),
          }
        : metadataEntries,
    ),
    '`metadata`',
  );
  const common = {
    metadata,
    settings: shape === 'yaml' ? yamlSettings : folderSettings,
    providers: v.optional(plain(v.record(v.string(), providerConfig), '`providers`')),
    mcpServers: v.optional(plain(v.record(v.string(), v.unknown()), '`mcpServers`')),
    supervisors: v.optional(v.array(v.unknown(), '`supervisors` must be a list')),
  };
  const root =
    shape === 'yaml'
      ? v.object({
          ...common,
          systemPrompt: v.optional(text('`systemPrompt`')),
          rules: v.optional(v.array(contextItem('rule'), '`rules` must be a list')),
          references: v.optional(v.array(contextItem('reference'), '`references` must be a list')),
        })
      : v.object(common);
  return v.pipe(
    v.custom<Record<string, unknown>>(isMapping, 'The agent definition must be a mapping'),
    root,
  );
}

/** The schema of `settings.toolPermission` (checked on its own, whatever the shape). */
export const toolPermissionSchema = v.picklist(
  TOOL_PERMISSIONS,
  `\`toolPermission\` must be one of: ${TOOL_PERMISSIONS.join(', ')}`,
);
