import type { GenericSchema } from 'valibot';
import { convertSchema } from './convert-schema.ts';
import { SCHEMA_VERSION, type SchemaFile } from './schema-set.ts';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** What a published schema file says of itself. */
export interface SchemaHeader {
  /** The file name inside `schemas/<version>/`, e.g. `a2a-agentcard.schema.json`. */
  name: string;
  title: string;
  description: string;
}

/** A schema file made from a valibot schema, and the rules of it the conversion left out. */
export interface PublishedSchema {
  file: SchemaFile;
  /** The messages of its checks without a JSON Schema form, without repeats (only the checker enforces them). */
  lost: string[];
}

/**
 * Converts `schema` (with `convertSchema`) into a standalone published file: `$schema` (draft-07), an `$id`
 * relative to where the file is served (`/schemas/<version>/<name>`, so it resolves to the file's own URL
 * wherever the playground is hosted), then the header's title and description, then the converted schema.
 */
export function publishSchema(header: SchemaHeader, schema: GenericSchema): PublishedSchema {
  const { schema: converted, lost } = convertSchema(schema);
  const { title: _title, description: _description, ...rest } = converted;
  return {
    file: {
      name: header.name,
      schema: {
        $schema: DRAFT_07,
        $id: `/schemas/${SCHEMA_VERSION}/${header.name}`,
        title: header.title,
        description: header.description,
        ...rest,
      },
    },
    lost: [...new Set(lost)],
  };
}
