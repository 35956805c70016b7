/**
 * The A2A v0.3.0 AgentCard JSON Schema (draft-07, a2aproject/A2A `specification/json/a2a.json` at tag
 * v0.3.0) written in valibot, one schema per definition, so the card is checked without `eval` (the
 * app's CSP forbids ajv's code generation). Faithful to the published schema: the same required
 * properties, types and enums, and the same leniency (unknown properties are allowed; the checker warns
 * about them separately). A test keeps the verdicts in step with ajv on the published file.
 *
 * Messages are what a value must be (`a string`, …); the checker prefixes the property path.
 */
import * as v from 'valibot';

const isObject = (x: unknown): boolean => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A JSON object with known properties; other properties are allowed (no `additionalProperties`). */
const object = <T extends v.ObjectEntries>(entries: T) =>
  v.pipe(v.custom<Record<string, unknown>>(isObject, 'an object'), v.looseObject(entries));

/** A JSON object whose every value passes `value` (`additionalProperties: {schema}`). */
const dictionary = <T extends v.GenericSchema>(value: T, message: string) =>
  v.pipe(v.custom<Record<string, unknown>>(isObject, message), v.record(v.string(), value));

const str = v.string('a string');
const bool = v.boolean('a boolean (true or false)');
const strings = v.array(v.string('a string'), 'a list of strings');
const anyObject = dictionary(v.unknown(), 'an object');
const optional = <T extends v.GenericSchema>(schema: T) => v.optional(schema);
/** `{ scheme name: [scopes] }`, the items of `security` lists. */
const securityRequirement = dictionary(strings, 'an object of scheme name to a list of scopes');
const securityList = v.array(securityRequirement, 'a list of security requirements');

/** Property lists of each object definition, for unknown-property warnings. */
export const DEFINITION_ENTRIES = {
  AgentProvider: { organization: str, url: str },
  AgentExtension: {
    description: optional(str),
    params: optional(anyObject),
    required: optional(bool),
    uri: str,
  },
  AgentInterface: { transport: str, url: str },
  AgentCardSignature: { header: optional(anyObject), protected: str, signature: str },
  AuthorizationCodeOAuthFlow: {
    authorizationUrl: str,
    refreshUrl: optional(str),
    scopes: dictionary(str, 'an object of scope name to description'),
    tokenUrl: str,
  },
  ClientCredentialsOAuthFlow: {
    refreshUrl: optional(str),
    scopes: dictionary(str, 'an object of scope name to description'),
    tokenUrl: str,
  },
  ImplicitOAuthFlow: {
    authorizationUrl: str,
    refreshUrl: optional(str),
    scopes: dictionary(str, 'an object of scope name to description'),
  },
  PasswordOAuthFlow: {
    refreshUrl: optional(str),
    scopes: dictionary(str, 'an object of scope name to description'),
    tokenUrl: str,
  },
} as const;

export const AgentProvider = object(DEFINITION_ENTRIES.AgentProvider);
export const AgentExtension = object(DEFINITION_ENTRIES.AgentExtension);
export const AgentInterface = object(DEFINITION_ENTRIES.AgentInterface);
export const AgentCardSignature = object(DEFINITION_ENTRIES.AgentCardSignature);
export const AuthorizationCodeOAuthFlow = object(DEFINITION_ENTRIES.AuthorizationCodeOAuthFlow);
export const ClientCredentialsOAuthFlow = object(DEFINITION_ENTRIES.ClientCredentialsOAuthFlow);
export const ImplicitOAuthFlow = object(DEFINITION_ENTRIES.ImplicitOAuthFlow);
export const PasswordOAuthFlow = object(DEFINITION_ENTRIES.PasswordOAuthFlow);

export const OAUTH_FLOWS_ENTRIES = {
  authorizationCode: optional(AuthorizationCodeOAuthFlow),
  clientCredentials: optional(ClientCredentialsOAuthFlow),
  implicit: optional(ImplicitOAuthFlow),
  password: optional(PasswordOAuthFlow),
};
export const OAuthFlows = object(OAUTH_FLOWS_ENTRIES);

