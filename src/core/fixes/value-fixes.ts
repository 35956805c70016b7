/**
 * Fixes for values of the wrong kind that are obviously meant as another: a boolean or an integer
 * written as a string (`"true"`, `'3'`), an integer written as a float (`schema_version: 1.0`).
 */
import * as v from 'valibot';
import { isScalar } from 'yaml';
import { nodeRange } from '../text/parse-yaml.ts';
import { replaceFix, type Fix } from './fix.ts';

/** The literal a quoted string or a whole float stands for, when there is one. */
function literalFor(node: unknown): { text: string; value: boolean | number } | undefined {
  if (!isScalar(node)) return undefined;
  if (typeof node.value === 'number') {
    // A float with no fraction (`1.0`, `3.00`): the integer it equals.
    return Number.isSafeInteger(node.value)
      ? { text: String(node.value), value: node.value }
      : undefined;
  }
  if (
    typeof node.value !== 'string' ||
    (node.type !== 'QUOTE_DOUBLE' && node.type !== 'QUOTE_SINGLE')
  )
    return undefined;
  const text = node.value.trim();
  if (/^(true|false)$/i.test(text)) {
    const lower = text.toLowerCase();
    return { text: lower, value: lower === 'true' };
  }
  if (/^-?(0|[1-9][0-9]{0,14})$/.test(text)) return { text, value: Number(text) };
  return undefined;
}

/**
 * The fix that writes the YAML `node` (a value `schema` rejected) as the literal it stands for, when
 * `schema` accepts that literal: safe, since the card means the same and now loads. `off` re-bases
 * the node's offsets (a frontmatter inside a Markdown file).
 */
export function literalFixes(
  schema: v.GenericSchema,
  node: unknown,
  off: number,
): Fix[] | undefined {
  const literal = literalFor(node);
  const range = nodeRange(node);
  if (literal === undefined || range === undefined) return undefined;
  if (!v.safeParse(schema, literal.value).success) return undefined;
  const kind = typeof literal.value === 'boolean' ? 'boolean' : 'integer';
  return [
    replaceFix(
      `Write it as the ${kind} ${literal.text}`,
      true,
      range[0] + off,
      range[1] + off,
      literal.text,
    ),
  ];
}
