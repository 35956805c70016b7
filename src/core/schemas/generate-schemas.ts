/**
 * The published JSON Schemas: each format's `SchemaSet`, in the order of the format records (a format added
 * to `FORMAT_RECORDS` gets its line here, which the compiler asks for); `npm run schemas` writes them to
 * `public/schemas/v1/`.
 */
import { a2aSchemaSet } from '../formats/a2a/json-schema.ts';
import { afmSchemaSet } from '../formats/afm/json-schema.ts';
import { openAgentSpecSchemaSet } from '../formats/openagentspec/json-schema.ts';
import { tsAgentSchemaSet } from '../formats/tsagent/json-schema.ts';
import { agentCardSchemaSet } from './agentcard-schemas.ts';
import { FORMAT_IDS, type FormatId } from '../formats/format-records.ts';
import { SCHEMA_VERSION, type SchemaFile, type SchemaSet } from './schema-set.ts';

/** Each format's schemas by id. */
const SETS: { [Id in FormatId]: SchemaSet } = {
  agentcard: agentCardSchemaSet,
  afm: afmSchemaSet,
  openagentspec: openAgentSpecSchemaSet,
  tsagent: tsAgentSchemaSet,
  a2a: a2aSchemaSet,
};

/** Every format's schemas, in the order they are written (`FORMAT_IDS`). */
export const SCHEMA_SETS: readonly SchemaSet[] = FORMAT_IDS.map((id) => SETS[id]);

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
