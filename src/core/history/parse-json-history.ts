/**
 * The `.json` history form: `{"messages": [...]}` as read by fast-agent's `prompt_serialization.from_json`.
 */
import { problem, type RawDiagnostic } from '../diagnostics.ts';
import { mapValue, type JsonObject } from '../json/map-value.ts';
import { memberOf, readJson } from '../json/read-json.ts';
import type { HistoryMessage } from './history-message.ts';
import { readExtendedMessage, readLegacyMessage } from './read-message-entry.ts';

/**
 * Reads a JSON history. Entries whose `content` is a list are extended messages, kept one to one; other
 * entries are legacy MCP prompt messages, and a run of legacy messages with the same role becomes one message
 * (a dropped entry does not end the run; an extended message does). An extended-looking entry that fails
 * validation gets a second chance as a legacy message, as in fast-agent, which then refuses its list content.
 *
 * Diagnostics: `history-invalid` (and no messages) for invalid JSON, a root that is not an object with a
 * `messages` list, or an entry that is not an object (fast-agent crashes on those); `history-entry-dropped`
 * at each entry that fits neither form (fast-agent skips those silently).
 */
export function parseJsonHistory(text: string): {
  messages: HistoryMessage[];
  diagnostics: RawDiagnostic[];
} {
  const parsed = readJson(text, 'python');
  if (!parsed.ok) {
    const { message, from, to } = parsed.error;
    return invalid(`The history file is not valid JSON: ${message}`, { from, to });
  }
  const { root } = parsed;
  if (root.kind !== 'object') {
    return invalid('A JSON history must be an object with a "messages" list', root);
  }
  const entries = memberOf(root, 'messages')?.value;
  if (entries === undefined) return invalid('The JSON history has no "messages" list', root);
  if (entries.kind !== 'array') return invalid('"messages" must be a list of messages', entries);

  const messages: HistoryMessage[] = [];
  const diagnostics: RawDiagnostic[] = [];
  let legacyRun: HistoryMessage | undefined;
  for (const [i, node] of entries.items.entries()) {
    if (node.kind !== 'object') {
      return invalid(
        `Entry ${i + 1} of "messages" is not an object; fast-agent fails to load the file`,
        node,
      );
    }
    const entry = mapValue(node) as JsonObject;
    if (Array.isArray(entry.get('content'))) {
      const read = readExtendedMessage(entry);
      if (read.ok) {
        legacyRun = undefined;
        messages.push(read.value);
        continue;
      }
      diagnostics.push(dropped(i, read.reason, node));
      continue;
    }
    const read = readLegacyMessage(entry);
    if (!read.ok) {
      diagnostics.push(dropped(i, read.reason, node));
      continue;
    }
    if (legacyRun?.role === read.value.role) {
      for (const part of read.value.content) legacyRun.content.push(part);
    } else {
      legacyRun = read.value;
      messages.push(legacyRun);
    }
  }
  return { messages, diagnostics };
}

/** A source range: absolute UTF-16 offsets, `to` exclusive. */
interface Span {
  from: number;
  to: number;
}

function invalid(
  message: string,
  span: Span,
): { messages: HistoryMessage[]; diagnostics: RawDiagnostic[] } {
  return { messages: [], diagnostics: [problem('history-invalid', message, span.from, span.to)] };
}

function dropped(index: number, reason: string, span: Span): RawDiagnostic {
  return problem(
    'history-entry-dropped',
    `Entry ${index + 1} of "messages" is neither an extended nor a legacy message (${reason}); fast-agent skips it`,
    span.from,
    span.to,
  );
}
