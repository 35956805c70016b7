/**
 * Text helpers for the fast-agent portability fixes: where a card's YAML entry starts and ends as
 * whole lines, how a new entry is appended to a block mapping, how a value is written as YAML, and
 * which file name beside a card is free.
 */
import { isMap, stringify } from 'yaml';
import { dirname, extension, stem } from '../../text/paths.ts';
import { parseYaml, type ParsedYaml } from '../../text/parse-yaml.ts';
import { createdFileProblem, safeFileBase } from '../file-targets.ts';
import type { FixEdit } from '../fix.ts';

/** The start of the line holding offset `at`. */
export function lineStart(text: string, at: number): number {
  return text.lastIndexOf('\n', at - 1) + 1;
}

/** The offset just past the newline that ends the line holding `at - 1` (the text's end without one). */
export function afterLine(text: string, at: number): number {
  if (at > 0 && text[at - 1] === '\n') return at;
  const nl = text.indexOf('\n', at);
  return nl === -1 ? text.length : nl + 1;
}

/**
 * The whole lines of a mapping entry from its key to its value's end, or undefined when the key does
 * not start its line (a flow mapping, `- key:` in a list): those are not rewritten line by line.
 */
export function entryLines(
  text: string,
  key: readonly [number, number],
  value: readonly [number, number],
): [number, number] | undefined {
  const start = lineStart(text, key[0]);
  if (text.slice(start, key[0]).trim() !== '') return undefined;
  return [start, afterLine(text, Math.max(key[1], value[1]))];
}

/** The edit that removes an entry's lines (undefined when the entry is not on lines of its own). */
export function removeEntry(
  file: string,
  text: string,
  key: readonly [number, number],
  value: readonly [number, number],
): FixEdit | undefined {
  const lines = entryLines(text, key, value);
  return lines && { file, from: lines[0], to: lines[1], insert: '' };
}

/** The edit that appends `entry` (whole lines, ending in a newline) at the end of a card's YAML. */
export function appendEntry(file: string, text: string, yamlTo: number, entry: string): FixEdit {
  const lead = yamlTo > 0 && text[yamlTo - 1] !== '\n' ? '\n' : '';
  return { file, from: yamlTo, to: yamlTo, insert: lead + entry };
}

/** `{key: value}` written as block YAML lines (a trailing newline, no document markers). */
export function yamlEntry(key: string, value: unknown): string {
  return stringify({ [key]: value }, { lineWidth: 0, indentSeq: true });
}

/**
 * The card's YAML parsed alone (YAML 1.2, as the RFC reads it), when it is a block mapping without
 * errors: what the fixes that rewrite fields read, whatever the profile kept of the values.
 */
export function blockMapping(text: string, from: number, to: number): ParsedYaml | undefined {
  if (to <= from) return undefined;
  const parsed = parseYaml(text.slice(from, to), from, '1.2');
  const root = parsed.doc?.contents;
  if (!parsed.ok || !isMap(root) || root.flow === true) return undefined;
  return parsed;
}

/**
 * A file name beside `beside` built from `base` (made a valid file name by `safeFileBase`) and
 * `suffix`, not yet in the load-set nor in `taken`: `base` first, then `base-2`, `base-3`, … Undefined
 * when such a file may not be created there (`createdFileProblem`: the folder is a dot-folder).
 */
export function freeName(
  beside: string,
  base: string,
  suffix: string,
  exists: (path: string) => boolean,
  taken: ReadonlySet<string> = new Set(),
): string | undefined {
  const dir = dirname(beside);
  const clean = safeFileBase(base, suffix, safeFileBase(stem(beside), suffix, 'card'));
  for (let n = 1; ; n++) {
    const name = `${clean}${n === 1 ? '' : `-${n}`}${suffix}`;
    const path = dir === '' ? name : `${dir}/${name}`;
    if (!exists(path) && !taken.has(path))
      return createdFileProblem(path) === undefined ? path : undefined;
  }
}

/** The extension a card file of `path` keeps when split (`.md`, `.yaml`, …, as written). */
export function cardSuffix(path: string): string {
  const ext = extension(path);
  return path.slice(path.length - ext.length);
}
