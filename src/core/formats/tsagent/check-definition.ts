/**
 * Checks a TsAgent definition (the `tsagent.json` of a folder, or the single YAML file) against its
 * shape's schema and TsAgent's own rules: missing and wrong fields, unknown keys (which TsAgent drops),
 * settings, providers with literal secrets, and the agent's mode.
 */
import * as v from 'valibot';
import { didYouMean } from '../../text/did-you-mean.ts';
import {
  definitionSchema,
  KNOWN_SETTINGS,
  METADATA_KEYS,
  NUMERIC_SETTINGS,
  ROOT_KEYS,
  toolPermissionSchema,
  type TsAgentShape,
} from './config-schema.ts';
import { keyTypoFixes, type Findings } from './findings.ts';
import {
  entryOf,
  nodeAtPath,
  plainJson,
  valueOf,
  type LocatedNode,
  type LocatedObject,
} from './located-tree.ts';

/** How a TsAgent agent runs (see the spec's "Agent type constraints"). */
export type TsAgentMode = 'interactive' | 'autonomous' | 'tools';

/** Provider ids TsAgent knows (`ProviderType`; matched case-insensitively). */
export const PROVIDER_IDS = [
  'claude',
  'gemini',
  'openai',
  'bedrock',
  'ollama',
  'docker',
  'local',
  'test',
] as const;

/** Checks the definition `root` of `file`; returns the agent's mode. */
export function checkDefinition(
  root: LocatedNode,
  file: string,
  shape: TsAgentShape,
  findings: Findings,
): TsAgentMode {
  checkSchema(root, file, shape, findings);
  if (root.kind !== 'object') return 'interactive';
  warnUnknownKeys(root, ROOT_KEYS[shape], file, findings, 'TsAgent drops it');
  const metadata = valueOf(root, 'metadata');
  if (metadata?.kind === 'object') {
    warnUnknownKeys(metadata, METADATA_KEYS[shape], file, findings, 'TsAgent drops it');
    for (const list of ['skills', 'tools'] as const) {
      const items = valueOf(metadata, list);
      if (items?.kind !== 'array') continue;
      const keys =
        list === 'skills'
          ? ['id', 'name', 'description', 'tags', 'examples']
          : ['name', 'description', 'parameters', 'prompt'];
      for (const item of items.items)
        if (item.kind === 'object') warnUnknownKeys(item, keys, file, findings, 'TsAgent drops it');
    }
  }
  checkSettings(valueOf(root, 'settings'), file, shape, findings);
  checkProviders(valueOf(root, 'providers'), file, findings);
  return checkMode(metadata, file, shape, findings);
}

