/**
 * The agent's interface. Draft shape: one `interface` of type `function | service | chat | webhook`
 * (default `function`, string in, string out). Current shape: an `interfaces` list of `consolechat`,
 * `webchat`, `webhook` (and, newer, `platformchat`); default one `consolechat`. Signatures are JSON
 * Schemas; `exposure.http.path` is required when `http` is given; webhooks take a `subscription`.
 */
import { isMap, isScalar } from 'yaml';
import { checkAuth, checkSecret, isSecretField } from './check-auth.ts';
import { checkJsonSchema } from './check-json-schema.ts';
import type { Entry, Range } from './node-checks.ts';
import type { RuleContext } from './shape.ts';

const DRAFT_TYPES = ['function', 'service', 'chat', 'webhook'];
const CURRENT_TYPES = ['consolechat', 'webchat', 'webhook', 'platformchat'];
/** How the draft's interface types map onto the current ones (for migration hints). */
export const DRAFT_TO_CURRENT: Readonly<Record<string, string>> = {
  function: 'consolechat',
  service: 'webchat',
  chat: 'webchat',
  webhook: 'webhook',
};
const CURRENT_FIELDS: Record<string, readonly string[]> = {
  consolechat: ['type', 'signature'],
  webchat: ['type', 'signature', 'exposure'],
  webhook: ['type', 'prompt', 'signature', 'exposure', 'subscription'],
  platformchat: [
    'type',
    'platform',
    'mode',
    'platform_config',
    'prompt',
    'signature',
    'exposure',
    'polling',
    'authentication',
  ],
};
const ALL_CURRENT_FIELDS = [...new Set(Object.values(CURRENT_FIELDS).flat())];
const PLATFORM_MODES = ['notification', 'request', 'polling'];

/** Checks the draft shape's singular `interface`. */
export function checkDraftInterface(ctx: RuleContext, entry: Entry): void {
  const { c } = ctx;
  const map = c.map(entry.value, '`interface`');
  if (!map) return;
  const fields = c.fields(map, ['type', 'signature', 'exposure', 'subscription'], '`interface`');
  let type: string | undefined;
  if (c.require(fields, 'type', '`interface`', entry.keyRange)) {
    const node = c.resolve(fields.get('type')!.value);
    type = c.str(node, '`interface.type`');
    if (type !== undefined && !DRAFT_TYPES.includes(type)) {
      const hint = CURRENT_TYPES.includes(type)
        ? `; '${type}' belongs to the current shape's \`interfaces\` list`
        : '';
      c.report(
        'invalid-value',
        `Unknown interface type '${type}' (one of ${DRAFT_TYPES.join(', ')})${hint}`,
        node,
      );
      type = undefined;
    }
  }
  const target = type ? DRAFT_TO_CURRENT[type]! : 'consolechat';
  c.report(
    'afm-draft-shape',
    `Draft shape: the reference implementation reads a list \`interfaces\`; migrate by writing \`interfaces:\` with one item \`- type: ${target}\` and the same signature, exposure and subscription`,
    entry.keyRange,
  );
  checkSignature(ctx, fields.get('signature'));
  const exposure = fields.get('exposure');
  if (exposure && !c.isNull(exposure.value)) {
    if (type === 'function')
      c.report(
        'afm-interface-mismatch',
        '`exposure` applies to service, chat and webhook interfaces, not to function',
        exposure.keyRange,
      );
    checkExposure(ctx, exposure, true);
  }
  const subscription = fields.get('subscription');
  if (subscription && !c.isNull(subscription.value)) {
    if (type !== undefined && type !== 'webhook')
      c.report(
        'afm-interface-mismatch',
        '`subscription` applies only to webhook interfaces',
        subscription.keyRange,
      );
    checkSubscription(ctx, subscription, true);
  }
}

