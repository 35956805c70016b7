/**
 * `${…}` variables (AFM §7). The reference implementation resolves them over the raw file, body included,
 * before it parses anything; this checker never substitutes them. Each one is reported with where it is
 * and its prefix (`env`, `http`, …, or none). Scanning uses indexOf (no regex backtracking) and stops
 * after `MAX_VARIABLES`.
 */
import { isMap, isScalar, isSeq, type Document } from 'yaml';
import type { Json } from '../../model/agent-data.ts';

/** Most variables reported per file. */
export const MAX_VARIABLES = 500;
/** Longest `${…}` text read as a variable (longer ones are not variables). */
const MAX_VARIABLE_LENGTH = 256;

/** One `${…}` occurrence. `from`/`to` are absolute offsets of the whole `${…}`, `to` exclusive. */
export interface AfmVariable {
  text: string;
  /** The part before the first `:` when there is one (`env`, `http`, `secret`, …), else ''. */
  prefix: string;
  /** The part after the prefix (the variable name, or the payload path for `http`). */
  name: string;
  from: number;
  to: number;
  /** `frontmatter` or `body`. */
  where: 'frontmatter' | 'body';
  /** The frontmatter field it is in, as a dotted path (`model.authentication.token`), when known. */
  field?: string;
  /** True when the line starts with `#` before it: the reference implementation does not resolve it. */
  inComment: boolean;
}

/** Finds every `${…}` in `text` (no line breaks inside, at most `MAX_VARIABLES`). */
export function findVariables(text: string, bodyFrom: number): AfmVariable[] {
  const out: AfmVariable[] = [];
  let at = text.indexOf('${');
  while (at !== -1 && out.length < MAX_VARIABLES) {
    const close = text.indexOf('}', at + 2);
    if (close === -1) break;
    const inner = text.slice(at + 2, close);
    if (inner === '' || inner.length > MAX_VARIABLE_LENGTH || /[\n\r{]/.test(inner)) {
      at = text.indexOf('${', at + 2);
      continue;
    }
    const colon = inner.indexOf(':');
    const lineStart = text.lastIndexOf('\n', at) + 1;
    out.push({
      text: text.slice(at, close + 1),
      prefix: colon === -1 ? '' : inner.slice(0, colon),
      name: colon === -1 ? inner : inner.slice(colon + 1),
      from: at,
      to: close + 1,
      where: at >= bodyFrom ? 'body' : 'frontmatter',
      inComment: text.slice(lineStart, at).trim().startsWith('#'),
    });
    at = text.indexOf('${', close + 1);
  }
  return out;
}

/**
 * The dotted path of the frontmatter value that contains absolute offset `at` (`tools.mcp[0].transport.url`),
 * or undefined. `offset` is where the document's slice starts.
 */
export function fieldAt(doc: Document.Parsed, offset: number, at: number): string | undefined {
  const rel = at - offset;
  let node: unknown = doc.contents;
  let path = '';
  for (let depth = 0; depth < 64; depth++) {
    if (isMap(node)) {
      const pair = node.items.find((p) => {
        const r = (p.value as { range?: [number, number, number] } | null)?.range;
        return r !== undefined && rel >= r[0] && rel < r[1];
      });
      if (!pair) return path || undefined;
      const key = isScalar(pair.key) ? String(pair.key.value) : '?';
      path = path ? `${path}.${key}` : key;
      node = pair.value;
    } else if (isSeq(node)) {
      const index = node.items.findIndex((item) => {
        const r = (item as { range?: [number, number, number] } | null)?.range;
        return r !== undefined && rel >= r[0] && rel < r[1];
      });
      if (index === -1) return path || undefined;
      path = `${path}[${index}]`;
      node = node.items[index];
    } else return path || undefined;
  }
  return path || undefined;
}

/** A variable as plain JSON, for the output panel (`extras.variables`). */
export function variableJson(v: AfmVariable): Json {
  const out: { [key: string]: Json } = {
    text: v.text,
    prefix: v.prefix,
    name: v.name,
    where: v.where,
    from: v.from,
    to: v.to,
  };
  if (v.field !== undefined) out['field'] = v.field;
  if (v.inComment) out['inComment'] = true;
  return out;
}
