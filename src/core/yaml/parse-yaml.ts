import {
  isAlias,
  isCollection,
  isPair,
  isScalar,
  parseDocument,
  type Document,
  type Node,
} from 'yaml';
import { problem, type RawDiagnostic } from '../diagnostics.ts';

/** Which YAML version to read with: PyYAML (fast-agent) reads 1.1 (`yes` is true); the RFC profile reads 1.2. */
export type YamlVersion = '1.1' | '1.2';

/** Deepest collection nesting the core reads; deeper input is refused with `yaml-limit`. */
export const MAX_YAML_DEPTH = 256;
/** Most alias expansions per document (defeats "billion laughs" alias bombs). */
export const MAX_ALIAS_COUNT = 1000;

/**
 * A parsed YAML slice. `doc` is null when the text could not be read at all. Node ranges inside `doc` are
 * relative to the slice; add `offset` for absolute positions. `value` is the plain JavaScript value, or
 * undefined when the document has errors.
 */
export interface ParsedYaml {
  doc: Document.Parsed | null;
  value: unknown;
  offset: number;
  diagnostics: RawDiagnostic[];
  /** True when the YAML parsed without errors (warnings allowed). */
  ok: boolean;
  /** True when the document is empty (only comments or blank lines). */
  empty: boolean;
}

/**
 * Parses `text` (a slice of a file starting at absolute `offset`) as one YAML document. Never throws: syntax
 * errors, duplicate keys, alias bombs and over-deep nesting become diagnostics at absolute offsets.
 */
export function parseYaml(text: string, offset: number, version: YamlVersion): ParsedYaml {
  const result: ParsedYaml = {
    doc: null,
    value: undefined,
    offset,
    diagnostics: [],
    ok: false,
    empty: false,
  };
  const depth = flowDepthExceeds(text, MAX_YAML_DEPTH);
  if (depth !== -1) {
    result.diagnostics.push(
      problem(
        'yaml-limit',
        `YAML nesting is deeper than ${MAX_YAML_DEPTH} levels`,
        offset + depth,
        offset + depth + 1,
      ),
    );
    return result;
  }
  let doc: Document.Parsed;
  try {
    doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true, version, strict: false });
  } catch (error) {
    result.diagnostics.push(
      problem(
        'yaml-limit',
        `YAML could not be read: ${describe(error)}`,
        offset,
        offset + Math.min(text.length, 1),
      ),
    );
    return result;
  }
  result.doc = doc;
  for (const error of doc.errors) {
    const [from, to] = error.pos;
    const code = error.code === 'DUPLICATE_KEY' ? 'duplicate-key' : 'yaml-syntax';
    const message = error.message.split('\n')[0] ?? error.message;
    result.diagnostics.push(problem(code, message, offset + from, offset + Math.max(to, from + 1)));
  }
  result.empty = doc.contents === null;
  if (doc.errors.length > 0) return result;
  if (nodeDepthExceeds(doc.contents, MAX_YAML_DEPTH)) {
    result.diagnostics.push(
      problem(
        'yaml-limit',
        `YAML nesting is deeper than ${MAX_YAML_DEPTH} levels`,
        offset,
        offset + 1,
      ),
    );
    return result;
  }
  try {
    result.value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    result.ok = true;
  } catch (error) {
    result.diagnostics.push(
      problem(
        'yaml-limit',
        `YAML aliases expand too much: ${describe(error)}`,
        offset,
        offset + Math.min(text.length, 3),
      ),
    );
  }
  return result;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message.split('\n')[0]! : String(error);
}

/**
 * Returns the offset of the first `[`/`{` that opens a flow collection deeper than `limit`, or -1. Flow
 * nesting is the only kind that can get deep cheaply; checking it before parsing keeps the parser's
 * recursion bounded. Quotes and comments are skipped roughly; the check errs on the side of parsing.
 */
function flowDepthExceeds(text: string, limit: number): number {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quote) {
      if (text[i] === quote) quote = '';
      else if (c === 10) quote = '';
      continue;
    }
    if (c === 91 || c === 123) {
      if (++depth > limit) return i;
    } else if (c === 93 || c === 125) {
      if (depth > 0) depth--;
    } else if (c === 10) {
      // block context resets nothing, but a line break inside flow keeps depth
    } else if ((c === 34 || c === 39) && depth > 0) {
      quote = text[i]!;
    }
  }
  return -1;
}

/** Iteratively checks the composed node tree for nesting deeper than `limit` (block indentation included). */
function nodeDepthExceeds(root: Node | null, limit: number): boolean {
  if (!root) return false;
  const stack: Array<[unknown, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > limit) return true;
    if (isCollection(node)) {
      for (const item of node.items) stack.push([item, depth + 1]);
    } else if (isPair(node)) {
      stack.push([node.key, depth], [node.value, depth]);
    }
  }
  return false;
}

/** `[from, to)` of a YAML node relative to its slice, or undefined for a node without a range. */
export function nodeRange(node: unknown): [number, number] | undefined {
  if ((isScalar(node) || isCollection(node) || isAlias(node)) && node.range) {
    return [node.range[0], node.range[1]];
  }
  return undefined;
}
