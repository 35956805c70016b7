/** TsAgent's detector: an agent directory's `tsagent.json`, or a TsAgent YAML file. */
import { basename, dirname } from '../../load-set/paths.ts';
import type { FormatDetector } from '../format-module.ts';

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

/** TsAgent's id, name, detection and folder units. */
export const tsAgentDetector: FormatDetector = {
  id: 'tsagent',
  label: 'TsAgent',
  detect: (path, text) => basename(path) === ENTRY || (YAML_PATH.test(path) && isTsAgentYaml(text)),
  reach: (path) => (YAML_PATH.test(path) ? Infinity : 0),
  unitFolder: (entry) => (basename(entry) === ENTRY ? dirname(entry) : undefined),
};
