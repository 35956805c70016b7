/**
 * Literal credentials (AFM §5.6): credential fields of authentication objects and stdio `env` values
 * should be `${…}` variables. What an authentication object needs is in the frontmatter schemas
 * (`AUTH_NEEDS` of `frontmatter-schema.ts`).
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
