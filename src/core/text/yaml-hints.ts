/**
 * Where a YAML syntax error's hint comes from and where the problem likely started, when that is on an
 * earlier line than where the parser noticed it (an unclosed quote or bracket is only noticed lines
 * later). Data, not prose in the message: a `yaml-syntax` diagnostic keeps the parser's own message and
 * carries the key of its hint (`yaml-hint-texts.ts`, whose text it gets when located) and the cause.
 */
import { visit, type Document, type ErrorCode, type Node, type YAMLError } from 'yaml';

/** What a hint adds to a YAML problem: the key of its advice and, when it is elsewhere, the likely cause (offsets). */
export interface YamlHint {
  hintKey: string;
  cause?: [number, number];
}

/** The `YAML_HINTS` key for an error of the parser (its code, refined by its message where needed). */
export function hintKey(code: ErrorCode, message: string): string {
  if (code === 'MISSING_CHAR' && /closing .?quote/.test(message)) return 'MISSING_CHAR:quote';
  if (code === 'BAD_INDENT' && /^Flow (sequence|map) /.test(message)) return 'BAD_INDENT:flow';
  return code;
}

/**
 * The hint's key and likely cause of a parser error of `doc` (parsed from `text`; offsets relative to
 * it). The key is given for every error (one `YAML_HINTS` lacks gets no hint); the cause only when it
 * starts on an earlier line than the error, and looked for only when `findCause` (each look walks the
 * document: callers bound how many errors get one). Never throws.
 */
export function yamlHint(
  error: YAMLError,
  doc: Document,
  text: string,
  findCause = true,
): YamlHint {
  const key = hintKey(error.code, error.message);
  if (!findCause) return { hintKey: key };
  const at = error.pos[0];
  const start =
    key === 'MISSING_CHAR:quote'
      ? openingQuote(doc, at)
      : key === 'BAD_INDENT:flow'
        ? openingBracket(doc, at, error.message.includes('sequence') ? 'seq' : 'map')
        : undefined;
  if (start === undefined || !text.slice(start, at).includes('\n')) return { hintKey: key };
  return { hintKey: key, cause: [start, start + 1] };
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