export const AGENT_CAPABILITIES_ENTRIES = {
  extensions: optional(v.array(AgentExtension, 'a list of extensions')),
  pushNotifications: optional(bool),
  stateTransitionHistory: optional(bool),
  streaming: optional(bool),
};
export const AgentCapabilities = object(AGENT_CAPABILITIES_ENTRIES);

/** The `type` of each security scheme variant, and its properties. */
export const SECURITY_SCHEME_ENTRIES = {
  apiKey: {
    description: optional(str),
    in: v.picklist(['cookie', 'header', 'query'], 'one of cookie, header, query'),
    name: str,
    type: v.literal('apiKey'),
  },
  http: {
    bearerFormat: optional(str),
    description: optional(str),
    scheme: str,
    type: v.literal('http'),
  },
  oauth2: {
    description: optional(str),
    flows: OAuthFlows,
    oauth2MetadataUrl: optional(str),
    type: v.literal('oauth2'),
  },
  openIdConnect: {
    description: optional(str),
    openIdConnectUrl: str,
    type: v.literal('openIdConnect'),
  },
  mutualTLS: { description: optional(str), type: v.literal('mutualTLS') },
} as const;

/** The security scheme types of v0.3.0. */
export const SECURITY_SCHEME_TYPES = Object.keys(SECURITY_SCHEME_ENTRIES) as Array<
  keyof typeof SECURITY_SCHEME_ENTRIES
>;

/**
 * `SecurityScheme` is an `anyOf` of five object schemas, each requiring its own `type` constant, so at
 * most one can match: a valibot variant on `type` accepts exactly the same values.
 */
export const SecurityScheme = v.pipe(
  v.custom<Record<string, unknown>>(isObject, 'an object'),
  v.variant(
    'type',
    [
      v.looseObject(SECURITY_SCHEME_ENTRIES.apiKey),
      v.looseObject(SECURITY_SCHEME_ENTRIES.http),
      v.looseObject(SECURITY_SCHEME_ENTRIES.oauth2),
      v.looseObject(SECURITY_SCHEME_ENTRIES.openIdConnect),
      v.looseObject(SECURITY_SCHEME_ENTRIES.mutualTLS),
    ],
    `one of ${SECURITY_SCHEME_TYPES.join(', ')}`,
  ),
);

export const AGENT_SKILL_ENTRIES = {
  description: str,
  examples: optional(strings),
  id: str,
  inputModes: optional(strings),
  name: str,
  outputModes: optional(strings),
  security: optional(securityList),
  tags: strings,
};
export const AgentSkill = object(AGENT_SKILL_ENTRIES);

export const AGENT_CARD_ENTRIES = {
  additionalInterfaces: optional(v.array(AgentInterface, 'a list of interfaces')),
  capabilities: AgentCapabilities,
  defaultInputModes: strings,
  defaultOutputModes: strings,
  description: str,
  documentationUrl: optional(str),
  iconUrl: optional(str),
  name: str,
  preferredTransport: optional(str),
  protocolVersion: str,
  provider: optional(AgentProvider),
  security: optional(securityList),
  securitySchemes: optional(dictionary(SecurityScheme, 'an object of scheme name to scheme')),
  signatures: optional(v.array(AgentCardSignature, 'a list of signatures')),
  skills: v.array(AgentSkill, 'a list of skills'),
  supportsAuthenticatedExtendedCard: optional(bool),
  url: str,
  version: str,
};
/** The root definition: an A2A v0.3.0 AgentCard. */
export const AgentCard = object(AGENT_CARD_ENTRIES);

/** The transports `TransportProtocol` names (the card's fields are plain strings in the schema). */
export const TRANSPORTS = ['JSONRPC', 'GRPC', 'HTTP+JSON'] as const;
