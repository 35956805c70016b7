/**
 * The plain-language hints for YAML syntax errors and duplicate keys, keyed on the `yaml` library's error
 * code: data only, apart from the parsing (`yaml-hints.ts` picks the key, `locate.ts` gives the text), so
 * that the playground's worker loads it only when a file first has such a problem.
 */
import type { ErrorCode } from 'yaml';

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

/** The hint of `key`, when `YAML_HINTS` has one. */
export function yamlHintText(key: string): string | undefined {
  return Object.hasOwn(YAML_HINTS, key) ? YAML_HINTS[key as YamlHintKey] : undefined;
}
