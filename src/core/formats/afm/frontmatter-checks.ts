/**
 * The rules of a current-shape frontmatter that have no schema form, each a small named check: warnings
 * (unknown `spec_version`, a `version` that is not semantic, `max_iterations` below 1, a repeated interface
 * type, a path without `/`), what the reference implementation rejects (`afm-portability`), unique server
 * names, platformchat modes, integer literals, literal secrets, signature JSON Schemas and keys that are not
 * strings. Each check reads only values `frontmatterSchema` reads, and only where the checker reaches them
 * (an interface of an unknown type, a transport of an unknown type are not looked into).
 */
import { isMap, isScalar, isSeq, type YAMLMap } from 'yaml';
import { allowedKeys, type PathKey } from '../valibot-issues.ts';
import { checkSecret, checkSecretEnv, isSecretField } from './check-auth.ts';
import { checkJsonSchema } from './check-json-schema.ts';
import { FrontmatterPaths, label } from './frontmatter-paths.ts';
import { CURRENT_TYPES } from './frontmatter-issues.ts';
import { isIntegerLiteral, type Entry, type NodeChecker } from './node-checks.ts';
import { reportKeyTypes } from './schema-issues.ts';
import type { RuleContext } from './shape.ts';

/** Spec versions this checker knows. */
export const KNOWN_SPEC_VERSIONS = ['0.3.0', '0.4.0'];
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const TRANSPORTS = ['http', 'stdio'];
const MODES = ['notification', 'request', 'polling'];

/** Runs every named check of a current-shape frontmatter. */
export function checkCurrentRules(ctx: RuleContext, p: FrontmatterPaths): void {
  checkKeyTypes(p, [], 'the frontmatter');
  checkVersions(p);
  checkInteger(p, ['max_iterations'], 1);
  for (const keys of [['provider'], ['model'], ['tools']]) checkKeyTypes(p, keys);
  checkAuthentication(p, ['model', 'authentication']);
  eachItem(p, ['interfaces'], (keys, i, seen) => checkInterface(ctx, p, keys, i, seen));
  const names = new Map<string, unknown>();
  eachItem(p, ['tools', 'mcp'], (keys, i) => checkServer(p, keys, i, names));
  eachItem(p, ['skills'], (keys, i) => {
    checkKeyTypes(p, keys, `skill source ${i + 1}`);
    const path = p.at([...keys, 'path']).node;
    if (isScalar(path) && typeof path.value === 'string')
      ctx.skillPaths.push({ path: path.value, node: path });
  });
}

/** Calls `visit` for each mapping item of the list at `keys`. */
function eachItem(
  p: FrontmatterPaths,
  keys: PathKey[],
  visit: (keys: PathKey[], index: number, seen: Set<string>) => void,
): void {
  const list = p.at(keys).node;
  const seen = new Set<string>();
  if (isSeq(list))
    list.items.forEach((_, i) => {
      if (isMap(p.at([...keys, i]).node)) visit([...keys, i], i, seen);
    });
}

/** The string value at `keys`, or undefined. */
export function stringAt(p: FrontmatterPaths, keys: PathKey[]): string | undefined {
  const node = p.at(keys).node;
  return isScalar(node) && typeof node.value === 'string' ? node.value : undefined;
}

/** The entry at `keys` as `NodeChecker.fields` gives it, when its value is not null. */
export function given(p: FrontmatterPaths, keys: PathKey[]): Entry | undefined {
  const { pair, node } = p.at(keys);
  if (!pair || p.c.isNull(node)) return undefined;
  const key = p.c.resolve(pair.key);
  return { key: String(keys[keys.length - 1]), keyRange: p.c.range(key), value: pair.value, pair };
}

/** Keys that are not plain strings in the mapping at `keys` (named `what`, by default its label). */
function checkKeyTypes(p: FrontmatterPaths, keys: PathKey[], what = `\`${label(keys)}\``): void {
  reportKeyTypes(p.c, keys.length === 0 ? p.root : p.at(keys).node, what);
}

/** `spec_version` and `version` (their string values checked by the schema). */
function checkVersions(p: FrontmatterPaths): void {
  checkSpecVersion(p.c, p.at(['spec_version']).node, stringAt(p, ['spec_version']));
  checkVersion(p.c, p.at(['version']).node, stringAt(p, ['version']));
}

