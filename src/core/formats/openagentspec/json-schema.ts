/** The published JSON Schema of an OpenAgentSpec agent, converted from `spec-schema.ts`. */
import { publishSchema } from '../../schemas/publish-schema.ts';
import type { SchemaFile, SchemaSet } from '../../schemas/schema-set.ts';
import { specSchema } from './spec-schema.ts';

/** The rules the checker enforces beyond the schema. */
const CORE_ONLY_RULES = [
  'CEL: every assertion and `exposes` selection parses (`oas-cel-syntax`), reads only variables and fields of the Engagement object, and hyphenated names use bracket access',
  '`recent`/`history` in CEL naming a capability or guardrail tool (a warning)',
  'Names inside capability keys at most 253 characters (the schema checks the reference form only)',
  '`short_circuit` written as an integer literal (YAML `2.0` is the number 2 once parsed)',
  'Duplicate keys and YAML syntax',
  'Warnings and notes: a restriction with neither `require_review` nor `assertion`, remote references, hyphenated names under the newer `[a-z0-9_]` rule',
];

function oasSchema() {
  return publishSchema(
    {
      name: 'openagentspec.schema.json',
      title: 'OpenAgentSpec agent',
      description:
        'An OpenAgentSpec agent (`kind: openagentspec:v1/agent`, redactive-ai/openagentspec seed spec): its identity, the tools and agents it may use with their restrictions, guardrails, exposed values and lifespan.',
    },
    specSchema,
  );
}

/** The OpenAgentSpec schema: one file, `openagentspec.schema.json`. */
export const openAgentSpecSchemaSet: SchemaSet = {
  format: 'openagentspec',
  files(): SchemaFile[] {
    return [oasSchema().file];
  },
  coreOnlyRules(): string[] {
    return [...oasSchema().lost, ...CORE_ONLY_RULES];
  },
};
