/**
 * History files (`messages:` of an AgentCard), read as fast-agent 0.10.9's `load_prompt` reads them.
 */
import type { ReadFileHook } from '../model/read-hook.ts';
import type { RawDiagnostic } from '../diagnostics.ts';
import type { HistoryMessage } from './history-message.ts';
import { parseDelimitedHistory } from './parse-delimited-history.ts';
import { parseJsonHistory } from './parse-json-history.ts';

export type { HistoryMessage, HistoryPart } from './history-message.ts';

/**
 * A loaded history file. `format` is `json` for a path ending in `.json` (any case), else `delimited`.
 * `diagnostics` carry absolute UTF-16 offsets into the history file's text. When they include an error
 * (`history-invalid`), fast-agent fails to load the file and `messages` is empty.
 */
export interface ParsedHistory {
  messages: HistoryMessage[];
  diagnostics: RawDiagnostic[];
  format: 'json' | 'delimited';
}

/**
 * Parses the text of a history file. `path` is the file's path (posix); its extension picks the format and
 * its folder anchors `---RESOURCE` paths. `readFile` gets a resource path already resolved against that
 * folder (posix, normalised, `..` resolved) and returns the file's text, undefined when it is absent, or a
 * `ReadRefusal` (`OUTSIDE_ROOT` gives `path-outside-root` at the resource's path line); it must not throw. Without `readFile`, `---RESOURCE` lines are neither embedded nor reported.
 *
 * Never throws and runs in time linear in the text, whatever the text: invalid JSON, deep nesting, NUL bytes
 * and huge inputs become diagnostics or plain data. Codes: `history-invalid`, `history-entry-dropped`,
 * `resource-not-found`, `path-outside-root`, `empty-history-block`, `ignored-value`.
 */
export function parseHistory(text: string, path: string, readFile?: ReadFileHook): ParsedHistory {
  if (typeof text !== 'string') throw new TypeError('parseHistory: text must be a string');
  if (typeof path !== 'string') throw new TypeError('parseHistory: path must be a string');
  if (path.toLowerCase().endsWith('.json')) return { ...parseJsonHistory(text), format: 'json' };
  return { ...parseDelimitedHistory(text, path, readFile), format: 'delimited' };
}
