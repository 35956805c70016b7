/**
 * The fast-agent portability fixes of one card: each rewrites an RFC construct that fast-agent 0.10.9
 * rejects into what it accepts, keeping what the RFC reading of the card means where it can.
 */
import { isMap, isSeq } from 'yaml';
import type { CardDraft } from '../../formats/agentcard/analyze-card-file.ts';
import { allowedFields } from '../../formats/agentcard/card-fields.ts';
import { parseBody } from '../../formats/agentcard/parse-body.ts';
import { splitMarkdownRfc } from '../../formats/agentcard/split-markdown.ts';
import { basename, dirname, stem } from '../../text/paths.ts';
import type { ParsedYaml } from '../../text/parse-yaml.ts';
import type { Fix, FixEdit } from '../fix.ts';
import {
  appendEntry,
  blockMapping,
  entryLines,
  freeName,
  removeEntry,
  yamlEntry,
} from './yaml-text.ts';

/** What the card fixes read: the card, its file's text, its name, and which files exist. */
export interface CardFixing {
  file: string;
  text: string;
  draft: CardDraft;
  /** The card's name (null when it has none). */
  name: string | null;
  /** True when `path` is a file of the load-set (or of the disk behind it). */
  exists: (path: string) => boolean;
  /** Reads a file of the load-set (for `fastagent.config.yaml`). */
  read: (path: string) => string | undefined;
}

const HISTORY_BLOCK = /^---(USER|ASSISTANT)[ \t]*$/m;
const HISTORY_DELIMITERS = new Set(['---USER', '---ASSISTANT', '---RESOURCE']);

/** The card's YAML as a block mapping, or undefined (no frontmatter, errors, flow style). */
function cardYaml(c: CardFixing): ParsedYaml | undefined {
  return blockMapping(c.text, c.draft.yamlFrom, c.draft.yamlTo);
}

/** The value of a top-level field in the RFC reading, or undefined. */
function fieldValue(yaml: ParsedYaml, field: string): unknown {
  const value = yaml.value;
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[field] : undefined;
}

const FENCE_LINE = /^---[ \t]*\r?$/m;

/**
 * Whether the card's body holds the start of another card under the RFC's boundary rule (a `---` line
 * whose YAML parses and has a `type` key): fast-agent reads a Markdown bundle as one card whose body
 * swallows the others, and a fix that moves or rewrites that body would carry those cards with it.
 * Linear in the body: the body alone is split, behind an empty frontmatter.
 */
export function bodyHoldsCard(c: CardFixing): boolean {
  const body = c.text.slice(c.draft.bodyFrom, c.draft.bodyTo);
  if (!FENCE_LINE.test(body)) return false;
  return splitMarkdownRfc(`---\n---\n${body}`).cards.length > 1;
}

/** The edit that replaces a card's body with `body` (keeping a blank line before a next card). */
function bodyEdit(c: CardFixing, body: string | null): FixEdit {
  const { draft, text, file } = c;
  const more = draft.bodyTo < text.length;
  const insert = body === null || body === '' ? '' : `${body}\n${more ? '\n' : ''}`;
  return { file, from: draft.bodyFrom, to: draft.bodyTo, insert };
}

/**
 * Moves the inline `---USER` / `---ASSISTANT` blocks of the card's body into a new history file
 * beside the card (`<name>.history.md`, fast-agent's delimited-text history format), listed last in
 * `messages:` (the RFC merges `messages` files first, inline blocks after). The body keeps the RFC's
 * system text, without its `---SYSTEM` markers. Safe unless a message holds a line that a history
 * file reads as a delimiter.
 */
