/**
 * Where the cursor is in a schema-described YAML (an AFM frontmatter, an OpenAgentSpec file): the key path
 * from the document's root, read with the `yaml` library's parse. Everything here runs on demand (from a
 * completion or hover source), never on every keystroke.
 */
import type { EditorState } from '@codemirror/state';
import { isMap, isScalar, isSeq, parseDocument, type Node as YamlNode } from 'yaml';
import type { FormatId, KeyPathStep } from '../../core/index.ts';
import { docText } from './doc-text.ts';
import { cardEditorConfig, documentFormat } from './editor-config.ts';
import { bomLength, lineAt } from './frontmatter-ranges.ts';
import { yamlDocumentAt } from './yaml-documents.ts';

/** The formats whose fields come from the core's `schemaFields`. */
export type SchemaFormat = Extract<FormatId, 'afm' | 'openagentspec'>;

/** The YAML of a schema-described document around a position. */
export interface SchemaYaml {
  format: SchemaFormat;
  /** Start of the YAML (absolute offset). */
  from: number;
  /** End of the YAML (exclusive). */
  to: number;
}

/**
 * The AFM frontmatter's YAML, as the AFM reader finds it: the first line is `---` (spaces around it
 * allowed) and the next `---` line closes it. Unclosed, it runs to the end of the text (the user is typing it).
 */
function afmFrontmatter(text: string): { from: number; to: number } | null {
  const first = lineAt(text, bomLength(text));
  if (text.slice(first.start, first.end).trim() !== '---' || first.next === first.end) return null;
  for (let start = first.next; start < text.length;) {
    const line = lineAt(text, start);
    if (text.slice(line.start, line.end).trim() === '---')
      return { from: first.next, to: line.start };
    if (line.next === start) break;
    start = line.next;
  }
  return { from: first.next, to: text.length };
}

/**
 * The schema-described YAML that holds `pos`, or null when the document is not AFM or OpenAgentSpec
 * (`documentFormat`) or `pos` is outside its YAML (an AFM body, a fence line).
 */
export function schemaYamlAt(state: EditorState, pos: number): SchemaYaml | null {
  const { path } = state.facet(cardEditorConfig);
  const format = documentFormat(path, state.doc);
  if (format !== 'afm' && format !== 'openagentspec') return null;
  const text = docText(state.doc);
  const region = format === 'afm' ? afmFrontmatter(text) : yamlDocumentAt(text, pos);
  if (!region || pos < region.from || pos > region.to) return null;
  return { format, from: region.from, to: region.to };
}

/** A key found in the YAML: its path from the root, its mapping's other keys and scalar values. */
export interface KeyPlace {
  /** Path of the mapping that holds the key. */
  path: KeyPathStep[];
  /** The key's name. */
  name: string;
  /** Range of the key in the parsed text (relative offsets). */
  from: number;
  to: number;
  /** The mapping's keys, in order (the key itself included). */
  keys: string[];
  /** The mapping's scalar values by key (`{ type: 'webhook' }`), for picking a variant. */
  values: Record<string, unknown>;
}

/** Finds the first key `match` accepts, depth first, with the path of the mapping holding it. */
function findKey(
  node: unknown,
  path: KeyPathStep[],
  match: (name: string, from: number, to: number) => boolean,
): KeyPlace | null {
  if (isSeq(node)) {
    for (const [i, item] of node.items.entries()) {
      const found = findKey(item, [...path, i], match);
      if (found) return found;
    }
    return null;
  }
  if (!isMap(node)) return null;
  const keys: string[] = [];
  const values: Record<string, unknown> = {};
  for (const pair of node.items) {
    if (!isScalar(pair.key)) continue;
    const name = String(pair.key.value);
    keys.push(name);
    if (isScalar(pair.value)) values[name] = pair.value.value;
  }
  for (const pair of node.items) {
    if (!isScalar(pair.key)) continue;
    const name = String(pair.key.value);
    const [from, to] = (pair.key as YamlNode).range ?? [-1, -1];
    if (match(name, from, to)) return { path, name, from, to, keys, values };
    const found = findKey(pair.value, [...path, name], match);
    if (found) return found;
  }
  return null;
}

/** The key whose name covers `offset` (ends included) in `yaml`, or null. Never throws. */
export function keyAt(yaml: string, offset: number): KeyPlace | null {
  const doc = parseDocument(yaml, { uniqueKeys: false });
  return findKey(doc.contents, [], (_, from, to) => from <= offset && offset <= to);
}

/** A key name no document has: completion puts it where the new key goes, to learn that place's path. */
export const PROBE_KEY = '__agentcard_probe__';

/**
 * The place of a key written at the start of line `lineFrom..lineTo` of `yaml` (relative offsets) after
 * `lead` (its indentation and list dashes): the line is replaced by `lead` + a probe key, and the text
 * parsed. Null when the probe lands in no mapping (inside a block scalar, a flow collection…).
 */
export function newKeyPlace(
  yaml: string,
  lineFrom: number,
  lineTo: number,
  lead: string,
): KeyPlace | null {
  const probed = `${yaml.slice(0, lineFrom)}${lead}${PROBE_KEY}:${yaml.slice(lineTo)}`;
  const doc = parseDocument(probed, { uniqueKeys: false });
  return findKey(doc.contents, [], (name) => name === PROBE_KEY);
}
