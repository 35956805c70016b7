/**
 * Reads one entry of a JSON history's `messages` list the way fast-agent's pydantic models do: an extended
 * message (`PromptMessageExtended`, `content` is a list) or a legacy MCP `PromptMessage` (`content` is one
 * block). Only the checks that decide whether pydantic accepts an entry are made; field values fast-agent
 * keeps but a checker does not show (tool calls, tool results, channels) are validated and then dropped.
 */
import type { HistoryMessage, HistoryPart } from './history-message.ts';
import type { JsonObject, JsonValue } from '../json/map-value.ts';

/** A value read from an entry, or the reason pydantic would refuse the entry. */
export type EntryRead<T> = { ok: true; value: T } | { ok: false; reason: string };

type Role = HistoryMessage['role'];

const STOP_REASONS = new Set(
  'endTurn stopSequence maxTokens toolUse pause continue error cancelled timeout safety maxIterations'.split(
    ' ',
  ),
);

/** The strings pydantic's lax `bool` accepts (compared lower-cased). */
const BOOL_STRINGS = new Set('0 off f false n no 1 on t true y yes'.split(' '));

/** Reads an extended message: `role`, `content[]`, and optional `tool_calls`, `tool_results`, `channels`, ... */
export function readExtendedMessage(entry: JsonObject): EntryRead<HistoryMessage> {
  const role = readRole(entry);
  if (!role.ok) return role;
  const content: HistoryPart[] = [];
  const items = entry.get('content');
  if (!Array.isArray(items)) return refuse('"content" is not a list');
  for (const [i, item] of items.entries()) {
    const part = readContentBlock(item, `content[${i}]`);
    if (!part.ok) return part;
    content.push(part.value);
  }
  const problem =
    toolCallsProblem(entry.get('tool_calls')) ??
    toolResultsProblem(entry.get('tool_results')) ??
    channelsProblem(entry.get('channels')) ??
    stopReasonProblem(entry.get('stop_reason')) ??
    unless(
      !entry.has('is_template') || isLaxBool(entry.get('is_template')),
      '"is_template" is not a boolean',
    );
  if (problem !== undefined) return refuse(problem);
  return { ok: true, value: { role: role.value, content } };
}

/** Reads a legacy MCP prompt message: `role` and a single `content` block. */
export function readLegacyMessage(entry: JsonObject): EntryRead<HistoryMessage> {
  const role = readRole(entry);
  if (!role.ok) return role;
  if (!entry.has('content')) return refuse('it has no "content"');
  const part = readContentBlock(entry.get('content')!, 'content');
  if (!part.ok) return part;
  return { ok: true, value: { role: role.value, content: [part.value] } };
}

function readRole(entry: JsonObject): EntryRead<Role> {
  const role = entry.get('role');
  if (role === 'user' || role === 'assistant') return { ok: true, value: role };
  if (role === undefined) return refuse('it has no "role"');
  return refuse(`"role" is ${describe(role)}, not "user" or "assistant"`);
}

