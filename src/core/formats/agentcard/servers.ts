import { problem, type RawDiagnostic } from '../../diagnostics.ts';
import { getOwn, setOwn } from '../../own-property.ts';
import type { Json, ServerPlan } from '../../model/agent-data.ts';
import type { FieldRange } from './validate-fields.ts';

/** The `mcp.servers` of a `fastagent.config.yaml`, by server name. */
export type ServerConfigs = Record<string, Record<string, Json>>;

/** Reads `mcp.servers` from a parsed `fastagent.config.yaml` value; problems are reported by the caller. */
export function readServerConfigs(value: unknown): ServerConfigs | string {
  if (value === null || value === undefined) return {};
  if (!isObject(value)) return 'fastagent.config.yaml must be a mapping';
  const mcp = value['mcp'];
  if (mcp === undefined || mcp === null) return {};
  if (!isObject(mcp)) return '`mcp` must be a mapping';
  const servers = mcp['servers'];
  if (servers === undefined || servers === null) return {};
  if (!isObject(servers)) return '`mcp.servers` must be a mapping of server name to settings';
  const out: ServerConfigs = {};
  for (const [name, config] of Object.entries(servers))
    setOwn(out, name, isObject(config) ? (config as Record<string, Json>) : {});
  return out;
}

/**
 * Resolves a card's `servers`: plain names, and (RFC) single-key mappings with inline config whose unset
 * attributes inherit from `fastagent.config.yaml`, and whose `tools` become the server's tool filter.
 * `configs` is undefined when the load-set has no config file: then names cannot be checked. Each
 * `unknown-server` is at its entry's range in `entryRanges` (one per list item), else at the field's value.
 */
export function planServers(
  servers: unknown,
  range: FieldRange | undefined,
  configs: ServerConfigs | undefined,
  entryRanges: ReadonlyArray<readonly [number, number]> = [],
): { plan: ServerPlan; diagnostics: RawDiagnostic[] } {
  const plan: ServerPlan = { names: [], inlineTools: {}, configs: {} };
  const diagnostics: RawDiagnostic[] = [];
  if (!Array.isArray(servers)) return { plan, diagnostics };
  for (const [i, entry] of servers.entries()) {
    let name: string;
    let inline: Record<string, Json> | undefined;
    if (typeof entry === 'string') name = entry.trim();
    else if (isObject(entry) && Object.keys(entry).length === 1) {
      const [key, config] = Object.entries(entry)[0]!;
      name = key;
      inline = isObject(config) ? (config as Record<string, Json>) : {};
    } else continue;
    plan.names.push(name);
    const inherited = getOwn(configs, name);
    if (inline) {
      const { tools, ...settings } = inline;
      if (Array.isArray(tools))
        setOwn(
          plan.inlineTools,
          name,
          tools.filter((t): t is string => typeof t === 'string'),
        );
      setOwn(plan.configs, name, { ...(inherited ?? {}), ...settings });
    } else if (inherited) {
      setOwn(plan.configs, name, inherited);
    }
    const hasOwnConfig =
      inline !== undefined &&
      (typeof inline['url'] === 'string' || typeof inline['command'] === 'string');
    if (configs !== undefined && !inherited && !hasOwnConfig && range) {
      const [from, to] = entryRanges[i] ?? range.value;
      diagnostics.push(
        problem(
          'unknown-server',
          `Server '${name}' is not in fastagent.config.yaml and has no inline \`url\` or \`command\``,
          from,
          to,
        ),
      );
    }
  }
  return { plan, diagnostics };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
