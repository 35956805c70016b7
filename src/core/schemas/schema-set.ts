import type { FormatId } from '../formats/format-module.ts';
import type { JsonSchemaObject } from './convert-schema.ts';

/**
 * The version segment of the published schema paths (`/schemas/v1/…`). It changes only when a schema
 * changes incompatibly (a card valid under the old one is refused); additions keep it.
 */
export const SCHEMA_VERSION = 'v1';

/** One published JSON Schema file: its file name inside `schemas/<version>/`, and its content. */
export interface SchemaFile {
  name: string;
  schema: JsonSchemaObject;
}

/**
 * The JSON Schemas of one format. `files` converts the format's valibot schemas (with `convertSchema`);
 * `coreOnlyRules` lists the rules the conversion left out (the messages of its checks without a JSON Schema
 * form), which only the checker enforces.
 */
export interface SchemaSet {
  format: FormatId;
  files(): SchemaFile[];
  coreOnlyRules(): string[];
}
