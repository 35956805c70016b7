/**
 * The `.json` history form: `{"messages": [...]}` as read by fast-agent's `prompt_serialization.from_json`.
 */
import { problem, type RawDiagnostic } from '../diagnostics.ts';
import type { HistoryMessage } from './history-message.ts';
import { parseJson, type Span } from './parse-json.ts';
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
  const parsed = parseJson(text, 1);
  if (!parsed.ok) {
    const { message, from, to } = parsed.error;
    return invalid(`The history file is not valid JSON: ${message}`, { from, to });
  }
  const root = parsed.value;
  if (!(root instanceof Map)) {
    return invalid('A JSON history must be an object with a "messages" list', parsed.span);
  }
  const entries = root.get('messages');
  const entriesSpan = parsed.spans.members.get(root)?.get('messages') ?? parsed.span;
  if (entries === undefined) return invalid('The JSON history has no "messages" list', parsed.span);
  if (!Array.isArray(entries)) return invalid('"messages" must be a list of messages', entriesSpan);

  const entrySpans = parsed.spans.items.get(entries) ?? [];
  const messages: HistoryMessage[] = [];
  const diagnostics: RawDiagnostic[] = [];
  let legacyRun: HistoryMessage | undefined;
  for (const [i, entry] of entries.entries()) {
    const span = entrySpans[i] ?? entriesSpan;
    if (!(entry instanceof Map)) {
      return invalid(
        `Entry ${i + 1} of "messages" is not an object; fast-agent fails to load the file`,
        span,
      );
    }
    if (Array.isArray(entry.get('content'))) {
      const read = readExtendedMessage(entry);
      if (read.ok) {
        legacyRun = undefined;
        messages.push(read.value);
        continue;
      }
      diagnostics.push(dropped(i, read.reason, span));
      continue;
    }
    const read = readLegacyMessage(entry);
    if (!read.ok) {
      diagnostics.push(dropped(i, read.reason, span));
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