/** Checks the current shape's `interfaces` list. */
export function checkInterfaces(ctx: RuleContext, entry: Entry): void {
  const { c } = ctx;
  const list = c.seq(entry.value, '`interfaces`');
  if (!list) return;
  const seen = new Set<string>();
  list.items.forEach((node, i) => {
    const what = `interface ${i + 1}`;
    const map = c.map(node, what);
    if (!map) return;
    const all = c.entries(map, what);
    const typeEntry = all.find((e) => e.key === 'type');
    if (!typeEntry || c.isNull(typeEntry.value)) {
      c.report(
        'missing-field',
        `Each interface requires 'type' (${CURRENT_TYPES.join(', ')})`,
        typeEntry?.keyRange ?? c.range(map),
      );
      return;
    }
    const typeNode = c.resolve(typeEntry.value);
    const type = c.str(typeNode, '`type`');
    if (type === undefined) return;
    if (!CURRENT_TYPES.includes(type)) {
      const hint = DRAFT_TO_CURRENT[type]
        ? `; '${type}' is the draft shape's type, write '${DRAFT_TO_CURRENT[type]}'`
        : '';
      c.report(
        'invalid-value',
        `Unknown interface type '${type}' (one of ${CURRENT_TYPES.join(', ')})${hint}`,
        typeNode,
      );
      return;
    }
    if (seen.has(type))
      c.report(
        'invalid-value',
        `A second '${type}' interface: each type may appear once`,
        typeNode,
        'warning',
      );
    seen.add(type);
    const fields = c.fields(map, CURRENT_FIELDS[type]!, `a ${type} interface`, (e) => {
      if (!ALL_CURRENT_FIELDS.includes(e.key)) return false;
      c.report(
        'afm-interface-mismatch',
        `\`${e.key}\` does not apply to a ${type} interface`,
        e.keyRange,
      );
      return true;
    });
    checkSignature(ctx, fields.get('signature'));
    const exposure = fields.get('exposure');
    if (exposure && !c.isNull(exposure.value)) checkExposure(ctx, exposure, false);
    const prompt = fields.get('prompt');
    if (prompt && c.str(prompt.value, '`prompt`') !== undefined)
      ctx.httpAllowed.push(c.range(c.resolve(prompt.value)));
    if (type === 'webhook') {
      const subscription = fields.get('subscription');
      if (subscription && !c.isNull(subscription.value))
        checkSubscription(ctx, subscription, false);
      else
        c.report(
          'afm-portability',
          'A webhook without `subscription`: the spec allows it, but the reference implementation requires one',
          typeNode,
        );
    }
    if (type === 'platformchat') checkPlatformChat(ctx, fields, typeNode, typeEntry.keyRange);
  });
}

function checkPlatformChat(
  ctx: RuleContext,
  fields: Map<string, Entry>,
  typeNode: unknown,
  anchor: Range,
): void {
  const { c } = ctx;
  c.report(
    'afm-portability',
    '\'platformchat\' is from the newer spec (0.4.0): afm-core @cec1ace5 rejects it, newer releases need `spec_version: "0.4.0"`',
    typeNode,
  );
  if (c.require(fields, 'platform', 'A platformchat interface', anchor))
    c.str(fields.get('platform')!.value, '`platform`');
  let mode: string | undefined;
  if (c.require(fields, 'mode', 'A platformchat interface', anchor)) {
    const node = c.resolve(fields.get('mode')!.value);
    mode = c.str(node, '`mode`');
    if (mode !== undefined && !PLATFORM_MODES.includes(mode)) {
      c.report('invalid-value', `\`mode\` must be one of ${PLATFORM_MODES.join(', ')}`, node);
      mode = undefined;
    }
  }
  const config = fields.get('platform_config');
  if (config) {
    const map = c.map(config.value, '`platform_config`');
    if (map)
      for (const e of c.entries(map, '`platform_config`'))
        if (isSecretField(e.key)) checkSecret(c, e.value, `platform_config.${e.key}`);
  }
  const polling = fields.get('polling');
  if (polling && !c.isNull(polling.value)) {
    const map = c.map(polling.value, '`polling`');
    if (map) {
      const f = c.fields(map, ['interval', 'timeout'], '`polling`');
      for (const key of ['interval', 'timeout']) {
        const e = f.get(key);
        if (!e) continue;
        const n = c.int(e.value, `\`polling.${key}\``);
        if (n !== undefined && n < 0)
          c.report('invalid-value', `\`polling.${key}\` must not be negative`, c.resolve(e.value));
      }
    }
  }
  const auth = fields.get('authentication');
  if (auth && !c.isNull(auth.value)) checkAuth(c, auth, 'authentication');
  if (mode === undefined) return;
  const signature = c.resolve(fields.get('signature')?.value);
  if (mode !== 'request' && isMap(signature) && signature.has('output'))
    c.report(
      'afm-interface-mismatch',
      `Mode '${mode}' sends no synchronous reply: \`signature.output\` must not be given`,
      fields.get('signature')!.keyRange,
    );
  const exposure = fields.get('exposure');
  if (mode === 'polling' && exposure && !c.isNull(exposure.value))
    c.report(
      'afm-interface-mismatch',
      "Mode 'polling' has no inbound endpoint: remove `exposure`",
      exposure.keyRange,
    );
  if (mode !== 'polling')
    for (const key of ['polling', 'authentication']) {
      const e = fields.get(key);
      if (e && !c.isNull(e.value))
        c.report('afm-interface-mismatch', `\`${key}\` applies only to mode 'polling'`, e.keyRange);
    }
}

