/**
 * Plain-language hints for YAML syntax errors, keyed on the `yaml` library's error code, and where the
 * problem likely started when that is on an earlier line than where the parser noticed it (an unclosed
 * quote or bracket is only noticed lines later). Data, not prose in the message: a `yaml-syntax`
 * diagnostic keeps the parser's own message and carries the hint and the cause beside it.
 */
import { visit, type Document, type ErrorCode, type Node, type YAMLError } from 'yaml';

/**
 * The hints, by the parser's error code; a code whose messages need different advice has variants,
 * keyed `CODE:variant` (see `hintKey`). Codes without an entry get no hint.
 */
export const YAML_HINTS = {
  MISSING_CHAR:
    'A line is read as a key but has no `:` after it. Write `key: value`; if the line continues the value above, indent it under that key (or use a block scalar: `key: |`).',
  'MISSING_CHAR:quote':
    'A quoted value is never closed, so YAML reads on to the end looking for the closing quote. Add the matching quote where the value ends (the likely cause is the opening quote).',
  MULTILINE_IMPLICIT_KEY:
    'Implicit keys must fit on one line: this line probably misses the `:` after its key, or has no space after the `:` (write `key: value`).',
  BLOCK_AS_IMPLICIT_KEY:
    'A value holds `: ` (a colon and a space), which YAML reads as another key. Put the value in quotes (`key: "a: b"`); if the next line is its own field, start it in the same column as the other keys.',
  TAB_AS_INDENT:
    'YAML indentation must be spaces: replace the tab at the start of this line with spaces.',
  BAD_INDENT:
    'The keys of one mapping must start in the same column: this line is indented more or less than the keys before it.',
  'BAD_INDENT:flow':
    'A `[` or `{` is never closed: add the closing `]` or `}` on the line where the list or mapping ends (the likely cause is the opening bracket).',
  BLOCK_IN_FLOW:
    'Inside `[ ]` or `{ }` items are separated by commas; `- ` items and indented blocks are not allowed there. Use one style: `[a, b]`, or one `- item` per line without brackets.',
  BAD_DQ_ESCAPE:
    'In double quotes a backslash starts an escape (`\\n`, `\\"`, `\\\\`). Write `\\\\` for a backslash, or use single quotes, where backslashes are plain text.',
  BAD_SCALAR_START:
    'A value without quotes cannot start with `@` or a backtick (YAML reserves them): put the value in quotes.',
  UNEXPECTED_TOKEN:
    'Something here does not fit the structure: often text after a closing quote, or a `]` or `}` without its opening bracket. Quote the whole value, or remove the stray character.',
  MULTIPLE_ANCHORS: 'A value can have one `&anchor`: remove the extra one.',
  ALIAS_PROPS:
    'An alias (`*name`) stands for another value and cannot have its own `&anchor` or `!tag`: remove them.',
  DUPLICATE_KEY:
    'Each key can appear once per mapping: remove one of the two, or merge their values (the likely cause is the first one).',
} as const satisfies Partial<Record<ErrorCode | `${ErrorCode}:${string}`, string>>;

/** A key of `YAML_HINTS`. */
export type YamlHintKey = keyof typeof YAML_HINTS;

/** What a hint adds to a YAML problem: the advice and, when it is elsewhere, the likely cause (offsets). */
export interface YamlHint {
  hint?: string;
  cause?: [number, number];
}

/** The `YAML_HINTS` key for an error of the parser (its code, refined by its message where needed). */
export function hintKey(code: ErrorCode, message: string): string {
  if (code === 'MISSING_CHAR' && /closing .?quote/.test(message)) return 'MISSING_CHAR:quote';
  if (code === 'BAD_INDENT' && /^Flow (sequence|map) /.test(message)) return 'BAD_INDENT:flow';
  return code;
}

/**
 * The hint and likely cause of a parser error of `doc` (parsed from `text`; offsets relative to it).
 * The cause is given only when it starts on an earlier line than the error, and looked for only when
 * `findCause` (each look walks the document: callers bound how many errors get one). Never throws.
 */
export function yamlHint(
  error: YAMLError,
  doc: Document,
  text: string,
  findCause = true,
): YamlHint {
  const key = hintKey(error.code, error.message);
  const hint: string | undefined = (YAML_HINTS as Record<string, string>)[key];
  if (hint === undefined) return {};
  if (!findCause) return { hint };
  const at = error.pos[0];
  const start =
    key === 'MISSING_CHAR:quote'
      ? openingQuote(doc, at)
      : key === 'BAD_INDENT:flow'
        ? openingBracket(doc, at, error.message.includes('sequence') ? 'seq' : 'map')
        : undefined;
  if (start === undefined || !text.slice(start, at).includes('\n')) return { hint };
  return { hint, cause: [start, start + 1] };
}

/**
 * The start of the quoted scalar that runs on to `at` (the unclosed quote), the last one starting
 * before `at`.
 */
function openingQuote(doc: Document, at: number): number | undefined {
  let found: number | undefined;
  visit(doc, {
    Scalar(_key, node) {
      const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
      if (quoted && runsTo(node, at)) found = Math.max(found ?? -1, node.range![0]);
    },
  });
  return found;
}

/** The start of the last flow collection of `kind` (`[…]` or `{…}`) that opens before `at` and runs to it. */
function openingBracket(doc: Document, at: number, kind: 'seq' | 'map'): number | undefined {
  let found: number | undefined;
  const check = (node: Node & { flow?: boolean }) => {
    if (node.flow && runsTo(node, at)) found = Math.max(found ?? -1, node.range![0]);
  };
  visit(
    doc,
    kind === 'seq' ? { Seq: (_k, node) => check(node) } : { Map: (_k, node) => check(node) },
  );
  return found;
}

/** True when `node` starts before `at` and its range reaches `at`. */
function runsTo(node: Node, at: number): boolean {
  return (
    node.range !== undefined && node.range !== null && node.range[0] < at && node.range[1] >= at
  );
}
