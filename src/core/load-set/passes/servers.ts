/**
 * The servers pass's configuration side: the `fastagent.config.yaml` that applies to a folder (its own,
 * else the nearest parent's), read once per check.
 */
import { problem, type RawDiagnostic } from '../../diagnostics.ts';
import { readServerConfigs, type ServerConfigs } from '../../formats/agentcard/servers.ts';
import type { ParsedYaml, YamlVersion } from '../../text/parse-yaml.ts';
import { dirname } from '../../text/paths.ts';

/** What reading server configurations needs from the check. */
export interface ServerConfigReading {
  read(path: string): string | undefined;
  parse(text: string, offset: number, version: YamlVersion): ParsedYaml;
  report(file: string, d: RawDiagnostic): void;
}

/**
 * A lookup of the server configurations that apply to a folder (`''` is the root). A config file's YAML
 * problems and an invalid `mcp.servers` are reported in that file, once; an invalid config reads as empty.
 */
export function serverConfigLookup(
  reading: ServerConfigReading,
): (dir: string) => ServerConfigs | undefined {
  const configs = new Map<string, ServerConfigs | undefined>();
  const configFor = (dir: string): ServerConfigs | undefined => {
    if (configs.has(dir)) return configs.get(dir);
    const path = dir === '' ? 'fastagent.config.yaml' : `${dir}/fastagent.config.yaml`;
    const text = reading.read(path);
    let result: ServerConfigs | undefined;
    if (text !== undefined) result = readConfigFile(path, text, reading);
    else if (dir !== '') result = configFor(dirname(dir));
    configs.set(dir, result);
    return result;
  };
  return configFor;
}

function readConfigFile(path: string, text: string, reading: ServerConfigReading): ServerConfigs {
  const parsed = reading.parse(text, 0, '1.1');
  for (const d of parsed.diagnostics) reading.report(path, d);
  const servers = parsed.ok ? readServerConfigs(parsed.value) : {};
  if (typeof servers === 'string') {
    reading.report(path, problem('config-invalid', servers, 0, Math.min(text.length, 1)));
    return {};
  }
  return servers;
}
