/**
 * Producing an A2A v0.3.0 AgentCard from any agent's canonical data, as TsAgent's a2a-server does: the
 * user gives the service URL, `protocolVersion` is 0.3.0, modes `text/plain`, one skill per declared skill
 * (or a default one from the agent's name and description). Everything else the agent is (servers, tools,
 * model, instruction, history, workflow) stays behind and is listed in `lost`. The card always passes the
 * v0.3.0 schema.
 */
import * as v from 'valibot';
import { defaultAgentConfig, type Json } from '../../model/agent-data.ts';
import type { Conversion, EmitOptions, EmitSource } from '../format-module.ts';
import { PROTOCOL_VERSION } from './advise-card.ts';
import { AGENT_CARD_ENTRIES } from './schema.ts';

/** The `url` written when the user gives none: reserved (`.invalid` never resolves) and plainly a stand-in. */
export const PLACEHOLDER_URL = 'https://replace-me.invalid/a2a';

type JsonObject = { [key: string]: Json };
type Lost = Conversion['lost'];

/** Config fields and the value that means "not used" (anything else is lost in the card). */
const CONFIG_DEFAULTS: Record<string, Json> = defaultAgentConfig('');

const CONFIG_REASONS: Record<string, string> = {
  servers: "MCP servers are the agent's own tools; an A2A card does not list them",
  server_configs: 'server configuration is local to the agent',
  tools: "tool filters are the agent's own business; an A2A card does not list them",
  model: 'an A2A card does not say which model serves the agent',
  instruction:
    'the instruction (system prompt) stays with the agent; an A2A card publishes only a description',
  skills: "fast-agent skill folders are local; the card's skills are A2A skills",
  default_request_params: 'request parameters are local to the agent',
  api_key: 'credentials never go into a public card',
};

/** Card properties copied from an A2A source's extras when they are valid (a round trip keeps them). */
const CARRIED = [
  'version',
  'preferredTransport',
  'capabilities',
  'defaultInputModes',
  'defaultOutputModes',
  'provider',
  'iconUrl',
  'documentationUrl',
  'additionalInterfaces',
  'securitySchemes',
  'security',
  'supportsAuthenticatedExtendedCard',
] as const;

/** Writes `source` as an A2A AgentCard JSON file. Never throws. */
export function emitA2aCard(source: EmitSource, options: EmitOptions): Conversion {
  const lost: Lost = [];
  const config = asObject(source.data['config']) ?? {};
  const previous = source.format === 'a2a' ? asObject(source.extras?.['a2a']) : undefined;
  const name = stringOf(previous?.['name']) ?? stringOf(config['name']) ?? source.name;
  const description = describe(config, previous, name, lost);

  const card: JsonObject = {
    protocolVersion: PROTOCOL_VERSION,
    name,
    description,
    url: serviceUrl(source, previous, options, lost),
    preferredTransport: 'JSONRPC',
    version: '1.0.0',
    capabilities: {},
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: skillsOf(source, name, description, lost),
  };
  if (previous) carry(previous, card, lost);
  listLost(source, config, lost);

  const base = options.baseName ?? (slug(name) || 'agent-card');
  const file = `${base}.json`.toLowerCase() === 'tsagent.json' ? 'agent-card.json' : `${base}.json`;
  return { files: { [file]: JSON.stringify(card, null, 2) + '\n' }, lost };
}

function describe(
  config: JsonObject,
  previous: JsonObject | undefined,
  name: string,
  lost: Lost,
): string {
  const given = stringOf(previous?.['description']) ?? stringOf(config['description']);
  if (given !== undefined) return given;
  const instruction = stringOf(config['instruction']);
  if (instruction !== undefined) {
    const first = instruction
      .split(/\n\s*\n/)[0]!
      .replace(/\s+/g, ' ')
      .trim();
    lost.push({
      field: 'description',
      reason: 'the agent has no description; the first paragraph of its instruction stands in',
    });
    return first.length > 300 ? `${first.slice(0, 297)}…` : first;
  }
  lost.push({ field: 'description', reason: 'the agent has no description; its name stands in' });
  return name;
}

function serviceUrl(
  source: EmitSource,
  previous: JsonObject | undefined,
  options: EmitOptions,
  lost: Lost,
): string {
  const given = options.url?.trim();
  if (given) return given;
  const remote = stringOf(source.data['url']);
  if (remote !== undefined) return remote;
  // A v1.0 card has no `url`: its first interface is the main endpoint.
  const interfaces = previous?.['supportedInterfaces'];
  const first = Array.isArray(interfaces) ? asObject(interfaces[0]) : undefined;
  const v1Url = stringOf(first?.['url']);
  if (v1Url !== undefined) {
    lost.push({
      field: 'url',
      reason: "taken from the v1.0 card's first supportedInterfaces entry",
    });
    return v1Url;
  }
  lost.push({
    field: 'url',
    reason: `no service URL was given; the card says ${PLACEHOLDER_URL}: replace it with the URL the agent is served at`,
  });
  return PLACEHOLDER_URL;
}