/** Reads one MCP content block (text, image, audio, resource, resource_link). */
function readContentBlock(block: JsonValue, where: string): EntryRead<HistoryPart> {
  if (!(block instanceof Map)) return refuse(`${where} is not an object`);
  const type = block.get('type');
  const common =
    annotationsProblem(block.get('annotations'), where) ?? objectProblem(block, '_meta', where);
  if (common !== undefined) return refuse(common);
  switch (type) {
    case 'text': {
      const text = block.get('text');
      if (typeof text !== 'string') return refuse(`${where}.text is not a string`);
      return { ok: true, value: { type: 'text', text } };
    }
    case 'image':
    case 'audio': {
      const mimeType = block.get('mimeType');
      if (typeof block.get('data') !== 'string') return refuse(`${where}.data is not a string`);
      if (typeof mimeType !== 'string') return refuse(`${where}.mimeType is not a string`);
      return { ok: true, value: { type, mimeType } };
    }
    case 'resource':
      return readEmbeddedResource(block.get('resource'), `${where}.resource`);
    case 'resource_link': {
      const name = block.get('name');
      const uri = block.get('uri');
      const mimeType = block.get('mimeType');
      const size = block.get('size');
      const icons = block.get('icons');
      if (typeof name !== 'string') return refuse(`${where}.name is not a string`);
      if (typeof uri !== 'string' || !isAnyUrl(uri)) return refuse(`${where}.uri is not a URL`);
      const problem =
        optionalStringProblem(block, 'title', where) ??
        optionalStringProblem(block, 'description', where) ??
        optionalStringProblem(block, 'mimeType', where) ??
        unless(isNullish(size) || isLaxInt(size), `${where}.size is not an integer`) ??
        unless(isNullish(icons) || Array.isArray(icons), `${where}.icons is not a list`);
      if (problem !== undefined) return refuse(problem);
      return {
        ok: true,
        value: { type, uri, name, ...(typeof mimeType === 'string' ? { mimeType } : {}) },
      };
    }
    default:
      return refuse(`${where} has type ${describe(type)}, which is not an MCP content type`);
  }
}

function readEmbeddedResource(
  resource: JsonValue | undefined,
  where: string,
): EntryRead<HistoryPart> {
  if (!(resource instanceof Map)) return refuse(`${where} is not an object`);
  const uri = resource.get('uri');
  const mimeType = resource.get('mimeType');
  const text = resource.get('text');
  if (typeof uri !== 'string' || !isAnyUrl(uri)) return refuse(`${where}.uri is not a URL`);
  const problem =
    optionalStringProblem(resource, 'mimeType', where) ?? objectProblem(resource, '_meta', where);
  if (problem !== undefined) return refuse(problem);
  if (typeof text !== 'string' && typeof resource.get('blob') !== 'string') {
    return refuse(`${where} has neither a "text" nor a "blob" string`);
  }
  return {
    ok: true,
    value: {
      type: 'resource',
      uri,
      ...(typeof mimeType === 'string' ? { mimeType } : {}),
      ...(typeof text === 'string' ? { text } : {}),
    },
  };
}

