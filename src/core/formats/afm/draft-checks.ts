/**
 * The rules of a draft-shape frontmatter that have no schema form, each a small named check: the migration
 * warnings (`afm-draft-shape`: what the reference implementation rejects and what to write instead), the
 * interface fields that do not fit its type, unique server names, literal secrets, signature JSON Schemas,
 * warnings shared with the current shape and keys that are not strings. Each check reads only values
 * `draftFrontmatterSchema` reads, and only where the checker reaches them (a transport of an unknown type
 * is not looked into).
 */
import { getOwn } from '../../own-property.ts';
import { isMap, isScalar, isSeq } from 'yaml';
import type { PathKey } from '../valibot-issues.ts';
import { checkSecret, isSecretField } from './check-auth.ts';
import { checkJsonSchema } from './check-json-schema.ts';
import { DRAFT_TYPES, draftLabel } from './draft-issues.ts';
import {
  checkInteger,
  checkSpecVersion,
  checkVersion,
  given,
  stringAt,
} from './frontmatter-checks.ts';
import type { FrontmatterPaths } from './frontmatter-paths.ts';
import { reportKeyTypes } from './schema-issues.ts';
import { DRAFT_TO_CURRENT } from './shape.ts';

/** Runs every named check of a draft-shape frontmatter. */
export function checkDraftRules(p: FrontmatterPaths): void {
  checkKeyTypes(p, [], 'the frontmatter');
  checkSpecVersion(p.c, p.at(['spec_version']).node, stringAt(p, ['spec_version']));
  checkVersion(p.c, p.at(['version']).node, stringAt(p, ['version']));
  checkInteger(p, ['max_iterations'], 1);
  draftWarning(
    p,
    ['namespace'],
    'the reference implementation rejects `namespace`; migrate by removing it',
  );
  draftWarning(
    p,
    ['iconUrl'],
    'the reference implementation rejects `iconUrl`; migrate by renaming it to `icon_url`',
  );
  if (isMap(p.at(['provider']).node)) {
    checkKeyTypes(p, ['provider']);
    draftWarning(
      p,
      ['provider', 'organization'],
      'the reference implementation rejects `provider.organization`; migrate by renaming it to `provider.name`',
    );
  }
  if (isMap(p.at(['model']).node)) checkKeyTypes(p, ['model']);
  checkAuthentication(p, ['model', 'authentication']);
  checkTools(p);
  checkInterface(p);
}

/** Keys that are not plain strings in the mapping at `keys` (named `what`, by default its label). */
function checkKeyTypes(
  p: FrontmatterPaths,
  keys: PathKey[],
  what = `\`${draftLabel(keys)}\``,
): void {
  reportKeyTypes(p.c, keys.length === 0 ? p.root : p.at(keys).node, what);
}

/** An `afm-draft-shape` warning at the key of the field at `keys`, when the field is written. */
function draftWarning(p: FrontmatterPaths, keys: PathKey[], migrate: string): void {
  const key = p.at(keys).pair?.key;
  if (key !== undefined) p.c.report('afm-draft-shape', `Draft shape: ${migrate}`, p.c.resolve(key));
}

/**
 * A given authentication object: its keys, and (once its `type` is a string) no literal credentials;
 * `migrate` words the warning of an authentication the current shape has no place for.
 */
function checkAuthentication(p: FrontmatterPaths, keys: PathKey[], migrate?: string): void {
  if (!given(p, keys)) return;
  if (migrate) draftWarning(p, keys, migrate);
  const auth = p.at(keys).node;
  if (!isMap(auth)) return;
  checkKeyTypes(p, keys);
  if (stringAt(p, [...keys, 'type']) === undefined) return;
  // Each credential once, as its last key writes it.
  const fields = new Set<string>();
  for (const pair of auth.items) {
    const key = p.c.resolve(pair.key);
    if (isScalar(key) && typeof key.value === 'string' && isSecretField(key.value))
      fields.add(key.value);
  }
  for (const field of fields)
    checkSecret(p.c, p.at([...keys, field]).node, `${draftLabel(keys)}.${field}`);
}

/** `tools.mcp.servers`: the migration to a list under `mcp`, and each server. */
function checkTools(p: FrontmatterPaths): void {
  if (!isMap(p.at(['tools']).node)) return;
  checkKeyTypes(p, ['tools']);
  if (!isMap(p.at(['tools', 'mcp']).node)) return;
  checkKeyTypes(p, ['tools', 'mcp']);
  if (!given(p, ['tools', 'mcp', 'servers'])) return;
  draftWarning(
    p,
    ['tools', 'mcp', 'servers'],
    'the reference implementation reads `tools.mcp` as the list itself; migrate by removing `servers:` and listing the servers directly under `mcp:`',
  );
  const list = p.at(['tools', 'mcp', 'servers']).node;
  if (!isSeq(list)) return;
  const names = new Map<string, unknown>();
  list.items.forEach((_, i) => {
    const keys = ['tools', 'mcp', 'servers', i];
    if (isMap(p.at(keys).node)) checkServer(p, keys, i, names);
  });
}

