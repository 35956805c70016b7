/**
 * The published JSON Schemas of a TsAgent definition, converted from the checker's own valibot schemas
 * (`config-schema.ts`): `tsagent.schema.json` for the directory format's `tsagent.json` (settings are
 * strings) and `tsagent-yaml.schema.json` for the single YAML file (settings are numbers; system prompt,
 * rules and references inline).
 */
import * as v from 'valibot';
import { publishSchema, type PublishedSchema } from '../../schemas/publish-schema.ts';
import type { SchemaFile, SchemaSet } from '../../schemas/schema-set.ts';
import { definitionSchema, toolPermissionSchema, type TsAgentShape } from './config-schema.ts';

/** The rules the checker enforces beyond the schemas (the YAML file's and `tsagent.json`'s alike). */
const CORE_ONLY_RULES = [
  '`mcpServers`: each server a mapping whose `type` (stdio, sse, streamable-http, internal) decides the fields it needs (`command`, `args`, `url`, …) and the tool permission settings of the shape',
  "A tool's `parameters` is a JSON Schema object, and its `prompt` uses only `{name}` and declared parameters",
  'Tool names unique (rule and reference names unique: a warning)',
  'Numeric settings of `tsagent.json` hold numbers (as strings, e.g. "0.5")',
  'The mode fields agree (tools and skills not both given, skills with `autonomous`)',
  'Files: `prompt.md` beside `tsagent.json`, the rules and references `.mdt` files of the directory format',
  'Warnings: unknown fields and settings (kept or dropped by TsAgent but never read), provider ids, literal secrets in provider settings, `priorityLevel: 0`',
];

const SCHEMAS: Record<TsAgentShape, { name: string; title: string; description: string }> = {
  folder: {
    name: 'tsagent.schema.json',
    title: 'TsAgent agent (tsagent.json)',
    description:
      "The `tsagent.json` of a TsAgent agent folder (directory format, `@tsagent/core` 1.2): metadata, settings (every setting a string), providers and MCP servers. Converted from AgentCard Playground's transcription of TsAgent's own schema.",
  },
  yaml: {
    name: 'tsagent-yaml.schema.json',
    title: 'TsAgent agent (YAML file)',
    description:
      "A TsAgent agent as one YAML file (`@tsagent/core` 1.3): metadata, settings (numbers as numbers), the system prompt, rules, references, providers and MCP servers. Converted from AgentCard Playground's transcription of TsAgent's own schema.",
  },
};

/** The definition schema of `shape`, with `settings.toolPermission` (which the checker checks on its own). */
function tsAgentSchema(shape: TsAgentShape): PublishedSchema {
  return publishSchema(
    SCHEMAS[shape],
    v.intersect([
      definitionSchema(shape),
      v.object({
        settings: v.optional(v.looseObject({ toolPermission: v.optional(toolPermissionSchema) })),
      }),
    ]),
  );
}

/** The TsAgent schemas: `tsagent.schema.json` (directory format) and `tsagent-yaml.schema.json`. */
export const tsAgentSchemaSet: SchemaSet = {
  format: 'tsagent',
  files(): SchemaFile[] {
    return [tsAgentSchema('folder').file, tsAgentSchema('yaml').file];
  },
  coreOnlyRules(): string[] {
    const lost = [...tsAgentSchema('folder').lost, ...tsAgentSchema('yaml').lost];
    return [...new Set(lost), ...CORE_ONLY_RULES];
  },
};
