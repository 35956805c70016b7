import {
  isAlias,
  isCollection,
  isMap,
  isPair,
  isScalar,
  parseDocument,
  type Document,
  type Node,
  type YAMLError,
} from 'yaml';
import { problem, type RawDiagnostic } from '../diagnostics.ts';
import { yamlHint } from './yaml-hints.ts';
import { replaceFix, type Fix } from '../fixes/fix.ts';
import { pyyamlTags } from './pyyaml-scalars.ts';

/**
 * Which YAML to read: `1.1` is YAML 1.1 as PyYAML's safe loader reads it (fast-agent: `yes` is true, `y`
 * is a string; see `pyyaml-scalars.ts`); `1.2` is YAML 1.2's core schema (the RFC profile).
 */
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

/** How every slice is parsed (duplicate keys are found by `walkTree`, linearly). */
const PARSE_OPTIONS = {
  prettyErrors: false,
  uniqueKeys: false,
  strict: false,
  logLevel: 'error',
} as const;

/**
 * Parses `text` (a slice of a file starting at absolute `offset`) as one YAML document. Never throws: syntax
 * errors, duplicate keys, alias bombs and over-deep nesting become diagnostics at absolute offsets inside
 * the slice. Linear apart from the parser itself: duplicate keys are found with one set per mapping, not
 * with the library's pairwise `uniqueKeys` check.
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
  const end = offset + text.length;
  const at = (from: number, to: number): [number, number] => {
    const start = Math.min(offset + from, end);
    return [start, Math.min(Math.max(offset + to, start + 1), end)];
  };
  let doc: Document.Parsed;
  try {
    doc = parseDocument(
      text,
      version === '1.1'
        ? { ...PARSE_OPTIONS, version, customTags: pyyamlTags }
        : { ...PARSE_OPTIONS, version },
    );
  } catch (error) {
    result.diagnostics.push(
      problem('yaml-limit', `YAML could not be read: ${describe(error)}`, ...at(0, 1)),
    );
    return result;
  }
  result.doc = doc;
  if (doc.errors.some((e) => e.code === 'RESOURCE_EXHAUSTION')) {
    // Where the parser's stack runs out depends on how deep the caller's stack already is: report one
    // position-independent problem so the answer never depends on who asked.
    result.diagnostics.push(problem('yaml-limit', 'YAML nesting is too deep to read', ...at(0, 1)));
    return result;
  }
  for (const [i, error] of doc.errors.entries()) {
    const d = syntaxProblem(error, doc, text, at, i < MAX_CAUSE_SEARCHES);
    if (error.code === 'TAB_AS_INDENT') withFix(d, tabIndentFix(text, error.pos[0], offset));
    result.diagnostics.push(d);
  }
  result.empty = doc.contents === null;
  if (doc.errors.length > 0) return result;
  const walk = walkTree(doc.contents, MAX_YAML_DEPTH);
  const limit = treeLimit(walk, at);
  if (limit) {
    result.diagnostics.push(limit);
    return result;
  }
  for (const duplicate of walk.duplicates)
    result.diagnostics.push(duplicateProblem(duplicate, text, at));
  try {
    result.value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    result.ok = walk.duplicates.length === 0;
  } catch (error) {
    result.diagnostics.push(
      problem('yaml-limit', `YAML aliases expand too much: ${describe(error)}`, ...at(0, 3)),
    );
  }
  return result;
}

/**
 * How many syntax errors of one document get a likely cause: each search walks the whole document, and a
 * badly broken file has thousands of errors (the rest still get their hint).
 */
const MAX_CAUSE_SEARCHES = 20;

/** Offsets relative to a slice → absolute offsets inside it (see `parseYaml`). */
type Locate = (from: number, to: number) => [number, number];

/** The `yaml-syntax` problem of a parser error, with its hint's key and likely cause (`yaml-hints.ts`). */
function syntaxProblem(
  error: YAMLError,
  doc: Document,
  text: string,
  at: Locate,
  findCause: boolean,
): RawDiagnostic {
  const message = error.message.split('\n')[0] ?? error.message;
  const d = problem('yaml-syntax', message, ...at(error.pos[0], error.pos[1]));
  const { hintKey, cause } = yamlHint(error, doc, text, findCause);
  d.hintKey = hintKey;
  if (cause) {
    const [from, to] = at(cause[0], cause[1]);
    d.cause = { from, to };
  }
  return d;
}

/** The `duplicate-key` problem of a repeated key; its cause is the first key when on another line. */
function duplicateProblem({ key, first }: Duplicate, text: string, at: Locate): RawDiagnostic {
  const d = problem('duplicate-key', 'Map keys must be unique', ...at(key[0], key[1]));
  d.hintKey = 'DUPLICATE_KEY';
  if (text.slice(first[0], key[0]).includes('\n')) {
    const [from, to] = at(first[0], first[1]);
    d.cause = { from, to };
  }
  return d;
}

/** Sets `fix` as the only fix of `d`, when there is one. */
function withFix(d: RawDiagnostic, fix: Fix | undefined): void {
  if (fix) d.fixes = [fix];
}

