/**
 * The one list of published JSON Schemas. A format adds its schemas by adding its `SchemaSet` here (one
 * line); `npm run schemas` then writes them to `public/schemas/v1/`.
 */
import { a2aSchemaSet } from '../formats/a2a/json-schema.ts';
import { afmSchemaSet } from '../formats/afm/json-schema.ts';
import { openAgentSpecSchemaSet } from '../formats/openagentspec/json-schema.ts';
import { tsAgentSchemaSet } from '../formats/tsagent/json-schema.ts';
import { agentCardSchemaSet } from './agentcard-schemas.ts';
import { SCHEMA_VERSION, type SchemaFile, type SchemaSet } from './schema-set.ts';

/** Every format's schemas, in the order they are written. */
export const SCHEMA_SETS: readonly SchemaSet[] = [
  agentCardSchemaSet,
  afmSchemaSet,
  openAgentSpecSchemaSet,
  tsAgentSchemaSet,
  a2aSchemaSet,
];

/**
 * The schema files of `sets`, each with its path below the site root (`schemas/v1/<name>`) and its text
 * (two-space JSON and a final newline, as committed). Throws when two files share a name.
 */
export function generateSchemas(
  sets: readonly SchemaSet[] = SCHEMA_SETS,
): Array<SchemaFile & { path: string; text: string }> {
  const seen = new Set<string>();
  return sets.flatMap((set) =>
    set.files().map((file) => {
      if (seen.has(file.name)) throw new Error(`Two JSON Schemas are named ${file.name}`);
      seen.add(file.name);
      return {
        ...file,
        path: `schemas/${SCHEMA_VERSION}/${file.name}`,
        text: JSON.stringify(file.schema, null, 2) + '\n',
      };
    }),
  );
}
