/**
 * Advice beyond the v0.3.0 schema, all warnings: what the spec's prose asks and the schema does not check
 * (MIME modes, `preferredTransport`, absolute URLs, unique skill ids, defined security schemes), the
 * protocol version, signs of the newer v1.0 shape, and repeated keys.
 */
import { didYouMean } from '../../text/did-you-mean.ts';
import type { RawDiagnostic } from '../../diagnostics.ts';
import { problem } from './codes.ts';
import { memberOf, type JsonMember, type JsonNode } from '../../json/read-json.ts';
import { TRANSPORTS } from './schema.ts';
import { pathText, type JsonPath } from './validate-card.ts';

/** The protocol version the schema describes. */
export const PROTOCOL_VERSION = '0.3.0';

/** v1.0 wraps each security scheme in a one-key object; the key names the v0.3.0 `type`. */
const V1_SCHEME_WRAPPERS: Record<string, string> = {
  apiKeySecurityScheme: 'apiKey',
  httpAuthSecurityScheme: 'http',
  oauth2SecurityScheme: 'oauth2',
  openIdConnectSecurityScheme: 'openIdConnect',
  mtlsSecurityScheme: 'mutualTLS',
};

/** Common non-MIME modes and the MIME type meant. */
const MODE_FIXES: Record<string, string> = {
  text: 'text/plain',
  json: 'application/json',
  data: 'application/json',
  file: 'application/octet-stream',
  image: 'image/png',
  audio: 'audio/mpeg',
  video: 'video/mp4',
  html: 'text/html',
  markdown: 'text/markdown',
};

const TOKEN = '[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*';
const MIME = new RegExp(`^(?:\\*|${TOKEN})/(?:\\*|${TOKEN})(?:\\s*;.*)?$`);
const ABSOLUTE_URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/?#]+\S*$/;

/** What the advice found: the diagnostics, and whether the card looks like the v1.0 shape. */
export interface Advice {
  diagnostics: RawDiagnostic[];
  v1: boolean;
  /** Properties explained as v1.0 (not to be reported again as unknown), as `path|key`. */
  v1Keys: Set<string>;
}

/** Reads the advice for the card at `root` (an object; other roots get none). */
export function adviseCard(root: JsonNode): Advice {
  const out: Advice = { diagnostics: [], v1: false, v1Keys: new Set() };
  if (root.kind !== 'object') return out;
  const push = (d: RawDiagnostic) => out.diagnostics.push(d);
  checkV1Shape(root, out);
  checkProtocolVersion(root, push);
  checkTransports(root, out.v1, push);
  for (const key of ['defaultInputModes', 'defaultOutputModes'])
    checkModes(memberOf(root, key)?.value, key, push);
  checkSkills(root, push);
  for (const key of ['url', 'documentationUrl', 'iconUrl'])
    checkUrl(memberOf(root, key), key, push);
  const provider = memberOf(root, 'provider')?.value;
  if (provider) checkUrl(memberOf(provider, 'url'), 'provider.url', push);
  checkSecurity(root, push);
  return out;
}

/** Warns when `protocolVersion` is a string other than the one the schema describes. */
function checkProtocolVersion(root: JsonNode, push: (d: RawDiagnostic) => void): void {
  const version = memberOf(root, 'protocolVersion');
  if (version?.value.kind === 'string' && version.value.value !== PROTOCOL_VERSION)
    push(
      problem(
        'a2a-protocol-version',
        `protocolVersion '${clip(version.value.value)}' is not ${PROTOCOL_VERSION}; this card is checked against the v${PROTOCOL_VERSION} schema`,
        version.value.from,
        version.value.to,
      ),
    );
}

/**
 * Checks `preferredTransport` (missing, unless the card is v1.0-shaped, or unknown) and each
 * additional interface's transport and URL.
 */
