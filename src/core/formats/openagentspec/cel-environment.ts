/**
 * The one CEL environment of the format (`@marcbachmann/cel-js`: a hand-written parser and a tree-walking
 * evaluator, no `eval`/`new Function`, so it runs under the app's strict CSP, in the Web Worker and in Node).
 */
import { Environment, type ASTNode } from '@marcbachmann/cel-js';

/** Longest CEL expression the checker parses (longer ones get `oas-cel-limit`). */
export const MAX_CEL_CHARS = 10_000;
/** Most CEL expressions of one file the checker parses (the rest get one `oas-cel-limit`). */
export const MAX_CEL_EXPRESSIONS = 500;

/**
 * Variables are `dyn` (the Engagement is plain JSON); the limits keep parsing of hostile input cheap and
 * the AST shallow enough for the recursive checks.
 */
export const CEL = new Environment({
  unlistedVariablesAreDyn: true,
  limits: { maxAstNodes: 5_000, maxDepth: 48, maxListElements: 1_000, maxMapEntries: 1_000 },
});

/**
 * A parsed expression, or the parse error's message and `[from, to)` range in the expression. `limit` is
 * true when the expression was not read because it nests too deeply for the parser's stack (not a syntax
 * error: the text may be valid CEL).
 */
export type CelParse =
  | { ok: true; ast: ASTNode; run: (context: Record<string, unknown>) => unknown }
  | { ok: false; message: string; from: number; to: number; limit?: true };

/** The parser's message when one of `CEL`'s limits stops it (the text may be valid CEL). */
const LIBRARY_LIMIT = /^Exceeded max(?:AstNodes|Depth|ListElements|MapEntries)\b/;

/** Parses a CEL expression. Never throws. */
export function parseCel(expression: string): CelParse {
  try {
    const parsed = CEL.parse(expression);
    return { ok: true, ast: parsed.ast, run: (context) => parsed(context) as unknown };
  } catch (error) {
    // The parser's recursion can outrun the stack before its own limits count (e.g. 10,000 `-`), and
    // which comes first depends on the engine's stack: both are the same limit to the reader.
    if (error instanceof RangeError || LIBRARY_LIMIT.test(errorSummary(error)))
      return {
        ok: false,
        message: 'The expression nests too deeply or is too large to be read',
        from: 0,
        to: expression.length,
        limit: true,
      };
    const range = (error as { range?: { start?: unknown; end?: unknown } } | null)?.range;
    const from = typeof range?.start === 'number' ? range.start : 0;
    const to = typeof range?.end === 'number' ? range.end : expression.length;
    return { ok: false, message: errorSummary(error), from, to: Math.max(to, from) };
  }
}

/** The first line of a CEL (or any) error's message, without the library's source excerpt. */
export function errorSummary(error: unknown): string {
  const summary = (error as { summary?: unknown } | null)?.summary;
  if (typeof summary === 'string' && summary !== '') return summary;
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}
