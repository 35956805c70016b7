/** TsAgent's registry record: an agent directory's `tsagent.json`, or a TsAgent YAML file. */
import { basename, dirname } from '../../text/paths.ts';
import { formatRecord } from '../format-record.ts';

/** The file that makes a folder a TsAgent agent directory. */
export const ENTRY = 'tsagent.json';
/** TsAgent YAML file names. */
export const YAML_PATH = /\.ya?ml$/i;
const TOP_METADATA = /^metadata:[ \t]*(?:#.*)?\r?$/m;
const TOP_AGENT_KEY = /^(?:settings|systemPrompt|mcpServers):/m;

/** True when `text` looks like a TsAgent YAML file: top-level `metadata:` and an agent-only key. */
export function isTsAgentYaml(text: string): boolean {
  return TOP_METADATA.test(text) && TOP_AGENT_KEY.test(text);
}

/** True when `text` is a JSON object with the `metadata` and `settings` objects of a `tsagent.json`. */
function isTsAgentJson(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    const isObject = (x: unknown): x is Record<string, unknown> =>
      typeof x === 'object' && x !== null && !Array.isArray(x);
    return isObject(value) && isObject(value['metadata']) && isObject(value['settings']);
  } catch {
    return false;
  }
}

/** TsAgent's id, name, detection, folder units and files; `load` imports its reader. */
export const tsAgentRecord = formatRecord({
  id: 'tsagent',
  label: 'TsAgent',
  detect: (path, text) => basename(path) === ENTRY || (YAML_PATH.test(path) && isTsAgentYaml(text)),
  reach: (path) => (YAML_PATH.test(path) ? Infinity : 0),
  unitFolder: (entry) => (basename(entry) === ENTRY ? dirname(entry) : undefined),
  extensions: { '.yaml': 'yaml', '.yml': 'yaml' },
  // Rule and reference files: read with the agent's folder only.
  memberExtensions: { '.mdt': 'markdown', '.json': 'json' },
  entry: ENTRY,
  paste: { name: ENTRY, claims: isTsAgentJson },
  load: () => import('./index.ts').then((m) => m.tsAgentFormat),
});