export function historyFix(c: CardFixing): Fix | undefined {
  const { draft, text, file } = c;
  if (draft.bodyFrom >= draft.bodyTo) return undefined;
  if (!HISTORY_BLOCK.test(text.slice(draft.bodyFrom, draft.bodyTo))) return undefined;
  // The bundle split comes first; the history of the card left alone is moved in the next round.
  if (bodyHoldsCard(c)) return undefined;
  // Without frontmatter (fast-agent's unclosed `---`) there is nowhere to list the file.
  if (draft.yamlFrom <= draft.from) return undefined;
  const yaml = cardYaml(c);
  if (!yaml && text.slice(draft.yamlFrom, draft.yamlTo).trim() !== '') return undefined;
  const body = parseBody(text, draft.bodyFrom, draft.bodyTo, 'rfc');
  const edits: FixEdit[] = [bodyEdit(c, body.instruction)];
  if (
    body.messages.length > 0 &&
    !allowedFields(draft.type ?? 'agent', 'fast-agent').includes('messages')
  )
    return {
      title: `Remove the inline history blocks: a ${draft.type} has no \`messages:\` in fast-agent 0.10.9, so their text is dropped`,
      safe: false,
      portability: true,
      edits,
    };
  let safe = true;
  let target: string | undefined;
  if (body.messages.length > 0) {
    target = freeName(file, `${c.name ?? stem(file)}.history`, '.md', c.exists);
    if (target === undefined) return undefined;
    const history = body.messages.map((m) => `---${m.role.toUpperCase()}\n${m.text}\n`).join('\n');
    safe = !body.messages.some((m) =>
      m.text.split('\n').some((line) => HISTORY_DELIMITERS.has(line.trim())),
    );
    edits.push({ file: target, from: 0, to: 0, insert: history });
    const listed = messagesEdit(c, yaml, basename(target));
    if (!listed) return undefined;
    edits.push(listed);
  }
  const where = target
    ? `to ${basename(target)} (listed in \`messages:\`)`
    : 'out (they are empty)';
  return {
    title: `Move the inline history blocks ${where}: fast-agent 0.10.9 rejects them in a card body`,
    safe,
    portability: true,
    edits,
  };
}

/** The edit that lists `entry` last in the card's `messages` (added when the card has none). */
function messagesEdit(
  c: CardFixing,
  yaml: ParsedYaml | undefined,
  entry: string,
): FixEdit | undefined {
  const range = c.draft.ranges['messages'];
  const current = yaml ? fieldValue(yaml, 'messages') : undefined;
  if (!range || current === undefined || current === null)
    return appendEntry(c.file, c.text, c.draft.yamlTo, yamlEntry('messages', entry));
  const list: unknown[] | null =
    typeof current === 'string'
      ? [current]
      : Array.isArray(current)
        ? (current as unknown[])
        : null;
  const lines = entryLines(c.text, range.key, range.value);
  if (!list || !lines) return undefined;
  return {
    file: c.file,
    from: lines[0],
    to: lines[1],
    insert: yamlEntry('messages', [...list, entry]),
  };
}

/**
 * Joins an `instruction:` attribute and the body's system text into the body, as the RFC joins them
 * (attribute first, a newline between), and removes the attribute. Safe: the instruction is the same
 * text. Not offered while the body still has history blocks (that fix comes first).
 */
export function joinInstructionFix(c: CardFixing): Fix | undefined {
  const { draft, text, file } = c;
  const attribute = draft.fields['instruction'];
  const range = draft.ranges['instruction'];
  if (typeof attribute !== 'string' || !range || draft.bodyFrom >= draft.bodyTo) return undefined;
  if (HISTORY_BLOCK.test(text.slice(draft.bodyFrom, draft.bodyTo))) return undefined;
  if (bodyHoldsCard(c)) return undefined;
  const body = parseBody(text, draft.bodyFrom, draft.bodyTo, 'rfc').instruction;
  if (body === null) return undefined;
  const removal = removeEntry(file, text, range.key, range.value);
  if (!removal) return undefined;
  return {
    title:
      'Join the `instruction:` attribute and the body into the body (attribute first, as the RFC joins them)',
    safe: true,
    portability: true,
    edits: [removal, bodyEdit(c, `${attribute.trim()}\n${body}`)],
  };
}

/** Removes a field that fast-agent 0.10.9 no longer has (`history_mode`); its setting is lost. */
export function removeFieldFix(c: CardFixing, field: string): Fix | undefined {
  const range = c.draft.ranges[field];
  const removal = range && removeEntry(c.file, c.text, range.key, range.value);
  if (!removal) return undefined;
  return {
    title: `Remove '${field}': fast-agent 0.10.9 has no such field for this type (its setting is dropped)`,
    safe: false,
    portability: true,
    edits: [removal],
  };
}

/**
 * Turns an RFC `tool_hooks` list into fast-agent's mapping of hook point to one reference: the
 * first hook becomes `before_tool_call` (the RFC's list hooks run around tool calls); fast-agent
 * takes one reference per point, so later hooks and `match`/`predicate` settings are kept as
 * comments. Not safe: the hook point is a choice and filters are dropped.
 */