/** A `spec_version` this checker knows (`value` the node's string, undefined when it is none). */
export function checkSpecVersion(c: NodeChecker, node: unknown, value: string | undefined): void {
  if (value !== undefined && !KNOWN_SPEC_VERSIONS.includes(value))
    c.report(
      'afm-spec-version',
      `spec_version '${value}' is not one this checker knows (${KNOWN_SPEC_VERSIONS.join(', ')}); it is checked as 0.3.0`,
      node,
    );
}

/** A `version` written MAJOR.MINOR.PATCH (a warning). */
export function checkVersion(c: NodeChecker, node: unknown, value: string | undefined): void {
  if (value !== undefined && !SEMVER.test(value))
    c.report(
      'invalid-value',
      '`version` should be a semantic version MAJOR.MINOR.PATCH',
      node,
      'warning',
    );
}

/**
 * An integer the schema accepts must also be written as one (YAML `2.0` is the number 2); `least` is the
 * smallest value without a warning (`max_iterations`), undefined where the schema sets the bound.
 */
export function checkInteger(p: FrontmatterPaths, keys: PathKey[], least?: number): void {
  const node = p.at(keys).node;
  if (!isScalar(node) || typeof node.value !== 'number' || !Number.isInteger(node.value)) return;
  const name = label(keys);
  if (!isIntegerLiteral(node)) {
    if (least !== undefined || node.value >= 0)
      p.c.report('invalid-value', `\`${name}\` must be an integer`, node);
  } else if (least !== undefined && node.value < least)
    p.c.report('invalid-value', `\`${name}\` should be at least ${least}`, node, 'warning');
}

/** An authentication object: its keys, and (once its `type` is a string) no literal credentials. */
function checkAuthentication(p: FrontmatterPaths, keys: PathKey[]): void {
  const auth = p.at(keys).node;
  if (!isMap(auth)) return;
  checkKeyTypes(p, keys);
  if (stringAt(p, [...keys, 'type']) === undefined) return;
  for (const pair of auth.items) {
    const key = p.c.resolve(pair.key);
    if (isScalar(key) && typeof key.value === 'string' && isSecretField(key.value))
      checkSecret(p.c, pair.value, `${label(keys)}.${key.value}`);
  }
}

/** One interface of a known type: its fields' rules beyond the schema. */
function checkInterface(
  ctx: RuleContext,
  p: FrontmatterPaths,
  keys: PathKey[],
  index: number,
  seen: Set<string>,
): void {
  const { c } = p;
  checkKeyTypes(p, keys, `interface ${index + 1}`);
  const type = stringAt(p, [...keys, 'type']);
  if (type === undefined || !CURRENT_TYPES.includes(type)) return;
  const typeNode = p.at([...keys, 'type']).node;
  if (seen.has(type))
    c.report(
      'invalid-value',
      `A second '${type}' interface: each type may appear once`,
      typeNode,
      'warning',
    );
  seen.add(type);
  checkKeyTypes(p, keys, `a ${type} interface`);
  const allowed = allowedKeys(p.schemaAt(keys)) ?? [];
  if (allowed.includes('signature')) checkSignature(p, [...keys, 'signature']);
  if (allowed.includes('exposure')) checkExposure(p, [...keys, 'exposure']);
  const prompt = p.at([...keys, 'prompt']).node;
  if (allowed.includes('prompt') && isScalar(prompt) && typeof prompt.value === 'string')
    ctx.httpAllowed.push(c.range(prompt));
  if (type === 'webhook') {
    if (given(p, [...keys, 'subscription'])) checkSubscription(p, [...keys, 'subscription']);
    else
      c.report(
        'afm-portability',
        'A webhook without `subscription`: the spec allows it, but the reference implementation requires one',
        typeNode,
      );
  }
  if (type === 'platformchat') checkPlatformChat(p, keys, typeNode);
}

/** Signature `input` / `output`: valid JSON Schemas. */
function checkSignature(p: FrontmatterPaths, keys: PathKey[]): void {
  if (!isMap(p.at(keys).node)) return;
  checkKeyTypes(p, keys);
  for (const key of ['input', 'output']) {
    const schema = p.at([...keys, key]).node;
    if (isMap(schema)) checkJsonSchema(p.c, schema, `signature.${key}`);
  }
}

