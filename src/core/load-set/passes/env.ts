/**
 * Environment expansion (fast-agent profile): `${VAR}` and `${VAR:default}` in card values, as fast-agent
 * expands them when it loads a card.
 */

const ENV_REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::([^}]*))?\}/g;

/** Expands `${VAR}` and `${VAR:default}` in every string of a value; unset variables stay as written. */
export function expandEnv(value: unknown, env: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string') {
    return value.includes('${')
      ? value.replace(ENV_REFERENCE, (whole, name: string, fallback?: string) =>
          Object.hasOwn(env, name) ? env[name]! : (fallback ?? whole),
        )
      : value;
  }
  if (Array.isArray(value)) return value.map((item) => expandEnv(item, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, item]) => [k, expandEnv(item, env)]));
  }
  return value;
}
