/**
 * Control characters from user input, made visible. A card's field names, messages and paths reach a
 * terminal (the command line) or the page (the playground's Problems panel); a raw ESC, CR, LF or bidi
 * override there could move the cursor, clear the screen, colour the log, forge a line or reorder what
 * the reader sees. These functions rewrite each such character as visible text and leave every other
 * character (tab included) as it is.
 */

/**
 * The characters rewritten: C0 controls except tab (U+0000–U+0008, U+000A–U+001F), DEL (U+007F), C1
 * controls (U+0080–U+009F), the line and paragraph separators (U+2028, U+2029), and the Unicode bidi
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069).
 */
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** True when `text` holds a character that `escapeControls` and `pictureControls` rewrite. */
export function hasControls(text: string): boolean {
  CONTROL.lastIndex = 0;
  return CONTROL.test(text);
}

/**
 * Rewrites control characters as escapes a terminal prints literally: `\e` (ESC), `\n`, `\r`, other C0
 * and DEL as `\xHH` (`\x00`, `\x7f`), C1, separators and bidi controls as `\uHHHH` (`\u0085`,
 * `\u202e`). Lower-case hex; a backslash already in the text is left as it is.
 */
export function escapeControls(text: string): string {
  return text.replace(CONTROL, (c) => {
    if (c === '\u001b') return '\\e';
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    const code = c.charCodeAt(0);
    return code <= 0x7f
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/**
 * Rewrites control characters for a page: C0 as the Unicode control pictures U+2400–U+241F (`␛`, `␊`,
 * `␍`), DEL as `␡` (U+2421), and the rest (C1, separators, bidi controls) as `\uHHHH` text, since they
 * have no pictures.
 */
export function pictureControls(text: string): string {
  return text.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0);
    if (code < 0x20) return String.fromCharCode(0x2400 + code);
    if (code === 0x7f) return '\u2421';
    return `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

// Code units that no XML text can hold besides the controls: unpaired surrogates and U+FFFE, U+FFFF.
const NOT_XML =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\ufffe\uffff]/g;

/**
 * A name as a graph label in every output (the Graph view and its SVG and PNG exports, Mermaid, DOT):
 * `pictureControls`, and also the code units that no XML or SVG text can hold (unpaired surrogates,
 * U+FFFE, U+FFFF) as `\uHHHH` text. The result has no control character, no NUL and nothing that
 * reorders the text around it.
 */
export function pictureLabel(text: string): string {
  return pictureControls(text).replace(
    NOT_XML,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