function skillsOf(source: EmitSource, name: string, description: string, lost: Lost): Json[] {
  const declared = source.extras?.['skills'];
  const skills: JsonObject[] = [];
  const ids = new Set<string>();
  const uniqueId = (wanted: string) => {
    let id = wanted;
    for (let n = 2; ids.has(id); n++) id = `${wanted}-${n}`;
    ids.add(id);
    return id;
  };
  if (Array.isArray(declared)) {
    declared.forEach((entry, i) => {
      const skill = asObject(entry);
      if (!skill) {
        lost.push({ field: `skills[${i}]`, reason: 'not a skill (an object); dropped' });
        return;
      }
      const skillName = stringOf(skill['name']) ?? stringOf(skill['id']) ?? `Skill ${i + 1}`;
      const wantedId = stringOf(skill['id']) ?? (slug(skillName) || `skill-${i + 1}`);
      const id = uniqueId(wantedId);
      if (id !== wantedId)
        lost.push({
          field: `skills[${i}].id`,
          reason: `id '${wantedId}' repeats; written as '${id}'`,
        });
      const out: JsonObject = {
        id,
        name: skillName,
        description: stringOf(skill['description']) ?? skillName,
        tags: strings(skill['tags']),
      };
      if (stringOf(skill['description']) === undefined)
        lost.push({
          field: `skills[${i}].description`,
          reason: 'the skill has no description; its name stands in (A2A requires one)',
        });
      for (const key of ['examples', 'inputModes', 'outputModes']) {
        if (Array.isArray(skill[key])) out[key] = strings(skill[key]);
      }
      skills.push(out);
    });
  }
  if (skills.length === 0)
    skills.push({ id: uniqueId(slug(name) || 'agent'), name, description, tags: [] });
  return skills;
}

function carry(previous: JsonObject, card: JsonObject, lost: Lost): void {
  for (const key of CARRIED) {
    const value = previous[key];
    if (value === undefined) continue;
    if (v.is(AGENT_CARD_ENTRIES[key], value)) card[key] = value;
    else lost.push({ field: key, reason: 'not valid in the source card; the default is written' });
  }
  const version = previous['protocolVersion'];
  if (version !== undefined && version !== PROTOCOL_VERSION)
    lost.push({
      field: 'protocolVersion',
      reason: `the source card says ${JSON.stringify(version)}; the card is written for ${PROTOCOL_VERSION}`,
    });
  if (previous['signatures'] !== undefined)
    lost.push({
      field: 'signatures',
      reason: 'a signature covers the original card text; sign the produced card again',
    });
  const known = new Set<string>([
    ...CARRIED,
    'signatures',
    'protocolVersion',
    ...Object.keys(card),
  ]);
  for (const key of Object.keys(previous))
    if (!known.has(key))
      lost.push({ field: key, reason: 'not a property of an A2A v0.3.0 card; dropped' });
}

function listLost(source: EmitSource, config: JsonObject, lost: Lost): void {
  if (stringOf(config['instruction']) !== undefined)
    lost.push({ field: 'instruction', reason: CONFIG_REASONS['instruction']! });
  for (const [key, value] of Object.entries(config)) {
    if (['name', 'description', 'instruction', 'default_request_params'].includes(key)) continue;
    const unused = Object.hasOwn(CONFIG_DEFAULTS, key)
      ? sameJson(value, CONFIG_DEFAULTS[key]!)
      : isEmpty(value);
    if (unused) continue;
    lost.push({
      field: key,
      reason: CONFIG_REASONS[key] ?? 'local agent configuration; an A2A card cannot express it',
    });
  }
  const params = asObject(config['default_request_params']) ?? {};
  if (Object.keys(params).some((k) => k !== 'systemPrompt' && k !== 'useHistory'))
    lost.push({
      field: 'default_request_params',
      reason: CONFIG_REASONS['default_request_params']!,
    });
  const type = stringOf(source.data['type']);
  if (type !== undefined && type !== 'basic' && type !== 'a2a')
    lost.push({
      field: 'type',
      reason: `a ${type} workflow; the card describes it from outside as one agent`,
    });
  for (const [key, value] of Object.entries(source.data)) {
    if (['config', 'type', 'tool_only', 'schema_version', 'url'].includes(key)) continue;
    if (key === 'function_tools') continue; // reported with config
    if (key === 'message_files') {
      lost.push({ field: 'history', reason: 'the preloaded conversation history stays local' });
      continue;
    }
    if (isEmpty(value)) continue;
    lost.push({ field: key, reason: 'workflow configuration; an A2A card cannot express it' });
  }
  for (const key of Object.keys(source.extras ?? {})) {
    if (key === 'skills' || (key === 'a2a' && source.format === 'a2a')) continue;
    lost.push({ field: `extras.${key}`, reason: `${source.format}-specific; no A2A equivalent` });
  }
}

function asObject(value: Json | undefined): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
}

function stringOf(value: Json | undefined): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function strings(value: Json | undefined): string[] {
  return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
}

function isEmpty(value: Json): boolean {
  if (value === null || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

function sameJson(a: Json, b: Json): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A lowercase id from a name: letters, digits and `-`. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
}
