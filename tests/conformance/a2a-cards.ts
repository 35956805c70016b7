import * as fc from 'fast-check';
import { sometimes } from '../fuzz/fuzz-run.ts';
import { position, scaled } from '../fuzz/mutate.ts';

/**
 * Hand-written A2A v0.3.0 cards for the conformance and fuzz tests, together using every definition of
 * the schema (all five security scheme types, all four OAuth flows, extensions, interfaces, signatures),
 * and a structural mutator that turns them into near-miss cards.
 */
export function richCard(): Record<string, unknown> {
  return {
    protocolVersion: '0.3.0',
    name: 'Harbour Pilot',
    description: 'Schedules pilot boats for ships entering the harbour.',
    url: 'https://pilot.example.org/a2a/jsonrpc',
    preferredTransport: 'JSONRPC',
    additionalInterfaces: [
      { url: 'https://pilot.example.org/a2a/jsonrpc', transport: 'JSONRPC' },
      { url: 'https://pilot.example.org/a2a/rest', transport: 'HTTP+JSON' },
    ],
    provider: { organization: 'Harbour Authority', url: 'https://example.org' },
    iconUrl: 'https://pilot.example.org/icon.svg',
    documentationUrl: 'https://pilot.example.org/docs',
    version: '0.9.1',
    capabilities: {
      streaming: true,
      pushNotifications: false,
      stateTransitionHistory: true,
      extensions: [
        {
          uri: 'https://ext.example.org/tides/v1',
          description: 'Tide tables',
          required: false,
          params: { port: 'north', depth: 12 },
        },
      ],
    },
    securitySchemes: {
      key: { type: 'apiKey', in: 'query', name: 'api_key', description: 'Issued on request' },
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      oauth: {
        type: 'oauth2',
        oauth2MetadataUrl: 'https://auth.example.org/.well-known/oauth-authorization-server',
        flows: {
          authorizationCode: {
            authorizationUrl: 'https://auth.example.org/authorize',
            tokenUrl: 'https://auth.example.org/token',
            refreshUrl: 'https://auth.example.org/refresh',
            scopes: { 'pilot:read': 'Read bookings', 'pilot:write': 'Book pilots' },
          },
          clientCredentials: { tokenUrl: 'https://auth.example.org/token', scopes: {} },
          implicit: { authorizationUrl: 'https://auth.example.org/authorize', scopes: {} },
          password: { tokenUrl: 'https://auth.example.org/token', scopes: { all: 'Everything' } },
        },
      },
      oidc: {
        type: 'openIdConnect',
        openIdConnectUrl: 'https://id.example.org/.well-known/openid-configuration',
      },
      tls: { type: 'mutualTLS' },
    },
    security: [{ oauth: ['pilot:read'] }, { key: [] }],
    defaultInputModes: ['text/plain', 'application/json'],
    defaultOutputModes: ['application/json'],
    supportsAuthenticatedExtendedCard: true,
    skills: [
      {
        id: 'book-pilot',
        name: 'Book a pilot',
        description: 'Books a pilot boat for an arrival window.',
        tags: ['harbour', 'booking'],
        examples: ['Book a pilot for MV Aurora at 14:00'],
        inputModes: ['text/plain'],
        outputModes: ['application/json'],
        security: [{ bearer: [] }],
      },
      { id: 'tides', name: 'Tides', description: 'Reports tides.', tags: [] },
    ],
    signatures: [
      { protected: 'eyJhbGciOiJFUzI1NiJ9', signature: 'c2lnbmF0dXJl', header: { kid: 'k1' } },
    ],
  };
}

/** Every property name of the schema's card definitions, plus v1.0 names, typos and reserved names. */
export const KEY_POOL = [
  ...Object.keys(richCard()),
  'organization',
  'transport',
  'uri',
  'params',
  'required',
  'protected',
  'signature',
  'header',
  'type',
  'in',
  'scheme',
  'bearerFormat',
  'flows',
  'openIdConnectUrl',
  'tokenUrl',
  'authorizationUrl',
  'scopes',
  'id',
  'tags',
  'examples',
  'inputModes',
  'outputModes',
  'streaming',
  'supportedInterfaces',
  'extendedAgentCard',
  'protocolBinding',
  'openIdConnectSecurityScheme',
  'skils',
  'Name',
  'x-vendor',
  'constructor',
  '__proto__',
  'prototype',
];