/** Runs the shape's schema and reports each issue at its node: `missing-field` or `invalid-value`. */
function checkSchema(
  root: LocatedNode,
  file: string,
  shape: TsAgentShape,
  findings: Findings,
): void {
  const result = v.safeParse(definitionSchema(shape), plainJson(root));
  if (result.success) return;
  const seen = new Set<string>();
  for (const issue of result.issues) {
    const path = (issue.path ?? []).map((item) => item.key as string | number);
    const node = nodeAtPath(root, path);
    let code: 'missing-field' | 'invalid-value' = 'invalid-value';
    let from: number;
    let to: number;
    let message = issue.message;
    if (node === undefined && path.length > 0) {
      code = 'missing-field';
      const parentPath = path.slice(0, -1);
      const parent = nodeAtPath(root, parentPath) ?? root;
      const name = path.slice(1).reduce<string>((s, k) => `${s}.${k}`, String(path[0]));
      message = `\`${name}\` is required`;
      const holder = parentPath.length > 0 ? entryAt(root, parentPath) : undefined;
      [from, to] = holder
        ? [holder.keyFrom, holder.keyTo]
        : [parent.from, Math.min(parent.to, parent.from + 1)];
    } else {
      const at = node ?? root;
      [from, to] = [at.from, at.to];
    }
    const key = `${code}:${from}:${to}:${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.add(file, code, message, from, Math.max(to, from + 1));
  }
}

/** The object entry that holds the node at `path` (its key range), when the path ends in a key. */
function entryAt(root: LocatedNode, path: ReadonlyArray<string | number>) {
  const last = path[path.length - 1];
  const parent = nodeAtPath(root, path.slice(0, -1));
  return typeof last === 'string' || parent?.kind === 'object'
    ? entryOf(parent, String(last))
    : undefined;
}

/** Warns about keys of `node` that are not in `known` (TsAgent's Zod objects strip them). */
export function warnUnknownKeys(
  node: LocatedObject,
  known: readonly string[],
  file: string,
  findings: Findings,
  consequence: string,
): void {
  for (const entry of node.entries) {
    if (known.includes(entry.key)) continue;
    const suggestion = didYouMean(entry.key, known);
    findings.add(
      file,
      'unknown-field',
      `Unknown field '${entry.key}'${suggestion ? `; did you mean '${suggestion}'?` : ''}: ${consequence}`,
      entry.keyFrom,
      Math.max(entry.keyTo, entry.keyFrom + 1),
      'warning',
      keyTypoFixes(entry, known, node.entries),
    );
  }
}

function checkSettings(
  settings: LocatedNode | undefined,
  file: string,
  shape: TsAgentShape,
  findings: Findings,
): void {
  if (settings?.kind !== 'object') return;
  for (const entry of settings.entries) {
    const { key, value } = entry;
    if (key === 'toolPermission') {
      if (!v.safeParse(toolPermissionSchema, plainJson(value)).success)
        findings.at(
          file,
          value,
          'invalid-value',
          '`toolPermission` must be one of: always, never, tool',
        );
      continue;
    }
    if (
      shape === 'folder' &&
      (NUMERIC_SETTINGS as readonly string[]).includes(key) &&
      value.kind === 'scalar' &&
      typeof value.value === 'string' &&
      (value.value.trim() === '' || !Number.isFinite(Number(value.value)))
    ) {
      findings.at(
        file,
        value,
        'invalid-value',
        `'${key}' must hold a number (as a string, e.g. "0.5")`,
      );
    }
    if (!KNOWN_SETTINGS[shape].includes(key)) {
      const suggestion = didYouMean(key, KNOWN_SETTINGS[shape]);
      const renamed =
        shape === 'yaml' && key === 'mostRecentModel'
          ? ' (the YAML format calls it `model`)'
          : shape === 'folder' && key === 'model'
            ? ' (the directory format calls it `mostRecentModel`)'
            : '';
      findings.add(
        file,
        'unknown-field',
        `TsAgent keeps setting '${key}' but never reads it${suggestion ? `; did you mean '${suggestion}'?` : ''}${renamed}`,
        entry.keyFrom,
        Math.max(entry.keyTo, entry.keyFrom + 1),
        'warning',
        keyTypoFixes(entry, KNOWN_SETTINGS[shape], settings.entries),
      );
    }
  }
}

const SECRET_KEY = /(api_?key|secret|token|password|passwd|access_?key|credential)/i;
const SECRET_REFERENCE = /^\s*(env:\/\/|op:\/\/|\$\{|\$[A-Z_])/i;

function checkProviders(
  providers: LocatedNode | undefined,
  file: string,
  findings: Findings,
): void {
  if (providers?.kind !== 'object') return;
  for (const provider of providers.entries) {
    const id = provider.key.toLowerCase();
    if (!(PROVIDER_IDS as readonly string[]).includes(id)) {
      const suggestion =
        id === 'anthropic' ? 'claude' : id === 'google' ? 'gemini' : didYouMean(id, PROVIDER_IDS);
      findings.add(
        file,
        'unknown-field',
        `'${provider.key}' is not a TsAgent provider id (${PROVIDER_IDS.join(', ')})${suggestion ? `; did you mean '${suggestion}'?` : ''}`,
        provider.keyFrom,
        Math.max(provider.keyTo, provider.keyFrom + 1),
        'warning',
      );
    }
    if (provider.value.kind !== 'object') continue;
    for (const setting of provider.value.entries) {
      const value = setting.value;
      if (
        SECRET_KEY.test(setting.key) &&
        value.kind === 'scalar' &&
        typeof value.value === 'string' &&
        value.value.trim() !== '' &&
        !SECRET_REFERENCE.test(value.value)
      ) {
        findings.at(
          file,
          value,
          'tsagent-literal-api-key',
          `'${setting.key}' of provider '${provider.key}' is a literal secret; anyone with this file has it (use a reference such as env://${setting.key})`,
        );
      }
    }
  }
}

/**
 * The mode, with warnings where the fields disagree. Directory format: `metadata.tools` present → tools,
 * else `metadata.skills` present (even empty) → autonomous, else interactive. YAML: `tools` → tools, else
 * `autonomous: true` → autonomous (skills no longer imply it).
 */
function checkMode(
  metadata: LocatedNode | undefined,
  file: string,
  shape: TsAgentShape,
  findings: Findings,
): TsAgentMode {
  const tools = entryOf(metadata, 'tools');
  const skills = entryOf(metadata, 'skills');
  const autonomous = valueOf(metadata, 'autonomous');
  const autonomousFlag = autonomous?.kind === 'scalar' && autonomous.value === true;
  const keyRange = (e: { keyFrom: number; keyTo: number }): [number, number] => [
    e.keyFrom,
    Math.max(e.keyTo, e.keyFrom + 1),
  ];
  if (tools) {
    if (tools.value.kind === 'array' && tools.value.items.length === 0)
      findings.add(
        file,
        'tsagent-mode-conflict',
        '`tools` is empty: this is a tools agent that exports no tool (meta-mcp refuses to serve it)',
        ...keyRange(tools),
      );
    if (skills && shape === 'folder')
      findings.add(
        file,
        'tsagent-mode-conflict',
        '`skills` is ignored: with `tools` present the agent is a tools agent, not an autonomous one',
        ...keyRange(skills),
      );
    return 'tools';
  }
  if (shape === 'yaml') {
    if (skills && !autonomousFlag)
      findings.add(
        file,
        'tsagent-mode-conflict',
        'Skills no longer make an agent autonomous: without `autonomous: true` this agent is interactive',
        ...keyRange(skills),
        'info',
      );
    return autonomousFlag ? 'autonomous' : 'interactive';
  }
  return skills ? 'autonomous' : 'interactive';
}
