/**
 * Checks a parsed A2A card against the v0.3.0 schema (`schema.ts`) and maps every valibot issue onto the
 * JSON node it is about: a wrong value at the value, a missing property at the key of the object that
 * lacks it. Also warns about properties no definition names (with a "did you mean").
 */
import * as v from 'valibot';
import { didYouMean } from '../../text/did-you-mean.ts';
import type { RawDiagnostic } from '../../diagnostics.ts';
import { problem } from './codes.ts';
import type { Fix } from '../../fixes/fix.ts';
import { typoFixes, withFixes } from '../../fixes/typo-fix.ts';
import { memberOf, type JsonMember, type JsonNode } from '../../json/read-json.ts';
import {
  AGENT_CAPABILITIES_ENTRIES,
  AGENT_CARD_ENTRIES,
  AGENT_SKILL_ENTRIES,
  AgentCard,
  DEFINITION_ENTRIES,
  OAUTH_FLOWS_ENTRIES,
  SECURITY_SCHEME_ENTRIES,
} from './schema.ts';

/** A path into the card: property names and item indexes. */
export type JsonPath = ReadonlyArray<string | number>;

/**
 * Keys valibot's record and object schemas skip (`__proto__`, `constructor`, `prototype`). The schema
 * sees them with this prefix, so `{"scopes": {"constructor": 1}}` fails as it does in JSON Schema.
 */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);
const ESCAPE = '\u0000';

/** The node's value as plain data for the schema (reserved keys escaped; a repeated key keeps the last). */
export function schemaValue(node: JsonNode): unknown {
  return plainValue(node, (key) => (RESERVED.has(key) ? ESCAPE + key : key));
}

/** The node's value as plain JSON (own `__proto__` keys stay data; a repeated key keeps the last). */
export function jsonValue(node: JsonNode): unknown {
  return plainValue(node, (key) => key);
}

function plainValue(node: JsonNode, name: (key: string) => string): unknown {
  switch (node.kind) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const m of node.members) {
        const key = name(m.key);
        const value = plainValue(m.value, name);
        // An assignment to `__proto__` would set the prototype; define it as plain data instead.
        if (key === '__proto__')
          Object.defineProperty(out, key, {
            value,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        else out[key] = value;
      }
      return out;
    }
    case 'array':
      return node.items.map((item) => plainValue(item, name));
    case 'null':
      return null;
    default:
      return node.value;
  }
}

/** `skills[0].tags` for a path (`card` for the empty path). */
export function pathText(path: JsonPath): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? key : `.${key}`;
  }
  return out === '' ? 'card' : out;
}

/** Where a path leads in the tree: the node, or the object that lacks the next property. */
type Located =
  | { found: true; node: JsonNode; member: JsonMember | undefined }
  | { found: false; parent: JsonNode; parentMember: JsonMember | undefined; missing: string };

function locate(root: JsonNode, path: JsonPath): Located {
  let node = root;
  let member: JsonMember | undefined;
  for (const key of path) {
    if (node.kind === 'object' && typeof key === 'string') {
      const next = memberOf(node, key);
      if (!next) return { found: false, parent: node, parentMember: member, missing: key };
      member = next;
      node = next.value;
    } else if (node.kind === 'array' && typeof key === 'number' && node.items[key]) {
      member = undefined;
      node = node.items[key]!;
    } else break;
  }
  return { found: true, node, member };
}

/** Validates the card at `root` against the v0.3.0 schema; every issue is positioned. */
export function validateCard(root: JsonNode): RawDiagnostic[] {
  const out: RawDiagnostic[] = [];
  const result = v.safeParse(AgentCard, schemaValue(root));
  if (result.success) return out;
  const seen = new Set<string>();
  for (const issue of result.issues) {
    const path = (issue.path ?? []).map((item) => {
      const key = item.key as string | number;
      return typeof key === 'string' && key.startsWith(ESCAPE) ? key.slice(1) : key;
    });
    const d = diagnose(root, path, issue.message);
    const key = `${d.code}:${d.from}:${d.to}:${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out;
}

function diagnose(root: JsonNode, path: JsonPath, expected: string): RawDiagnostic {
  const at = locate(root, path);
  if (!at.found) {
    const where = path.slice(0, -1);
    const [from, to] = at.parentMember
      ? [at.parentMember.keyFrom, at.parentMember.keyTo]
      : [at.parent.from, at.parent.from + 1];
    const typo =
      at.parent.kind === 'object'
        ? at.parent.members.find((m) => didYouMean(m.key, [at.missing]) !== undefined)
        : undefined;
    const hint = typo && typo.key !== at.missing ? ` (is '${typo.key}' a misspelling of it?)` : '';
    const owner = where.length === 0 ? 'The card' : `\`${pathText(where)}\``;
    return problem(
      'missing-field',
      `${owner} lacks the required property \`${at.missing}\`${hint}`,
      from,
      to,
    );
  }
  if (path.length === 0)
    return problem(
      'invalid-value',
      'An A2A AgentCard must be a JSON object',
      at.node.from,
      at.node.to,
    );
  return problem(
    'invalid-value',
    `\`${pathText(path)}\` must be ${expected}`,
    at.node.from,
    at.node.to,
  );
}

