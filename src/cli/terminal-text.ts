/**
 * Output that cannot drive the terminal. Human-readable text (messages, diffs) gets its control
 * characters escaped; machine formats keep their data exact: JSON escapes the characters a terminal
 * acts on as `\uXXXX` (the same string once parsed), and data printed for a file (a converted card,
 * embed snippets) is exact when stdout is not a terminal.
 */
import { escapeControls, hasControls } from '../core/index.ts';
import type { Io } from './io.ts';

/**
 * `text` with every control character escaped as `escapeControls` does (`\e`, `\x00`, `\u202e`), line
 * breaks excepted: `\n`, and the `\r` of a `\r\n`, stay as they are, so a multi-line text (a diff of a
 * CRLF file too) keeps its lines. A lone `\r` is escaped (it could overwrite a line).
 */
export function terminalText(text: string): string {
  if (!hasControls(text)) return text;
  return text
    .split(/(\r?\n)/)
    .map((part, i) => (i % 2 === 1 ? part : escapeControls(part)))
    .join('');
}

// What JSON.stringify leaves raw that a terminal acts on or reorders: DEL, C1 controls, the line and
// paragraph separators, bidi embeddings, overrides and isolates (it already escapes U+0000–U+001F).
const JSON_RAW_CONTROLS = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * `JSON.stringify(value, null, space)` with the control characters it leaves raw (DEL, C1, U+2028,
 * U+2029, bidi controls) written as `\uXXXX` escapes: they occur only inside strings, so the text parses
 * to the same value, and a terminal shows it as it is.
 */
export function terminalJson(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(
    JSON_RAW_CONTROLS,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * Prints `text`, data meant for a file (a converted card, embed snippets), on stdout: exactly as it is
 * when stdout is not a terminal (`agentcard convert … > out.md`); on a terminal as `terminalText`, with
 * one note on stderr (`command: …`) when that changed anything.
 */
export function printData(io: Io, command: string, text: string): void {
  if (io.isTTY !== true) {
    io.out(text);
    return;
  }
  const shown = terminalText(text);
  io.out(shown);
  if (shown !== text)
    io.err(
      `${command}: control characters are shown as escapes (\\e, \\x00, \\u202e); redirect the output to a file for the exact text\n`,
    );
}
