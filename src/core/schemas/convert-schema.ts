import { toJsonSchema, type JsonSchema } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';
import { jsonSchemaFormOf } from './json-schema-forms.ts';

/** A JSON Schema object as the generator writes it (draft-07). */
export type JsonSchemaObject = JsonSchema & Record<string, unknown>;

/** The JSON Schema of a valibot schema, and the rules the conversion had to leave out. */
export interface Converted {
  schema: JsonSchemaObject;
  /** The messages of the `v.check` actions that have no JSON Schema form (only the checker enforces them). */
  lost: string[];
}

/**
 * Converts a valibot schema to JSON Schema (draft-07) with `@valibot/to-json-schema`, configured for the
 * core's schemas:
 * - `typeMode: 'output'`: a pipeline converts from its last schema. The core's mapping guard
 *   (`v.custom(isMapping)` before a record or object) is then skipped, which loses nothing: a JSON Schema
 *   `object` never matches a list.
 * - A `v.check` (or `v.partialCheck`) action converts to its recorded equivalent (recorded with `expressedAs`, see json-schema-forms.ts;
 *   added under `allOf`) or, without one, is dropped and its message listed in `lost`.
 * - Anything else that cannot convert throws (`errorMode: 'throw'`), so a new kind of rule is never lost
 *   silently.
 */
export function convertSchema(schema: GenericSchema): Converted {
  const lost: string[] = [];
  const converted = toJsonSchema(schema, {
    target: 'draft-07',
    typeMode: 'output',
    errorMode: 'throw',
    overrideAction: ({ valibotAction, jsonSchema }) => {
      if (valibotAction.type !== 'check' && valibotAction.type !== 'partial_check')
        return undefined;
      const equivalent = jsonSchemaFormOf(valibotAction);
      if (!equivalent) {
        const message = (valibotAction as { message?: unknown }).message;
        lost.push(typeof message === 'string' ? message : 'an unnamed check');
        return jsonSchema;
      }
      return { ...jsonSchema, allOf: [...(jsonSchema.allOf ?? []), equivalent] };
    },
  });
  return { schema: converted as JsonSchemaObject, lost };
}
