import * as v from 'valibot';
import {
  allowedFields,
  NULL_REJECTED_FIELDS,
  requiredFields,
} from '../formats/agentcard/card-fields.ts';
import { fieldDescription } from '../formats/agentcard/field-docs.ts';
import { CARD_TYPES } from '../model/agent-types.ts';
import { fieldSpec } from '../formats/agentcard/field-specs.ts';
import { convertSchema, type JsonSchemaObject } from './convert-schema.ts';
import type { SchemaFile, SchemaSet } from './schema-set.ts';

/** A card type of the RFC (the schemas follow the `rfc` profile, so fast-agent's `a2a` is not one). */
export type RfcCardType = (typeof CARD_TYPES)[number];

const BLANK = v.pipe(v.string(), v.regex(/^\s*$/));
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/**
 * The valibot schema of one card of `type` (its frontmatter, or its YAML document), in the `rfc` profile:
 * exactly the fields the type allows (`strictObject`), each with the core's own value schema and its
 * description; required fields must be present and not null; other fields may be null ("not set", as the
 * checker reads them) except those whose null the checker rejects. A card of any type but `agent` must
 * say its `type`; an `agent` card may leave it out.
 */
export function cardTypeSchema(type: RfcCardType): v.GenericSchema {
  const required = requiredFields(type);
  const entries: Record<string, v.GenericSchema> = {};
  for (const field of allowedFields(type, 'rfc')) {
    const description = fieldDescription(field) ?? field;
    if (field === 'type') {
      // The checker reads a missing, null or blank `type` as `agent` (with a warning).
      entries[field] = v.pipe(
        type === 'agent'
          ? v.optional(v.union([v.literal(type), v.null(), BLANK]))
          : v.literal(type),
        v.description(description),
      );
      continue;
    }
    const spec = fieldSpec(field);
    if (!spec)
      throw new Error(`card-fields.ts allows '${field}' but field-specs.ts has no schema for it`);
    if (required.includes(field)) entries[field] = v.pipe(spec.schema, v.description(description));
    else if (NULL_REJECTED_FIELDS.has(field))
      entries[field] = v.optional(v.pipe(spec.schema, v.description(description)));
    else entries[field] = v.optional(v.pipe(v.nullable(spec.schema), v.description(description)));
  }
  return v.pipe(
    v.strictObject(entries),
    v.title(`AgentCard: ${type}`),
    v.description(
      `The fields of an AgentCard of type \`${type}\` (a Markdown card's frontmatter, or a YAML card), as the AgentCard RFC allows them.`,
    ),
  );
}

/** The JSON Schema of one card type, and the rules of it that only the checker enforces. */
export function cardTypeJsonSchema(type: RfcCardType): {
  schema: JsonSchemaObject;
  lost: string[];
} {
  const { schema, lost } = convertSchema(cardTypeSchema(type));
  return { schema: { $schema: DRAFT_07, ...schema }, lost: [...new Set(lost)] };
}

/** The file name of a card type's schema, e.g. `agentcard-maker.schema.json`. */
export function cardTypeSchemaName(type: RfcCardType): string {
  return `agentcard-${type.toLowerCase()}.schema.json`;
}

/**
 * The combined AgentCard schema: `type` must be one of the card types (or absent, null or blank: read as `agent`),
 * and the rules of that type's schema apply (`if`/`then` per type, so an editor reports the problems of the
 * card's own type, not of every type). The per-type schemas are inlined under `definitions`, so the file
 * stands alone.
 */
export function combinedCardJsonSchema(): JsonSchemaObject {
  const definitions: Record<string, JsonSchemaObject> = {};
  for (const type of CARD_TYPES) {
    const { $schema: _drop, ...schema } = cardTypeJsonSchema(type).schema;
    definitions[type] = schema;
  }
  const ref = (type: RfcCardType) => ({ $ref: `#/definitions/${type}` });
  return {
    $schema: DRAFT_07,
    title: 'AgentCard',
    description:
      'An AgentCard: the frontmatter of a Markdown card, or a YAML card. The rules of its `type` apply; a card without `type` is an `agent`.',
    type: 'object',
    properties: {
      type: {
        description: fieldDescription('type'),
        anyOf: [{ enum: [...CARD_TYPES] }, { type: 'null' }, { type: 'string', pattern: '^\\s*$' }],
      },
    },
    allOf: [
      ...CARD_TYPES.map((type) => ({
        if: { properties: { type: { const: type } }, required: ['type'] },
        then: ref(type),
      })),
      {
        if: {
          not: { properties: { type: { type: 'string', pattern: '\\S' } }, required: ['type'] },
        },
        then: ref('agent'),
      },
    ],
    definitions,
  };
}

/** The AgentCard schemas: the combined one, then one per card type. */
export const agentCardSchemaSet: SchemaSet = {
  format: 'agentcard',
  files(): SchemaFile[] {
    return [
      { name: 'agentcard.schema.json', schema: combinedCardJsonSchema() },
      ...CARD_TYPES.map((type) => ({
        name: cardTypeSchemaName(type),
        schema: cardTypeJsonSchema(type).schema,
      })),
    ];
  },
  coreOnlyRules(): string[] {
    return [...new Set(CARD_TYPES.flatMap((type) => cardTypeJsonSchema(type).lost))];
  },
};
