/** The published JSON Schema of an AFM frontmatter (current shape), converted from `frontmatter-schema.ts`. */
import { publishSchema } from '../../schemas/publish-schema.ts';
import type { SchemaFile, SchemaSet } from '../../schemas/schema-set.ts';
import { frontmatterSchema } from './frontmatter-schema.ts';

/** The rules the checker enforces beyond the schema. */
const CORE_ONLY_RULES = [
  'The draft shape (`interface`, `tools.mcp.servers`, `namespace`, `iconUrl`, `provider.organization`): the checker reads it and warns how to migrate; the schema describes the current shape only',
  'Platformchat modes: `signature.output` only in mode `request`, `exposure` not in mode `polling`, `polling` and `authentication` only in mode `polling`',
  'MCP server names unique (`afm-duplicate-server`)',
  'Signature `input`/`output` valid JSON Schemas (`afm-invalid-schema`); the schema asks for a mapping',
  'Integers written as integer literals (YAML `2.0` is the number 2 once parsed)',
  'Variables: `${http:…}` only in a webhook or platformchat `prompt`, known prefixes, no literal secrets',
  'The body (`# Role`, `# Instructions`), the file name (the agent identifier), local skill paths holding a `SKILL.md`',
  'Warnings: a `version` that is not MAJOR.MINOR.PATCH, `max_iterations` below 1, an unknown `spec_version`, a repeated interface type, an HTTP path without a leading `/`, a webhook without `subscription`',
];

function afmSchema() {
  return publishSchema(
    {
      name: 'afm.schema.json',
      title: 'AFM frontmatter',
      description:
        'The YAML frontmatter of an AFM (Agent Flavored Markdown, `.afm.md`) file, in the current shape the reference implementation reads: agent details, model, `max_iterations`, `interfaces`, `tools.mcp` servers and `skills`.',
    },
    frontmatterSchema,
  );
}

/** The AFM schema: one file, `afm.schema.json`. */
export const afmSchemaSet: SchemaSet = {
  format: 'afm',
  files(): SchemaFile[] {
    return [afmSchema().file];
  },
  coreOnlyRules(): string[] {
    return [...afmSchema().lost, ...CORE_ONLY_RULES];
  },
};
