/**
 * The published JSON Schema of an A2A v0.3.0 AgentCard, converted from the reader's own valibot schema
 * (`schema.ts`), which follows the published A2A schema: the same required properties, types and enums,
 * and unknown properties allowed.
 */
import { publishSchema } from '../../schemas/publish-schema.ts';
import type { SchemaFile, SchemaSet } from '../../schemas/schema-set.ts';
import { AgentCard } from './schema.ts';

/** The rules the reader checks beyond the schema (all warnings, so an A2A card they flag is still valid). */
const CORE_ONLY_RULES = [
  'Duplicate JSON keys (a parsed value keeps the last one)',
  'Properties that v0.3.0 does not define (allowed by the schema; the checker warns, with the closest name)',
  'The v1.0 card shape (`supportedInterfaces`, …) and `protocolVersion` other than 0.3.0',
  '`preferredTransport` present, and transports one of JSONRPC, GRPC, HTTP+JSON',
  'Input and output modes written as MIME types',
  'URL properties holding absolute URLs',
  'Skill ids unique within the card',
  '`security` requirements naming schemes that `securitySchemes` defines',
];

function a2aCardSchema() {
  return publishSchema(
    {
      name: 'a2a-agentcard.schema.json',
      title: 'A2A AgentCard (v0.3.0)',
      description:
        'An A2A AgentCard of protocol version 0.3.0 (`/.well-known/agent-card.json`): the self-description of a remote agent. Converted from the checker of AgentCard Playground, which follows the published A2A v0.3.0 JSON Schema.',
    },
    AgentCard,
  );
}

/** The A2A schema: one file, `a2a-agentcard.schema.json`. */
export const a2aSchemaSet: SchemaSet = {
  format: 'a2a',
  files(): SchemaFile[] {
    return [a2aCardSchema().file];
  },
  coreOnlyRules(): string[] {
    return [...a2aCardSchema().lost, ...CORE_ONLY_RULES];
  },
};