export function toolHooksFix(c: CardFixing): Fix | undefined {
  const yaml = cardYaml(c);
  const range = c.draft.ranges['tool_hooks'];
  const root = yaml?.doc?.contents;
  if (!yaml || !range || !isMap(root) || !isSeq(root.get('tool_hooks', true))) return undefined;
  const list = fieldValue(yaml, 'tool_hooks') as unknown[];
  const refs = list.map(hookRef);
  if (refs.some((r) => r === undefined)) return undefined;
  const lines = entryLines(c.text, range.key, range.value);
  if (!lines) return undefined;
  const mapping = refs.length > 0 ? { before_tool_call: refs[0] } : {};
  const dropped = list.flatMap((entry, i) => {
    const extra =
      entry && typeof entry === 'object' ? Object.keys(entry).filter((k) => k !== 'hook') : [];
    const out = i > 0 ? [`  # not carried over (one reference per hook point): ${refs[i]}`] : [];
    if (extra.length > 0)
      out.push(`  # dropped from ${refs[i]}: ${extra.join(', ')} (fast-agent has no hook filters)`);
    return out;
  });
  const insert = yamlEntry('tool_hooks', mapping) + dropped.map((l) => `${l}\n`).join('');
  return {
    title: `Turn the \`tool_hooks\` list into fast-agent's mapping: ${refs[0] ?? 'nothing'} as \`before_tool_call\`${refs.length > 1 ? ` (${refs.length - 1} more kept as comments: one reference per hook point)` : ''}`,
    safe: false,
    portability: true,
    edits: [{ file: c.file, from: lines[0], to: lines[1], insert }],
  };
}

function hookRef(entry: unknown): string | undefined {
  if (typeof entry === 'string' && entry.trim() !== '') return entry.trim();
  if (entry && typeof entry === 'object') {
    const hook = (entry as Record<string, unknown>)['hook'];
    if (typeof hook === 'string' && hook.trim() !== '') return hook.trim();
  }
  return undefined;
}

/** A card's `servers` list read as fast-agent wants it: names, tool filters, settings for the config. */
interface ServerSplit {
  names: string[];
  tools: Record<string, unknown>;
  settings: Record<string, Record<string, unknown>>;
}

function splitServers(list: readonly unknown[]): ServerSplit | undefined {
  const out: ServerSplit = { names: [], tools: {}, settings: {} };
  let inline = false;
  for (const entry of list) {
    if (typeof entry === 'string') {
      out.names.push(entry.trim());
      continue;
    }
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return undefined;
    const pairs = Object.entries(entry as Record<string, unknown>);
    if (pairs.length !== 1) return undefined;
    const [name, config] = pairs[0]!;
    if (config !== null && (typeof config !== 'object' || Array.isArray(config))) return undefined;
    inline = true;
    out.names.push(name);
    const { tools, ...rest } = (config ?? {}) as Record<string, unknown>;
    if (tools !== undefined) out.tools[name] = tools;
    if (Object.keys(rest).length > 0) out.settings[name] = rest;
  }
  return inline ? out : undefined;
}

/**
 * Turns inline server config (`- name: {config}`) into a server name plus `tools` filters, as
 * fast-agent 0.10.9 wants; the other settings (transport, url, …) belong in `fastagent.config.yaml`
 * under `mcp.servers`: added there when a config file of the load-set applies to the card and does
 * not have the server yet, else said in the title. Not safe: the settings leave the card.
 */
export function serversFix(c: CardFixing): Fix | undefined {
  const yaml = cardYaml(c);
  const range = c.draft.ranges['servers'];
  const list = yaml ? fieldValue(yaml, 'servers') : undefined;
  if (!yaml || !range || !Array.isArray(list)) return undefined;
  const split = splitServers(list);
  const lines = split && entryLines(c.text, range.key, range.value);
  if (!split || !lines) return undefined;
  const config = configEdit(c, split.settings);
  const edits: FixEdit[] = [
    {
      file: c.file,
      from: lines[0],
      to: lines[1],
      insert: yamlEntry('servers', split.names) + (config.comment ?? ''),
    },
  ];
  if (Object.keys(split.tools).length > 0) {
    const tools = c.draft.ranges['tools'];
    const current = fieldValue(yaml, 'tools');
    const merged = {
      ...(current && typeof current === 'object' ? current : {}),
      ...split.tools,
    };
    const toolLines = tools && entryLines(c.text, tools.key, tools.value);
    if (tools && !toolLines) return undefined;
    edits.push(
      toolLines
        ? { file: c.file, from: toolLines[0], to: toolLines[1], insert: yamlEntry('tools', merged) }
        : appendEntry(c.file, c.text, c.draft.yamlTo, yamlEntry('tools', merged)),
    );
  }
  if (config.edit) edits.push(config.edit);
  return {
    title: `Use server names with \`tools\` filters (fast-agent 0.10.9 rejects inline server config)${config.note}`,
    safe: false,
    portability: true,
    edits,
  };
}