/** One MCP server: a name no other server has, its authentication and its transport. */
function checkServer(
  p: FrontmatterPaths,
  keys: PathKey[],
  index: number,
  names: Map<string, unknown>,
): void {
  const { c } = p;
  checkKeyTypes(p, keys, `MCP server ${index + 1}`);
  const name = stringAt(p, [...keys, 'name']);
  const nameNode = p.at([...keys, 'name']).node;
  if (name !== undefined && name.trim() !== '') {
    if (names.has(name))
      c.report('afm-duplicate-server', `Another MCP server is also named '${name}'`, nameNode);
    else names.set(name, nameNode);
  }
  checkAuthentication(
    p,
    [...keys, 'authentication'],
    'migrate by moving `authentication` into `transport` (the current shape allows it on http transports)',
  );
  checkKeyTypes(p, [...keys, 'tool_filter']);
  checkTransport(p, [...keys, 'transport']);
}

/** A transport of a draft type: how it migrates to the current shape's `http` or `stdio`. */
function checkTransport(p: FrontmatterPaths, keys: PathKey[]): void {
  const { c } = p;
  if (!isMap(p.at(keys).node)) return;
  checkKeyTypes(p, keys);
  const type = stringAt(p, [...keys, 'type']);
  if (type !== 'stdio' && type !== 'http_sse' && type !== 'streamable_http') return;
  checkKeyTypes(p, keys, `a ${type} transport`);
  const command = stringAt(p, [...keys, 'command']);
  if (type === 'stdio' && command !== undefined && /\s/.test(command.trim()))
    c.report(
      'afm-draft-shape',
      'Draft shape: the current shape runs `command` without a shell; migrate by putting the program in `command` and each argument in `args: [...]`',
      p.at([...keys, 'command']).node,
    );
  if (type !== 'stdio')
    c.report(
      'afm-draft-shape',
      `Draft shape: migrate by writing \`type: http\` (the reference implementation has no '${type}')`,
      p.at([...keys, 'type']).node,
    );
}

/** The singular `interface`: its migration to `interfaces`, and the fields that do not fit its type. */
function checkInterface(p: FrontmatterPaths): void {
  const { c } = p;
  if (!isMap(p.at(['interface']).node)) return;
  const written = stringAt(p, ['interface', 'type']);
  const type = written !== undefined && DRAFT_TYPES.includes(written) ? written : undefined;
  const target = (type && getOwn(DRAFT_TO_CURRENT, type)) ?? 'consolechat';
  draftWarning(
    p,
    ['interface'],
    `the reference implementation reads a list \`interfaces\`; migrate by writing \`interfaces:\` with one item \`- type: ${target}\` and the same signature, exposure and subscription`,
  );
  checkKeyTypes(p, ['interface']);
  checkSignature(p);
  const exposure = given(p, ['interface', 'exposure']);
  if (exposure && type === 'function')
    c.report(
      'afm-interface-mismatch',
      '`exposure` applies to service, chat and webhook interfaces, not to function',
      exposure.keyRange,
    );
  if (exposure) checkExposure(p);
  const subscription = given(p, ['interface', 'subscription']);
  if (subscription && type !== undefined && type !== 'webhook')
    c.report(
      'afm-interface-mismatch',
      '`subscription` applies only to webhook interfaces',
      subscription.keyRange,
    );
  if (subscription) checkSubscription(p);
}

/** Signature `input` / `output`: valid JSON Schemas. */
function checkSignature(p: FrontmatterPaths): void {
  const keys = ['interface', 'signature'];
  if (!isMap(p.at(keys).node)) return;
  checkKeyTypes(p, keys);
  for (const key of ['input', 'output']) {
    const schema = p.at([...keys, key]).node;
    if (isMap(schema)) checkJsonSchema(p.c, schema, `signature.${key}`);
  }
}

/** `exposure.http`: a path starting with `/`, and an endpoint authentication the current shape lacks. */
function checkExposure(p: FrontmatterPaths): void {
  const keys = ['interface', 'exposure'];
  if (!isMap(p.at(keys).node)) return;
  checkKeyTypes(p, keys);
  const http = [...keys, 'http'];
  if (!isMap(p.at(http).node)) return;
  checkKeyTypes(p, http);
  const path = stringAt(p, [...http, 'path']);
  if (path !== undefined && !path.startsWith('/'))
    p.c.report(
      'invalid-value',
      'An HTTP `path` starts with `/` (e.g. `/chat`)',
      p.at([...http, 'path']).node,
      'warning',
    );
  checkAuthentication(
    p,
    [...http, 'authentication'],
    'the current shape has no endpoint authentication; the reference implementation rejects it',
  );
}

/** A webhook's subscription: the protocol the reference supports, no literal secret. */
function checkSubscription(p: FrontmatterPaths): void {
  const keys = ['interface', 'subscription'];
  if (!isMap(p.at(keys).node)) return;
  checkKeyTypes(p, keys);
  const protocol = stringAt(p, [...keys, 'protocol']);
  if (protocol !== undefined && protocol !== 'websub')
    p.c.report(
      'afm-portability',
      `Subscription protocol '${protocol}': the reference implementation supports only 'websub'`,
      p.at([...keys, 'protocol']).node,
    );
  const secret = p.at([...keys, 'secret']);
  if (secret.pair) checkSecret(p.c, secret.node, 'subscription.secret');
  checkAuthentication(p, [...keys, 'authentication']);
}
