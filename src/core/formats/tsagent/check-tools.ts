/**
 * Checks the tools a tools agent exports (`metadata.tools`) and builds the MCP tool list that meta-mcp
 * would serve: `parameters` must be a JSON Schema object, prompt templates may only use `{name}` (the tool
 * name) and declared parameters, tool names must be unique.
 */
import type { Json } from '../../model/agent-data.ts';
import type { Findings } from './findings.ts';
import { plainJson, stringAt, valueOf, type LocatedNode } from './located-tree.ts';

/** One MCP tool as meta-mcp lists it. */
export interface McpTool {
  [key: string]: Json;
  name: string;
  toolName: string;
  description: string;
  inputSchema: { [key: string]: Json };
}

/** A `{placeholder}` of a prompt template: what meta-mcp's `\{key\}` replacement can fill. */
const PLACEHOLDER = /\{([A-Za-z_$][\w$-]*)\}/g;

/**
 * Checks `tools` (the node of `metadata.tools`) of `file` with source `text`; returns the MCP tools,
 * named `${serverName}_${toolName}`, for the tools whose name and parameters are usable.
 */
export function checkTools(
  tools: LocatedNode | undefined,
  serverName: string,
  file: string,
  text: string,
  findings: Findings,
): McpTool[] {
  const out: McpTool[] = [];
  if (tools?.kind !== 'array') return out;
  const seen = new Map<string, LocatedNode>();
  for (const tool of tools.items) {
    if (tool.kind !== 'object') continue;
    const nameNode = valueOf(tool, 'name');
    const name = stringAt(tool, 'name');
    if (name !== undefined && nameNode) {
      if (seen.has(name))
        findings.at(
          file,
          nameNode,
          'tsagent-duplicate-name',
          `Another tool is named '${name}'; MCP tool names must be unique`,
        );
      else seen.set(name, nameNode);
    }
    const parameters = valueOf(tool, 'parameters');
    const declared =
      parameters === undefined ? undefined : checkParameters(parameters, file, findings);
    const prompt = valueOf(tool, 'prompt');
    if (prompt?.kind === 'scalar' && typeof prompt.value === 'string' && declared !== undefined)
      checkPlaceholders(prompt.value, prompt, declared, file, text, findings);
    if (name === undefined || name === '' || declared === undefined || parameters === undefined)
      continue;
    out.push({
      name: `${serverName}_${name}`,
      toolName: name,
      description: stringAt(tool, 'description') ?? '',
      inputSchema: inputSchema(parameters),
    });
  }
  return out;
}

/**
 * Checks that `parameters` is a JSON Schema object; returns the declared parameter names, or undefined
 * when the schema is unusable.
 */
function checkParameters(
  parameters: LocatedNode,
  file: string,
  findings: Findings,
): Set<string> | undefined {
  if (parameters.kind !== 'object') {
    findings.at(
      file,
      parameters,
      'tsagent-tool-parameters',
      '`parameters` must be a JSON Schema object (`type: object` with `properties`)',
    );
    return undefined;
  }
  const type = valueOf(parameters, 'type');
  if (type === undefined || type.kind !== 'scalar' || type.value !== 'object') {
    findings.at(
      file,
      type ?? parameters,
      'tsagent-tool-parameters',
      type === undefined
        ? '`parameters` needs `type: object` (an MCP tool’s input schema is an object schema)'
        : '`parameters.type` must be `object` (an MCP tool’s input schema is an object schema)',
    );
    return undefined;
  }
  const properties = valueOf(parameters, 'properties');
  const declared =
    properties === undefined ? new Set<string>() : declaredProperties(properties, file, findings);
  if (declared === undefined) return undefined;
  const required = valueOf(parameters, 'required');
  if (required !== undefined && !checkRequired(required, declared, file, findings))
    return undefined;
  return declared;
}

/**
 * Checks `properties` (each parameter's schema a mapping, no parameter called `name`); returns the
 * declared names, or undefined when `properties` is not a mapping.
 */