/**
 * `value` as one line of JSON that stays one line in a YAML comment: JSON escapes the C0 controls, and
 * the characters YAML 1.1 (fast-agent's PyYAML) also reads as line breaks are escaped here.
 */
function oneLineJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u0085\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * Where the server settings go: an edit of the config file that applies (added to, never replaced),
 * else YAML comments kept in the card below `servers` (so the settings are not lost), and what the
 * title says.
 */
function configEdit(
  c: CardFixing,
  settings: Record<string, Record<string, unknown>>,
): { edit?: FixEdit; comment?: string; note: string } {
  const names = Object.keys(settings);
  if (names.length === 0) return { note: '' };
  const comment =
    '# for fastagent.config.yaml under mcp.servers (fast-agent takes server names only):\n' +
    names.map((n) => `#   ${oneLineJson(n).slice(1, -1)}: ${oneLineJson(settings[n])}\n`).join('');
  const path = nearestConfig(c);
  const text = path === undefined ? undefined : c.read(path);
  if (path === undefined || text === undefined)
    return {
      comment,
      note: '; their settings are kept as a comment in the card: add them to fastagent.config.yaml under mcp.servers',
    };
  const edit = addServersToConfig(path, text, settings);
  return edit
    ? { edit, note: `; adds ${names.join(', ')} to ${path} under mcp.servers` }
    : {
        comment,
        note: `; ${path} already names or cannot take them: their settings are kept as a comment in the card, merge them by hand under mcp.servers`,
      };
}

/** The `fastagent.config.yaml` that applies to the card's folder (its own, else a parent's). */
function nearestConfig(c: CardFixing): string | undefined {
  let dir = dirname(c.file);
  for (;;) {
    const path = dir === '' ? 'fastagent.config.yaml' : `${dir}/fastagent.config.yaml`;
    if (c.read(path) !== undefined) return path;
    if (dir === '') return undefined;
    dir = dirname(dir);
  }
}

/**
 * The edit that adds `settings` to a config file: at the end of a block `mcp.servers` mapping, or as
 * a new `mcp:` section when the file has none. Undefined when a server is already there or the file
 * has another shape (the user merges by hand).
 */
function addServersToConfig(
  path: string,
  text: string,
  settings: Record<string, Record<string, unknown>>,
): FixEdit | undefined {
  const parsed = blockMapping(text, 0, text.length);
  if (!parsed && text.trim() !== '') return undefined;
  const root = parsed?.doc?.contents;
  const mcp = isMap(root) ? root.get('mcp', true) : undefined;
  if (mcp === undefined || mcp === null)
    return appendEntry(path, text, text.length, yamlEntry('mcp', { servers: settings }));
  const servers = isMap(mcp) ? mcp.get('servers', true) : undefined;
  if (!isMap(servers) || servers.flow === true || !servers.range) return undefined;
  if (Object.keys(settings).some((name) => servers.has(name))) return undefined;
  const firstKey = servers.items[0]?.key as { range?: [number, number] } | undefined;
  const at = firstKey?.range?.[0] ?? servers.range[0];
  const indent = at - text.lastIndexOf('\n', at - 1) - 1;
  const block = yamlEntry('servers', settings)
    .split('\n')
    .slice(1)
    .filter((l) => l !== '')
    .map((l) => `${' '.repeat(indent)}${l.replace(/^ {2}/, '')}\n`)
    .join('');
  const end = servers.range[1];
  const insertAt =
    end > 0 && text[end - 1] === '\n' ? end : text.indexOf('\n', end) + 1 || text.length;
  const lead = insertAt === text.length && text.length > 0 && !text.endsWith('\n') ? '\n' : '';
  return { file: path, from: insertAt, to: insertAt, insert: lead + block };
}