function toolCallsProblem(calls: JsonValue | undefined): string | undefined {
  if (isNullish(calls)) return undefined;
  if (!(calls instanceof Map)) return '"tool_calls" is not an object';
  for (const [id, call] of calls) {
    const where = `tool_calls.${id}`;
    if (!(call instanceof Map)) return `${where} is not an object`;
    if (call.get('method') !== 'tools/call') return `${where}.method is not "tools/call"`;
    const params = call.get('params');
    if (!(params instanceof Map)) return `${where}.params is not an object`;
    if (typeof params.get('name') !== 'string') return `${where}.params.name is not a string`;
    const problem =
      objectProblem(params, 'arguments', `${where}.params`) ??
      objectProblem(params, '_meta', `${where}.params`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function toolResultsProblem(results: JsonValue | undefined): string | undefined {
  if (isNullish(results)) return undefined;
  if (!(results instanceof Map)) return '"tool_results" is not an object';
  for (const [id, result] of results) {
    const where = `tool_results.${id}`;
    if (!(result instanceof Map)) return `${where} is not an object`;
    const problem =
      // Required in MCP 1.x; left optional here, since newer MCP results (`resultType`) may default it.
      (result.has('content')
        ? blockListProblem(result.get('content'), `${where}.content`)
        : undefined) ??
      objectProblem(result, 'structuredContent', where) ??
      objectProblem(result, '_meta', where) ??
      unless(
        !result.has('isError') || isLaxBool(result.get('isError')),
        `${where}.isError is not a boolean`,
      );
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function channelsProblem(channels: JsonValue | undefined): string | undefined {
  if (isNullish(channels)) return undefined;
  if (!(channels instanceof Map)) return '"channels" is not an object';
  for (const [name, blocks] of channels) {
    const problem = blockListProblem(blocks, `channels.${name}`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function blockListProblem(blocks: JsonValue | undefined, where: string): string | undefined {
  if (!Array.isArray(blocks)) return `${where} is not a list`;
  for (const [i, block] of blocks.entries()) {
    const read = readContentBlock(block, `${where}[${i}]`);
    if (!read.ok) return read.reason;
  }
  return undefined;
}

function stopReasonProblem(reason: JsonValue | undefined): string | undefined {
  const known = isNullish(reason) || (typeof reason === 'string' && STOP_REASONS.has(reason));
  return unless(known, `"stop_reason" is ${describe(reason)}, which is not a stop reason`);
}

function annotationsProblem(annotations: JsonValue | undefined, where: string): string | undefined {
  if (isNullish(annotations)) return undefined;
  if (!(annotations instanceof Map)) return `${where}.annotations is not an object`;
  const audience = annotations.get('audience');
  const priority = annotations.get('priority');
  const p = laxFloat(priority);
  return (
    unless(
      isNullish(audience) ||
        (Array.isArray(audience) && audience.every((r) => r === 'user' || r === 'assistant')),
      `${where}.annotations.audience is not a list of roles`,
    ) ??
    unless(
      isNullish(priority) || (p !== undefined && p >= 0 && p <= 1),
      `${where}.annotations.priority is not a number from 0 to 1`,
    )
  );
}

/** A problem when `key` is present, not null, and not an object (a pydantic `dict | None` field). */
function objectProblem(owner: JsonObject, key: string, where: string): string | undefined {
  const value = owner.get(key);
  return unless(isNullish(value) || value instanceof Map, `${where}.${key} is not an object`);
}

function optionalStringProblem(owner: JsonObject, key: string, where: string): string | undefined {
  const value = owner.get(key);
  return unless(isNullish(value) || typeof value === 'string', `${where}.${key} is not a string`);
}

/** `reason` unless `ok`: checks chain with `??`, the first failing one wins. */
function unless(ok: boolean, reason: string): string | undefined {
  return ok ? undefined : reason;
}

function isNullish(value: JsonValue | undefined): value is null | undefined {
  return value === null || value === undefined;
}

function isLaxBool(value: JsonValue | undefined): boolean {
  if (typeof value === 'boolean') return true;
  if (typeof value === 'number') return value === 0 || value === 1;
  return typeof value === 'string' && BOOL_STRINGS.has(value.toLowerCase());
}

/** pydantic's lax `float`: numbers, booleans and numeric strings. */
function laxFloat(value: JsonValue | undefined): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return Number(value);
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isNaN(number) ? undefined : number;
}

function isLaxInt(value: JsonValue | undefined): boolean {
  if (typeof value === 'number') return Number.isInteger(value);
  if (typeof value === 'boolean') return true;
  return typeof value === 'string' && /^\s*[-+]?\d+(\.0*)?\s*$/.test(value);
}

/**
 * Approximates pydantic's `AnyUrl`: an absolute URL with a scheme; the web schemes also need a host.
 * Relative references such as `notes.txt` are refused, as pydantic refuses them.
 */
function isAnyUrl(value: string): boolean {
  const match = /^[\x00-\x20]*([A-Za-z][A-Za-z0-9+.-]*):(.*)$/s.exec(value);
  if (match === null) return false;
  const scheme = match[1]!.toLowerCase();
  if (!['http', 'https', 'ws', 'wss', 'ftp'].includes(scheme)) return true;
  const host = /^[\\/]*([^\\/?#]*)/.exec(match[2]!)![1]!;
  return host.replace(/^[^@]*@/, '').replace(/:\d*$/, '') !== '';
}

function describe(value: JsonValue | undefined): string {
  if (value === undefined) return 'missing';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Map) return 'an object';
  return String(value);
}

function refuse(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