/** Values the mutator writes: every JSON kind, and the enums' members and near misses. */
export const VALUE_POOL: readonly unknown[] = [
  '',
  'text',
  'text/plain',
  'https://a.example.org',
  'JSONRPC',
  'jsonrpc',
  'apiKey',
  'http',
  'oauth2',
  'openIdConnect',
  'mutualTLS',
  'bearer',
  'header',
  'cookie',
  'body',
  '0.3.0',
  0,
  -1.5,
  1e21,
  true,
  false,
  null,
  [],
  {},
  ['text/plain'],
  [1],
  [null],
  [{}],
  { a: 'b' },
  { a: 1 },
  { a: ['x'] },
  { type: 'apiKey', in: 'header', name: 'k' },
  { type: 'http' },
  { tokenUrl: 't', scopes: {} },
  { id: 'i', name: 'n', description: 'd', tags: [] },
  { uri: 'u' },
  { url: 'u', transport: 'GRPC' },
];

type Path = Array<string | number>;

function allPaths(value: unknown, path: Path, out: Path[]): Path[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((item, i) => allPaths(item, [...path, i], out));
  else if (typeof value === 'object' && value !== null)
    for (const [key, child] of Object.entries(value)) allPaths(child, [...path, key], out);
  return out;
}

function at(value: unknown, path: Path): unknown {
  let node = value;
  for (const key of path) node = (node as Record<string | number, unknown>)[key];
  return node;
}

function set(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** A structural edit of a card, as data: where (a position among its nodes), what, and with which value. */
export interface CardEdit {
  at: number;
  op: 'delete' | 'replace' | 'add key' | 'repeat item';
  value: unknown;
  key: string;
  /** For `delete` at the root: the whole card replaced by `value` (rare: mostly it says little). */
  replaceRoot: true | undefined;
  /** For `repeat item`: which item (a position). */
  item: number;
}

/**
 * One to three structural edits: a property or item deleted, a value replaced by one of `VALUE_POOL`, a
 * property from `KEY_POOL` added, an item repeated.
 */
export const cardEdits: fc.Arbitrary<CardEdit[]> = fc.array(
  fc.record({
    at: position,
    op: fc.constantFrom('delete', 'replace', 'add key', 'repeat item'),
    value: fc.constantFrom(...VALUE_POOL),
    key: fc.constantFrom(...KEY_POOL),
    replaceRoot: sometimes(10, fc.constant(true as const)),
    item: position,
  }),
  { minLength: 1, maxLength: 3 },
);

/** A copy of `card` with `edits` applied in order. Own `__proto__` keys stay data. */
export function applyCardEdits(card: unknown, edits: readonly CardEdit[]): unknown {
  let out: unknown = JSON.parse(JSON.stringify(card));
  for (const edit of edits) {
    const paths = allPaths(out, [], []);
    const path = paths[scaled(edit.at, paths.length)]!;
    const value = JSON.parse(JSON.stringify(edit.value)) as unknown;
    if (path.length === 0) {
      if (edit.op === 'delete' && edit.replaceRoot) out = value;
      continue;
    }
    const parent = at(out, path.slice(0, -1)) as Record<string | number, unknown> | unknown[];
    const key = path[path.length - 1]!;
    const node = at(out, path);
    if (edit.op === 'delete') {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
    } else if (edit.op === 'replace') {
      if (Array.isArray(parent)) parent[key as number] = value;
      else set(parent, key as string, value);
    } else if (edit.op === 'add key') {
      const target =
        typeof node === 'object' && node !== null && !Array.isArray(node) ? node : parent;
      if (!Array.isArray(target)) set(target as Record<string, unknown>, edit.key, value);
    } else if (Array.isArray(node) && node.length > 0) {
      node.push(JSON.parse(JSON.stringify(node[scaled(edit.item, node.length)])));
    }
  }
  return out;
}