function declaredProperties(
  properties: LocatedNode,
  file: string,
  findings: Findings,
): Set<string> | undefined {
  if (properties.kind !== 'object') {
    findings.at(
      file,
      properties,
      'tsagent-tool-parameters',
      '`properties` must map each parameter name to its schema',
    );
    return undefined;
  }
  const declared = new Set<string>();
  for (const entry of properties.entries) {
    declared.add(entry.key);
    if (entry.value.kind !== 'object')
      findings.at(
        file,
        entry.value,
        'tsagent-tool-parameters',
        `The schema of parameter '${entry.key}' must be a mapping (e.g. \`type: string\`)`,
      );
    if (entry.key === 'name')
      findings.add(
        file,
        'tsagent-name-parameter',
        'A parameter called `name` never reaches the prompt: `{name}` is replaced by the tool name first',
        entry.keyFrom,
        Math.max(entry.keyTo, entry.keyFrom + 1),
      );
  }
  return declared;
}

/**
 * Checks `required` names declared parameters; false when it is not a list (the schema is unusable).
 */
function checkRequired(
  required: LocatedNode,
  declared: ReadonlySet<string>,
  file: string,
  findings: Findings,
): boolean {
  if (required.kind !== 'array') {
    findings.at(
      file,
      required,
      'tsagent-tool-parameters',
      '`required` must be a list of parameter names',
    );
    return false;
  }
  for (const item of required.items) {
    if (item.kind !== 'scalar' || typeof item.value !== 'string')
      findings.at(
        file,
        item,
        'tsagent-tool-parameters',
        'Each `required` entry must be a parameter name',
      );
    else if (!declared.has(item.value))
      findings.at(
        file,
        item,
        'tsagent-tool-parameters',
        `'${item.value}' is required but not declared in \`properties\``,
      );
  }
  return true;
}

/**
 * Reports each `{placeholder}` of `prompt` that is neither `{name}` nor a declared parameter, at the
 * placeholder itself: the k-th occurrence in the value is found as the k-th occurrence in the source
 * slice of the value (a placeholder holds no character that quoting or escaping would change).
 */
function checkPlaceholders(
  prompt: string,
  node: LocatedNode,
  declared: ReadonlySet<string>,
  file: string,
  text: string,
  findings: Findings,
): void {
  const source = text.slice(node.from, node.to);
  const counts = new Map<string, number>();
  for (const match of prompt.matchAll(PLACEHOLDER)) {
    const key = match[1]!;
    if (key === 'name' || declared.has(key)) continue;
    const nth = counts.get(match[0]) ?? 0;
    counts.set(match[0], nth + 1);
    let at = -1;
    for (let i = 0; i <= nth; i++) {
      at = source.indexOf(match[0], at + 1);
      if (at === -1) break;
    }
    const [from, to] =
      at === -1 ? [node.from, node.to] : [node.from + at, node.from + at + match[0].length];
    const known = [...declared];
    findings.add(
      file,
      'tsagent-unknown-placeholder',
      `'${match[0]}' is neither {name} nor a parameter${known.length > 0 ? ` (${known.map((k) => `{${k}}`).join(', ')})` : ''}; it is sent to the model as written`,
      from,
      Math.max(to, from + 1),
    );
  }
}

/** The MCP `inputSchema` meta-mcp derives from `parameters` (the object keywords it copies). */
function inputSchema(parameters: LocatedNode): { [key: string]: Json } {
  const schema: { [key: string]: Json } = { type: 'object' };
  for (const key of [
    'properties',
    'required',
    'description',
    'title',
    'additionalProperties',
    'minProperties',
    'maxProperties',
  ]) {
    const value = valueOf(parameters, key);
    if (value === undefined) continue;
    if (key === 'required' && value.kind === 'array' && value.items.length === 0) continue;
    schema[key] = plainJson(value);
  }
  return schema;
}