function checkTransports(root: JsonNode, v1: boolean, push: (d: RawDiagnostic) => void): void {
  const transport = memberOf(root, 'preferredTransport');
  const url = memberOf(root, 'url');
  if (!transport && !v1) {
    const [from, to] = url ? [url.keyFrom, url.keyTo] : [root.from, root.from + 1];
    push(
      problem(
        'a2a-no-preferred-transport',
        'The card has no preferredTransport: the A2A spec requires it (the schema assumes "JSONRPC"); add "preferredTransport": "JSONRPC" or the transport `url` serves',
        from,
        to,
      ),
    );
  }
  if (transport) checkTransport(transport.value, 'preferredTransport', push);
  forItems(root, 'additionalInterfaces', (item, i) => {
    const t = memberOf(item, 'transport');
    if (t) checkTransport(t.value, `additionalInterfaces[${i}].transport`, push);
    checkUrl(memberOf(item, 'url'), `additionalInterfaces[${i}].url`, push);
  });
}

/** Checks each skill's modes and warns on a skill id an earlier skill already uses. */
function checkSkills(root: JsonNode, push: (d: RawDiagnostic) => void): void {
  const ids = new Map<string, JsonNode>();
  forItems(root, 'skills', (skill, i) => {
    for (const key of ['inputModes', 'outputModes'])
      checkModes(memberOf(skill, key)?.value, `skills[${i}].${key}`, push);
    const id = memberOf(skill, 'id')?.value;
    if (id?.kind !== 'string') return;
    if (ids.has(id.value))
      push(
        problem(
          'a2a-duplicate-skill-id',
          `Skill id '${clip(id.value)}' is already used by an earlier skill; clients tell skills apart by id`,
          id.from,
          id.to,
        ),
      );
    else ids.set(id.value, id);
  });
}

/** Reports every repeated key of every object in the tree (JSON readers keep the last value). */
export function duplicateKeys(root: JsonNode): RawDiagnostic[] {
  const out: RawDiagnostic[] = [];
  const stack: JsonNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 'array') for (const item of node.items) stack.push(item);
    if (node.kind !== 'object') continue;
    const seen = new Set<string>();
    for (const m of node.members) {
      if (seen.has(m.key))
        out.push(
          problem(
            'duplicate-key',
            `Key '${clip(m.key)}' appears more than once in this object; JSON readers keep only the last value`,
            m.keyFrom,
            m.keyTo,
            'warning',
          ),
        );
      seen.add(m.key);
      stack.push(m.value);
    }
  }
  return out;
}

/** In words, which version's shape the card at `root` has (shown to the user). */
export function shapeOf(root: JsonNode, v1: boolean): string {
  if (v1) return 'A2A v1.0 shape';
  const version = memberOf(root, 'protocolVersion')?.value;
  if (version === undefined) return 'A2A before v0.3 (no protocolVersion)';
  if (version.kind === 'string') return `A2A v${clip(version.value)}`;
  return 'A2A (protocolVersion unreadable)';
}

function checkV1Shape(root: JsonNode, out: Advice): void {
  const flag = (path: JsonPath, m: JsonMember, message: string) => {
    out.v1 = true;
    out.v1Keys.add(`${pathText(path)}|${m.key}`);
    out.diagnostics.push(problem('a2a-v1-shape', message, m.keyFrom, m.keyTo));
  };
  const interfaces = memberOf(root, 'supportedInterfaces');
  if (interfaces) {
    const first = interfaces.value.kind === 'array' ? interfaces.value.items[0] : undefined;
    const url = first ? memberOf(first, 'url')?.value : undefined;
    const binding = first ? memberOf(first, 'protocolBinding')?.value : undefined;
    const example =
      url?.kind === 'string'
        ? ` (here "url": ${JSON.stringify(clip(url.value))}, "preferredTransport": ${JSON.stringify(binding?.kind === 'string' ? clip(binding.value) : 'JSONRPC')})`
        : '';
    flag(
      [],
      interfaces,
      `'supportedInterfaces' is A2A v1.0. A v0.3.0 card gives its main endpoint as "url" and "preferredTransport"${example}, the other endpoints in "additionalInterfaces" as {"url", "transport"}, and "protocolVersion": "0.3.0"`,
    );
  }
  const capabilities = memberOf(root, 'capabilities')?.value;
  const extended = capabilities ? memberOf(capabilities, 'extendedAgentCard') : undefined;
  if (extended)
    flag(
      ['capabilities'],
      extended,
      '\'capabilities.extendedAgentCard\' is A2A v1.0; v0.3.0 says "supportsAuthenticatedExtendedCard" at the top level of the card',
    );
  const schemes = memberOf(root, 'securitySchemes')?.value;
  if (schemes?.kind === 'object')
    for (const scheme of schemes.members) {
      if (scheme.value.kind !== 'object' || memberOf(scheme.value, 'type')) continue;
      for (const m of scheme.value.members) {
        const type = Object.hasOwn(V1_SCHEME_WRAPPERS, m.key)
          ? V1_SCHEME_WRAPPERS[m.key]
          : undefined;
        if (type === undefined) continue;
        flag(
          ['securitySchemes', scheme.key],
          m,
          `'${m.key}' wraps the scheme the A2A v1.0 way; v0.3.0 writes its properties directly in the scheme with "type": "${type}"`,
        );
      }
    }
}