/** `exposure.http.path` starts with `/`. */
function checkExposure(p: FrontmatterPaths, keys: PathKey[]): void {
  if (!isMap(p.at(keys).node)) return;
  checkKeyTypes(p, keys);
  if (!isMap(p.at([...keys, 'http']).node)) return;
  checkKeyTypes(p, [...keys, 'http']);
  const path = stringAt(p, [...keys, 'http', 'path']);
  if (path !== undefined && !path.startsWith('/'))
    p.c.report(
      'invalid-value',
      'An HTTP `path` starts with `/` (e.g. `/chat`)',
      p.at([...keys, 'http', 'path']).node,
      'warning',
    );
}

/** A webhook's subscription: the protocol the reference supports, no literal secret. */
function checkSubscription(p: FrontmatterPaths, keys: PathKey[]): void {
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
  if (given(p, [...keys, 'authentication'])) checkAuthentication(p, [...keys, 'authentication']);
}

/** A platformchat interface: newer than the reference, and what each mode allows. */
function checkPlatformChat(p: FrontmatterPaths, keys: PathKey[], typeNode: unknown): void {
  const { c } = p;
  c.report(
    'afm-portability',
    '\'platformchat\' is from the newer spec (0.4.0): afm-core @cec1ace5 rejects it, newer releases need `spec_version: "0.4.0"`',
    typeNode,
  );
  const config = p.at([...keys, 'platform_config']).node;
  if (isMap(config)) {
    checkKeyTypes(p, [...keys, 'platform_config']);
    for (const pair of config.items) {
      const key = c.resolve(pair.key);
      if (isScalar(key) && typeof key.value === 'string' && isSecretField(key.value))
        checkSecret(c, pair.value, `platform_config.${key.value}`);
    }
  }
  if (given(p, [...keys, 'polling']) && isMap(p.at([...keys, 'polling']).node)) {
    checkKeyTypes(p, [...keys, 'polling']);
    for (const key of ['interval', 'timeout']) checkInteger(p, [...keys, 'polling', key]);
  }
  if (given(p, [...keys, 'authentication'])) checkAuthentication(p, [...keys, 'authentication']);
  checkModes(p, keys);
}

/** `signature.output` only in mode `request`, `exposure` not in mode `polling`, `polling` and `authentication` only in it. */
function checkModes(p: FrontmatterPaths, keys: PathKey[]): void {
  const { c } = p;
  const mode = stringAt(p, [...keys, 'mode']);
  if (mode === undefined || !MODES.includes(mode)) return;
  const signature = given(p, [...keys, 'signature']);
  const signatureMap = p.at([...keys, 'signature']).node;
  if (mode !== 'request' && isMap(signatureMap) && signatureMap.has('output'))
    c.report(
      'afm-interface-mismatch',
      `Mode '${mode}' sends no synchronous reply: \`signature.output\` must not be given`,
      signature!.keyRange,
    );
  const exposure = given(p, [...keys, 'exposure']);
  if (mode === 'polling' && exposure)
    c.report(
      'afm-interface-mismatch',
      "Mode 'polling' has no inbound endpoint: remove `exposure`",
      exposure.keyRange,
    );
  if (mode !== 'polling')
    for (const key of ['polling', 'authentication']) {
      const e = given(p, [...keys, key]);
      if (e)
        c.report('afm-interface-mismatch', `\`${key}\` applies only to mode 'polling'`, e.keyRange);
    }
}

/** One MCP server: a name no other server has, and its transport's rules. */
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
  checkKeyTypes(p, [...keys, 'tool_filter']);
  const transport = [...keys, 'transport'];
  if (!isMap(p.at(transport).node)) return;
  checkKeyTypes(p, transport);
  const type = stringAt(p, [...transport, 'type']);
  if (type === undefined || !TRANSPORTS.includes(type)) return;
  checkKeyTypes(p, transport, `a ${type} transport`);
  const env = p.at([...transport, 'env']).node;
  if (type === 'stdio' && isMap(env)) {
    // The checker reads `env` twice (its values, then its credentials), and says so twice.
    checkKeyTypes(p, [...transport, 'env']);
    checkKeyTypes(p, [...transport, 'env']);
    checkSecretEnv(c, envEntries(p, env), 'transport.env');
  }
  if (type === 'http' && given(p, [...transport, 'authentication']))
    checkAuthentication(p, [...transport, 'authentication']);
}

/** The string-keyed entries of an `env` mapping. */
function envEntries(p: FrontmatterPaths, env: YAMLMap): Entry[] {
  return env.items.flatMap((pair) => {
    const key = p.c.resolve(pair.key);
    return isScalar(key) && typeof key.value === 'string'
      ? [{ key: key.value, keyRange: p.c.range(key), value: pair.value, pair }]
      : [];
  });
}
