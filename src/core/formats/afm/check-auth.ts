/**
 * Authentication objects (AFM §5.6) and literal credentials. An authentication object is open (any
 * extra field), but its `type` decides what it needs: `bearer` a `token`, `basic` a `username` and a
 * `password`, `api-key` an `api_key` (the reference implementation's rules, case-insensitive).
 */
import { isScalar } from 'yaml';
import type { Entry, NodeChecker } from './node-checks.ts';

/** Field names whose values are credentials: they should be `${…}` variables. */
const SECRET_FIELDS = new Set([
  'token',
  'password',
  'api_key',
  'key',
  'secret',
  'client_secret',
  'signing_secret',
  'access_token',
  'refresh_token',
  'bot_token',
]);
/** Environment-variable names that hold credentials (for stdio `env`). */
const SECRET_ENV = /(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL)/i;

const NEEDS: Record<string, readonly string[]> = {
  bearer: ['token'],
  basic: ['username', 'password'],
  'api-key': ['api_key'],
};

/** Checks the authentication object of `entry`; `what` names it (e.g. `model.authentication`). */
export function checkAuth(c: NodeChecker, entry: Entry, what: string): void {
  const node = entry.value;
  const map = c.map(node, `\`${what}\``);
  if (!map) return;
  const entries = new Map(c.entries(map, `\`${what}\``).map((e) => [e.key, e]));
  for (const e of entries.values()) {
    if (e.key === 'type' || SECRET_FIELDS.has(e.key) || e.key === 'username')
      c.str(e.value, `\`${what}.${e.key}\``);
  }
  const typeEntry = entries.get('type');
  if (!typeEntry || c.isNull(typeEntry.value)) {
    c.report(
      'missing-field',
      `\`${what}\` requires 'type' (bearer, basic, api-key, oauth2, …)`,
      typeEntry?.keyRange ?? entry.keyRange,
    );
    return;
  }
  const type = c.resolve(typeEntry.value);
  if (!isScalar(type) || typeof type.value !== 'string') return;
  const needs = NEEDS[type.value.toLowerCase()] ?? [];
  const missing = needs.filter((f) => !entries.has(f) || c.isNull(entries.get(f)!.value));
  if (missing.length > 0)
    c.report(
      'afm-auth-missing-field',
      `Authentication type '${type.value}' requires ${missing.map((m) => `'${m}'`).join(' and ')}`,
      type,
    );
  for (const e of entries.values())
    if (SECRET_FIELDS.has(e.key)) checkSecret(c, e.value, `${what}.${e.key}`);
}

/** Warns when a credential value is written literally instead of as a `${…}` variable. */
export function checkSecret(c: NodeChecker, node: unknown, what: string): void {
  const n = c.resolve(node);
  if (!isScalar(n) || typeof n.value !== 'string') return;
  if (n.value.trim() === '' || n.value.includes('${')) return;
  c.report(
    'afm-literal-secret',
    `\`${what}\` holds a literal credential; write a variable such as \${env:NAME} and keep the secret out of the file`,
    n,
  );
}

/** Checks stdio `env` values: credentials among them should be variables. */
export function checkSecretEnv(c: NodeChecker, entries: readonly Entry[], what: string): void {
  for (const e of entries) if (SECRET_ENV.test(e.key)) checkSecret(c, e.value, `${what}.${e.key}`);
}

/** True when `name` is a field whose value is a credential. */
export function isSecretField(name: string): boolean {
  return SECRET_FIELDS.has(name);
}