function checkTransport(node: JsonNode, where: string, push: (d: RawDiagnostic) => void): void {
  if (node.kind !== 'string' || (TRANSPORTS as readonly string[]).includes(node.value)) return;
  const suggestion = didYouMean(node.value, TRANSPORTS);
  push(
    problem(
      'a2a-unknown-transport',
      `${where} '${clip(node.value)}' is not an A2A transport (${TRANSPORTS.join(', ')})${suggestion ? `; did you mean '${suggestion}'?` : ''}`,
      node.from,
      node.to,
    ),
  );
}

function checkModes(
  node: JsonNode | undefined,
  where: string,
  push: (d: RawDiagnostic) => void,
): void {
  if (node?.kind !== 'array') return;
  for (const item of node.items) {
    if (item.kind !== 'string' || MIME.test(item.value)) continue;
    const fix = Object.hasOwn(MODE_FIXES, item.value.toLowerCase())
      ? MODE_FIXES[item.value.toLowerCase()]
      : undefined;
    push(
      problem(
        'a2a-mode-not-mime',
        `'${clip(item.value)}' in ${where} is not a MIME type${fix ? `; did you mean '${fix}'?` : ' (type/subtype)'}`,
        item.from,
        item.to,
      ),
    );
  }
}

function checkUrl(
  member: JsonMember | undefined,
  where: string,
  push: (d: RawDiagnostic) => void,
): void {
  const node = member?.value;
  if (node?.kind !== 'string' || ABSOLUTE_URL.test(node.value)) return;
  push(
    problem(
      'a2a-invalid-url',
      `${where} '${clip(node.value)}' is not an absolute URL (scheme://host/…)`,
      node.from,
      node.to,
    ),
  );
}

/** `security` lists (card and skills) must name schemes that `securitySchemes` defines. */
function checkSecurity(root: JsonNode, push: (d: RawDiagnostic) => void): void {
  const schemes = memberOf(root, 'securitySchemes')?.value;
  const defined = new Set(schemes?.kind === 'object' ? schemes.members.map((m) => m.key) : []);
  const check = (list: JsonNode | undefined, where: string) => {
    if (list?.kind !== 'array') return;
    for (const requirement of list.items) {
      if (requirement.kind !== 'object') continue;
      for (const m of requirement.members) {
        if (defined.has(m.key)) continue;
        const suggestion = didYouMean(m.key, defined);
        push(
          problem(
            'a2a-unknown-security-scheme',
            `${where} names '${clip(m.key)}', which securitySchemes does not define${suggestion ? `; did you mean '${suggestion}'?` : ''}`,
            m.keyFrom,
            m.keyTo,
          ),
        );
      }
    }
  };
  check(memberOf(root, 'security')?.value, 'security');
  forItems(root, 'skills', (skill, i) =>
    check(memberOf(skill, 'security')?.value, `skills[${i}].security`),
  );
}

function forItems(root: JsonNode, key: string, each: (item: JsonNode, i: number) => void): void {
  const list = memberOf(root, key)?.value;
  if (list?.kind === 'array') list.items.forEach(each);
}

/** A user string shortened for a message. */
function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