function checkSignature(ctx: RuleContext, entry: Entry | undefined): void {
  const { c } = ctx;
  if (!entry || c.isNull(entry.value)) return;
  const map = c.map(entry.value, '`signature`');
  if (!map) return;
  const fields = c.fields(map, ['input', 'output'], '`signature`');
  for (const key of ['input', 'output']) {
    const e = fields.get(key);
    if (e && !c.isNull(e.value)) checkJsonSchema(c, e.value, `signature.${key}`);
  }
}

function checkExposure(ctx: RuleContext, entry: Entry, draft: boolean): void {
  const { c } = ctx;
  const map = c.map(entry.value, '`exposure`');
  if (!map) return;
  const fields = c.fields(map, ['http'], '`exposure`');
  const http = fields.get('http');
  if (!http || c.isNull(http.value)) return;
  const httpMap = c.map(http.value, '`exposure.http`');
  if (!httpMap) return;
  const f = c.fields(httpMap, draft ? ['path', 'authentication'] : ['path'], '`exposure.http`');
  if (c.require(f, 'path', '`exposure.http`', http.keyRange)) {
    const node = c.resolve(f.get('path')!.value);
    const path = c.str(node, '`exposure.http.path`');
    if (path !== undefined && !path.startsWith('/'))
      c.report('invalid-value', 'An HTTP `path` starts with `/` (e.g. `/chat`)', node, 'warning');
  }
  const auth = f.get('authentication');
  if (auth && !c.isNull(auth.value)) {
    checkAuth(c, auth, 'exposure.http.authentication');
    c.report(
      'afm-draft-shape',
      'Draft shape: the current shape has no endpoint authentication; the reference implementation rejects it',
      auth.keyRange,
    );
  }
}

function checkSubscription(ctx: RuleContext, entry: Entry, draft: boolean): void {
  const { c } = ctx;
  const map = c.map(entry.value, '`subscription`');
  if (!map) return;
  const fields = c.fields(
    map,
    ['protocol', 'hub', 'topic', 'callback', 'secret', 'authentication'],
    '`subscription`',
  );
  // The spec text requires hub and topic; the current reference implementation only the protocol.
  for (const key of draft ? ['protocol', 'hub', 'topic'] : ['protocol'])
    c.require(fields, key, '`subscription`', entry.keyRange);
  for (const key of ['protocol', 'hub', 'topic', 'callback', 'secret']) {
    const e = fields.get(key);
    if (e) c.str(e.value, `\`subscription.${key}\``);
  }
  const protocol = fields.get('protocol');
  const value = protocol ? c.resolve(protocol.value) : undefined;
  if (isScalar(value) && typeof value.value === 'string' && value.value !== 'websub')
    c.report(
      'afm-portability',
      `Subscription protocol '${value.value}': the reference implementation supports only 'websub'`,
      value,
    );
  const secret = fields.get('secret');
  if (secret) checkSecret(c, secret.value, 'subscription.secret');
  const auth = fields.get('authentication');
  if (auth && !c.isNull(auth.value)) checkAuth(c, auth, 'subscription.authentication');
}