/** The definitions whose properties are known, by name. */
type Definition =
  | 'AgentCard'
  | 'AgentCapabilities'
  | 'AgentSkill'
  | 'OAuthFlows'
  | 'SecurityScheme'
  | keyof typeof DEFINITION_ENTRIES;

const KNOWN: Record<Exclude<Definition, 'SecurityScheme'>, string[]> = {
  AgentCard: Object.keys(AGENT_CARD_ENTRIES),
  AgentCapabilities: Object.keys(AGENT_CAPABILITIES_ENTRIES),
  AgentSkill: Object.keys(AGENT_SKILL_ENTRIES),
  OAuthFlows: Object.keys(OAUTH_FLOWS_ENTRIES),
  ...(Object.fromEntries(
    Object.entries(DEFINITION_ENTRIES).map(([name, entries]) => [name, Object.keys(entries)]),
  ) as Record<keyof typeof DEFINITION_ENTRIES, string[]>),
};

/** Which definition a property's value (`value`), or each of its items or values, belongs to. */
const CHILDREN: Partial<
  Record<Definition, Record<string, { def: Definition; each?: 'item' | 'value' }>>
> = {
  AgentCard: {
    capabilities: { def: 'AgentCapabilities' },
    provider: { def: 'AgentProvider' },
    additionalInterfaces: { def: 'AgentInterface', each: 'item' },
    skills: { def: 'AgentSkill', each: 'item' },
    signatures: { def: 'AgentCardSignature', each: 'item' },
    securitySchemes: { def: 'SecurityScheme', each: 'value' },
  },
  AgentCapabilities: { extensions: { def: 'AgentExtension', each: 'item' } },
  SecurityScheme: { flows: { def: 'OAuthFlows' } },
  OAuthFlows: {
    authorizationCode: { def: 'AuthorizationCodeOAuthFlow' },
    clientCredentials: { def: 'ClientCredentialsOAuthFlow' },
    implicit: { def: 'ImplicitOAuthFlow' },
    password: { def: 'PasswordOAuthFlow' },
  },
};

/**
 * The did-you-mean rename of the unknown key of `m` among `known`: the text inside the key's quotes
 * becomes the correction, unless `object` already has that key.
 */
export function keyFixes(
  m: JsonMember,
  known: readonly string[],
  object: { members: readonly JsonMember[] },
): Fix[] | undefined {
  return typoFixes(m.key, known, {
    from: m.keyFrom + 1,
    to: m.keyTo - 1,
    taken: (key) => object.members.some((other) => other.key === key),
  });
}

/**
 * Warns about every property that its definition does not name, at the key, with the closest known
 * name. `skip` tells which (path, key) pairs another rule already explains (v1.0 properties).
 */
export function unknownProperties(
  root: JsonNode,
  skip: (path: JsonPath, key: string) => boolean,
): RawDiagnostic[] {
  const out: RawDiagnostic[] = [];
  const visit = (node: JsonNode, def: Definition, path: JsonPath): void => {
    if (node.kind !== 'object') return;
    const known = def === 'SecurityScheme' ? schemeKeys(node) : KNOWN[def];
    const children = CHILDREN[def] ?? {};
    const reported = new Set<string>();
    for (const m of node.members) {
      // A repeated key is reported once (the repeats get `duplicate-key`).
      // `$schema` at the top is the JSON Schema editors read (README: JSON Schemas), not a typo.
      if (
        known !== undefined &&
        !known.includes(m.key) &&
        !(path.length === 0 && m.key === '$schema') &&
        !reported.has(m.key) &&
        !skip(path, m.key)
      ) {
        reported.add(m.key);
        const suggestion = didYouMean(m.key, known);
        const where = path.length === 0 ? 'an AgentCard' : `\`${pathText(path)}\``;
        out.push(
          withFixes(
            problem(
              'a2a-unknown-property',
              `'${m.key}' is not a property of ${where} in A2A v0.3.0${suggestion ? `; did you mean '${suggestion}'?` : ''}`,
              m.keyFrom,
              m.keyTo,
            ),
            keyFixes(m, known, node),
          ),
        );
      }
      const child = Object.hasOwn(children, m.key) ? children[m.key] : undefined;
      if (!child) continue;
      const at = [...path, m.key];
      if (child.each === undefined) visit(m.value, child.def, at);
      else if (child.each === 'item' && m.value.kind === 'array')
        m.value.items.forEach((item, i) => visit(item, child.def, [...at, i]));
      else if (child.each === 'value' && m.value.kind === 'object')
        for (const entry of m.value.members) visit(entry.value, child.def, [...at, entry.key]);
    }
  };
  visit(root, 'AgentCard', []);
  return out;
}

/** The properties of a security scheme by its `type`, or undefined when the type is not known. */
function schemeKeys(node: JsonNode): string[] | undefined {
  const type = memberOf(node, 'type')?.value;
  if (type?.kind !== 'string' || !Object.hasOwn(SECURITY_SCHEME_ENTRIES, type.value))
    return undefined;
  return Object.keys(SECURITY_SCHEME_ENTRIES[type.value as keyof typeof SECURITY_SCHEME_ENTRIES]);
}
