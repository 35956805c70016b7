/**
 * The draft shape's interface, read by hand (the schema describes the current shape): one `interface` of
 * type `function | service | chat | webhook` (default `function`, string in, string out), with a migration
 * warning to the current shape's `interfaces` list. Signatures are JSON Schemas; `exposure.http.path` is
 * required when `http` is given; a `subscription` requires `protocol`, `hub` and `topic` (the spec text).
 */
import { getOwn } from '../../own-property.ts';
import { isScalar } from 'yaml';
import { checkAuth, checkSecret } from './check-auth.ts';
import { checkJsonSchema } from './check-json-schema.ts';
import type { Entry } from './node-checks.ts';
import { CURRENT_TYPES } from './frontmatter-issues.ts';
import { DRAFT_TO_CURRENT, type RuleContext } from './shape.ts';

const DRAFT_TYPES = ['function', 'service', 'chat', 'webhook'];

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
  const target = (type && getOwn(DRAFT_TO_CURRENT, type)) ?? 'consolechat';
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
    checkExposure(ctx, exposure);
  }
  const subscription = fields.get('subscription');
  if (subscription && !c.isNull(subscription.value)) {
    if (type !== undefined && type !== 'webhook')
      c.report(
        'afm-interface-mismatch',
        '`subscription` applies only to webhook interfaces',
        subscription.keyRange,
      );
    checkSubscription(ctx, subscription);
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

function checkExposure(ctx: RuleContext, entry: Entry): void {
  const { c } = ctx;
  const map = c.map(entry.value, '`exposure`');
  if (!map) return;
  const fields = c.fields(map, ['http'], '`exposure`');
  const http = fields.get('http');
  if (!http || c.isNull(http.value)) return;
  const httpMap = c.map(http.value, '`exposure.http`');
  if (!httpMap) return;
  const f = c.fields(httpMap, ['path', 'authentication'], '`exposure.http`');
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

function checkSubscription(ctx: RuleContext, entry: Entry): void {
  const { c } = ctx;
  const map = c.map(entry.value, '`subscription`');
  if (!map) return;
  const fields = c.fields(
    map,
    ['protocol', 'hub', 'topic', 'callback', 'secret', 'authentication'],
    '`subscription`',
  );
  // The spec text requires hub and topic (the current shape's reference implementation only the protocol).
  for (const key of ['protocol', 'hub', 'topic'])
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
