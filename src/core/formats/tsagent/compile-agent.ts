/**
 * Compiles a checked TsAgent definition to the canonical shape every format shares (`AgentData`, as an
 * AgentCard compiles) plus TsAgent's own views (`extras`).
 *
 * The instruction is assembled the way a TsAgent chat session starts: the system prompt, then every rule
 * and then every reference whose `include` is `always`, each group ordered by `priorityLevel` (lower first)
 * and then by name, separated by blank lines. Items included `manual`ly or chosen by the `agent` at run time
 * are listed in `extras` but are not part of the instruction.
 */
import { defaultAgentConfig, type AgentData, type Json } from '../../model/agent-data.ts';
import type { TsAgentShape } from './config-schema.ts';
import type { TsAgentMode } from './check-definition.ts';
import type { ServerSummary } from './check-servers.ts';
import type { McpTool } from './check-tools.ts';
import type { ContextItem } from './read-context-items.ts';
import { plainJson, setKey, stringAt, valueOf, type LocatedNode } from './located-tree.ts';

/** Everything the compile needs, already checked. */
export interface CheckedAgent {
  shape: TsAgentShape;
  name: string;
  root: LocatedNode;
  mode: TsAgentMode;
  systemPrompt: string | null;
  rules: ContextItem[];
  references: ContextItem[];
  servers: ServerSummary[];
  mcpTools: McpTool[];
  /** How many embedding numbers the fast path skipped (YAML only). */
  elidedNumbers: number;
}

const REDACTED = '<redacted>';

/** The canonical data and the extras of one agent. Pure; never throws. */
export function compileAgent(agent: CheckedAgent): {
  data: AgentData;
  extras: { [key: string]: Json };
} {
  const metadata = valueOf(agent.root, 'metadata');
  const settings = valueOf(agent.root, 'settings');
  const model = stringAt(settings, agent.shape === 'yaml' ? 'model' : 'mostRecentModel') ?? null;
  const instruction = assembleInstruction(agent);
  const useHistory = agent.mode === 'interactive';
  const description = stringAt(metadata, 'description');
  const config: { [key: string]: Json } = {
    ...defaultAgentConfig(agent.name),
    instruction,
    description: description !== undefined && description.trim() !== '' ? description.trim() : null,
    servers: agent.servers.map((s) => s.name),
    model,
    use_history: useHistory,
    default_request_params: requestParams(settings, instruction, useHistory),
    human_input: agent.mode === 'interactive',
  };
  if (agent.servers.length > 0)
    config['server_configs'] = Object.fromEntries(agent.servers.map((s) => [s.name, s.config]));
  const data: AgentData = { config, type: 'basic', tool_only: false, schema_version: 1 };
  return { data, extras: compileExtras(agent, metadata, settings) };
}

/** A numeric setting (a number, or a string holding one), or undefined. */
function numberSetting(settings: LocatedNode | undefined, key: string): number | undefined {
  const node = valueOf(settings, key);
  if (node?.kind !== 'scalar') return undefined;
  const n = typeof node.value === 'string' ? Number(node.value) : node.value;
  return typeof n === 'number' && Number.isFinite(n) && node.value !== '' ? n : undefined;
}

/** The default request parameters: the instruction, the numeric settings that are set, and history use. */
function requestParams(
  settings: LocatedNode | undefined,
  instruction: string | null,
  useHistory: boolean,
): { [key: string]: Json } {
  const params: { [key: string]: Json } = {};
  if (instruction !== null) params['systemPrompt'] = instruction;
  const maxTokens = numberSetting(settings, 'maxOutputTokens');
  if (maxTokens !== undefined) params['maxTokens'] = maxTokens;
  const temperature = numberSetting(settings, 'temperature');
  if (temperature !== undefined) params['temperature'] = temperature;
  const turns = numberSetting(settings, 'maxChatTurns');
  if (turns !== undefined) params['max_iterations'] = turns;
  params['useHistory'] = useHistory;
  return params;
}

/** TsAgent's own views: mode and shape, tools, skills, settings, providers (secrets redacted), items, metadata. */
function compileExtras(
  agent: CheckedAgent,
  metadata: LocatedNode | undefined,
  settings: LocatedNode | undefined,
): { [key: string]: Json } {
  const extras: { [key: string]: Json } = {
    mode: agent.mode,
    shape: agent.shape === 'yaml' ? 'single YAML file' : 'agent directory',
  };
  const tools = valueOf(metadata, 'tools');
  if (tools !== undefined) extras['tools'] = plainJson(tools);
  const skills = valueOf(metadata, 'skills');
  if (skills !== undefined) extras['skills'] = plainJson(skills);
  if (agent.mode === 'tools') extras['mcpTools'] = agent.mcpTools;
  if (settings !== undefined) extras['settings'] = plainJson(settings);
  extras['providers'] = providersWithoutSecrets(valueOf(agent.root, 'providers'));
  extras['rules'] = agent.rules.map(summary);
  extras['references'] = agent.references.map(summary);
  const about: { [key: string]: Json } = {};
  for (const key of [
    'version',
    'iconUrl',
    'documentationUrl',
    'provider',
    'created',
    'lastAccessed',
  ]) {
    const value = valueOf(metadata, key);
    if (value !== undefined) about[key] = plainJson(value);
  }
  extras['metadata'] = about;
  if (agent.elidedNumbers > 0) extras['embeddingNumbersSkipped'] = agent.elidedNumbers;
  return extras;
}

/** The system prompt, then the always-included rules, then the always-included references. */
export function assembleInstruction(agent: {
  systemPrompt: string | null;
  rules: readonly ContextItem[];
  references: readonly ContextItem[];
}): string | null {
  const parts: string[] = [];
  if (agent.systemPrompt !== null && agent.systemPrompt.trim() !== '')
    parts.push(agent.systemPrompt.trim());
  for (const group of [agent.rules, agent.references]) {
    const always = group
      .filter((item) => item.include === 'always')
      .sort(
        (a, b) =>
          a.priorityLevel - b.priorityLevel || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
      );
    for (const item of always) if (item.text.trim() !== '') parts.push(item.text.trim());
  }
  return parts.length > 0 ? parts.join('\n\n') : null;
}

function summary(item: ContextItem): Json {
  return {
    name: item.name,
    description: item.description,
    priorityLevel: item.priorityLevel,
    include: item.include,
    file: item.file,
  };
}

/** Each provider with its settings, every value whose key names a secret replaced by `<redacted>`. */
function providersWithoutSecrets(providers: LocatedNode | undefined): Json {
  const out: { [key: string]: Json } = {};
  if (providers?.kind !== 'object') return out;
  for (const provider of providers.entries) {
    const settings: { [key: string]: Json } = {};
    if (provider.value.kind === 'object')
      for (const entry of provider.value.entries)
        setKey(
          settings,
          entry.key,
          /(key|secret|token|password|passwd|credential)/i.test(entry.key)
            ? REDACTED
            : plainJson(entry.value),
        );
    setKey(out, provider.key, settings);
  }
  return out;
}