/**
 * The fix for tab indentation on the line of `pos` (relative to the slice at `offset`): each tab of
 * the line's leading whitespace becomes two spaces. Safe when that whitespace is tabs only (the
 * nesting reads as the author laid it out); a mix of spaces and tabs is a guess.
 */
function tabIndentFix(text: string, pos: number, offset: number): Fix | undefined {
  const start = text.lastIndexOf('\n', Math.max(0, pos - 1)) + 1;
  const indent = /^[ \t]*/.exec(text.slice(start))![0];
  if (!indent.includes('\t')) return undefined;
  const spaces = indent.replace(/\t/g, '  ');
  const safe = !indent.includes(' ');
  return replaceFix(
    'Indent with spaces instead of tabs',
    safe,
    offset + start,
    offset + start + indent.length,
    spaces,
  );
}

/** The `yaml-limit` problem of a tree too deep or holding a recursive alias, if any. */
function treeLimit(
  walk: ReturnType<typeof walkTree>,
  at: (from: number, to: number) => [number, number],
): RawDiagnostic | undefined {
  if (walk.tooDeep)
    return problem(
      'yaml-limit',
      `YAML nesting is deeper than ${MAX_YAML_DEPTH} levels`,
      ...at(0, 1),
    );
  // A node that contains itself: every reader that follows aliases (validation, compiling, the formats'
  // own walks) would go round it forever, or with two branches build an exponential copy.
  if (walk.recursiveAlias)
    return problem(
      'yaml-limit',
      `The alias *${walk.recursiveAlias.name} is inside the node its anchor names: the value would contain itself`,
      ...at(walk.recursiveAlias.from, walk.recursiveAlias.to),
    );
  return undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
}

/** A key that repeats an earlier key of its mapping, and that earlier key (ranges relative to the slice). */
interface Duplicate {
  key: [number, number];
  first: [number, number];
}

/** An alias found inside the node its anchor names (`&a [*a]`), relative to the slice. */
interface RecursiveAlias {
  name: string;
  from: number;
  to: number;
}

/**
 * Walks the composed node tree iteratively: reports nesting deeper than `limit`, the ranges of keys
 * that repeat an earlier scalar key of the same mapping, and the first alias that sits inside the node
 * its anchor names (a value that contains itself).
 */
function walkTree(
  root: Node | null,
  limit: number,
): {
  tooDeep: boolean;
  duplicates: Duplicate[];
  recursiveAlias?: RecursiveAlias;
} {
  const duplicates: Duplicate[] = [];
  if (!root) return { tooDeep: false, duplicates };
  // Anchors by name, each definition with its node's [start, end); aliases with their name and range.
  const anchors = new Map<string, Array<[number, number]>>();
  const aliases: RecursiveAlias[] = [];
  const stack: Array<[unknown, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > limit) return { tooDeep: true, duplicates };
    if (isAlias(node) && node.range) {
      aliases.push({ name: node.source, from: node.range[0], to: node.range[1] });
      continue;
    }
    if ((isScalar(node) || isCollection(node)) && node.anchor && node.range) {
      const list = anchors.get(node.anchor) ?? [];
      list.push([node.range[0], node.range[2]]);
      anchors.set(node.anchor, list);
    }
    if (isMap(node)) {
      const seen = new Map<unknown, [number, number]>();
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (isScalar(pair.key) && pair.key.range) {
          const range: [number, number] = [pair.key.range[0], pair.key.range[1]];
          const first = seen.get(key);
          if (first) duplicates.push({ key: range, first });
          else seen.set(key, range);
        }
        stack.push([pair.key, depth + 1], [pair.value, depth + 1]);
      }
    } else if (isCollection(node)) {
      for (const item of node.items) stack.push([item, depth + 1]);
    } else if (isPair(node)) {
      stack.push([node.key, depth], [node.value, depth]);
    }
  }
  return { tooDeep: false, duplicates, recursiveAlias: findRecursiveAlias(anchors, aliases) };
}

/**
 * The first alias (in document order) that lies inside the node its anchor names. An alias names the
 * closest definition of its anchor before it, as YAML says.
 */
function findRecursiveAlias(
  anchors: ReadonlyMap<string, Array<[number, number]>>,
  aliases: readonly RecursiveAlias[],
): RecursiveAlias | undefined {
  for (const list of anchors.values()) list.sort((a, b) => a[0] - b[0]);
  const ordered = [...aliases].sort((a, b) => a.from - b.from);
  for (const alias of ordered) {
    let named: [number, number] | undefined;
    for (const definition of anchors.get(alias.name) ?? []) {
      if (definition[0] >= alias.from) break;
      named = definition;
    }
    if (named && alias.from < named[1]) return alias;
  }
  return undefined;
}

/** `[from, to)` of a YAML node relative to its slice, or undefined for a node without a range. */
export function nodeRange(node: unknown): [number, number] | undefined {
  if ((isScalar(node) || isCollection(node) || isAlias(node)) && node.range) {
    return [node.range[0], node.range[1]];
  }
  return undefined;
}
