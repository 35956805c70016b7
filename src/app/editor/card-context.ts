import { syntaxTree } from '@codemirror/language';
import type { EditorState, Text } from '@codemirror/state';
import { readType, type CardType, type Profile } from '../../core/index.ts';
import { headerContentAt } from './bundle-tree.ts';
import { docText } from './doc-text.ts';
import { cardEditorConfig, documentFormat, type CardEditorConfig } from './editor-config.ts';
import { markdownYamlRegions, type YamlRegion } from './frontmatter-ranges.ts';
import { yamlDocumentAt } from './yaml-documents.ts';

/** A top-level key of a card's YAML, with the range of its name (quotes excluded). */
export interface TopLevelKey {
  name: string;
  from: number;
  to: number;
}

/** The card header around a position: its YAML region, its type and the keys it already has. */
export interface CardHeader {
  /** Start of the YAML region (absolute offset). */
  from: number;
  /** End of the YAML region (exclusive). */
  to: number;
  /**
   * The card's type read from its `type:` line: `agent` when there is none (the core's default), null
   * when the value is not a type of the profile.
   */
  type: CardType | null;
  /** The `type:` value as written (quotes and comment removed), or null when the key is absent. */
  typeText: string | null;
  /** The header's top-level keys, in order. */
  keys: TopLevelKey[];
}

const KEY = /^(?:([A-Za-z_][\w.-]*)|"([^"\\]*)"|'([^']*)')[ \t]*:(?=[ \t]|$)/;

/**
 * Reads a top-level key at the start of a YAML line (`name:`, `"name":`, `'name':`). Returns the key and
 * its column range, or null for indented lines, list items, comments and lines without a key.
 */
export function readTopLevelKey(line: string): { name: string; from: number; to: number } | null {
  const match = KEY.exec(line);
  if (!match) return null;
  const name = match[1] ?? match[2] ?? match[3] ?? '';
  const from = match[1] === undefined ? 1 : 0;
  return { name, from, to: from + name.length };
}

/** The value of a `key: value` line as a plain string: trailing comment, spaces and quotes removed. */
export function readScalar(text: string): string {
  let value = text.trim();
  const quote = value[0];
  if ((quote === '"' || quote === "'") && value.length > 1) {
    const end = value.indexOf(quote, 1);
    return end === -1 ? value.slice(1) : value.slice(1, end);
  }
  const comment = value.search(/(^|[ \t])#/);
  if (comment !== -1) value = value.slice(0, comment).trim();
  return value;
}

/**
 * Resolves a `type:` value as the core does: exact spelling first, then case-insensitive; a missing,
 * blank or null value is `agent`; the fast-agent profile also accepts `a2a` and the deprecated `smart`
 * (read as `agent`). Returns null for anything else.
 */
export function resolveCardType(text: string | null, profile: Profile): CardType | null {
  const folded = text?.trim();
  if (text === null || folded === '~' || folded === 'null') return 'agent';
  // The editor also offers field help for a mis-cased type, which the rfc profile reports as an error.
  const reading = readType(text, true, profile === 'rfc' ? 'fast-agent' : profile);
  if (reading.kind !== 'ok') return null;
  if (profile === 'rfc' && (reading.type === 'a2a' || reading.note === 'smart')) return null;
  return reading.type;
}

const markdownRegions = new WeakMap<Text, YamlRegion[]>();

/**
 * The card YAML regions of a Markdown document, found by a pass over its text once per document version
 * (documents are immutable, so the cache is keyed by the `Text` itself).
 */
function markdownRegionsOf(doc: Text): YamlRegion[] {
  let regions = markdownRegions.get(doc);
  if (!regions) {
    regions = markdownYamlRegions(docText(doc));
    markdownRegions.set(doc, regions);
  }
  return regions;
}

/**
 * The card header whose YAML holds `pos`, or null when `pos` is outside every header (a Markdown body,
 * a fence line, a file that holds no cards) or the document is not an AgentCard file (`documentFormat`). Reads the path and profile from `cardEditorConfig`.
 */
export function cardHeaderAt(state: EditorState, pos: number): CardHeader | null {
  const config = state.facet(cardEditorConfig);
  const region = regionAt(state, pos, config);
  return region && readHeader(state.doc, region, config.profile);
}

/**
 * The card YAML region that holds `pos`, found near `pos` rather than by a pass over the document: in a
 * Markdown file the card language's syntax tree knows the cards (the document is scanned only while
 * that tree is not there yet, or does not reach `pos`); in a YAML file only the lines between the
 * document markers around `pos` are read.
 */
function regionAt(state: EditorState, pos: number, config: CardEditorConfig): YamlRegion | null {
  // Headers feed completion and hover from AgentCard's field tables: other formats' files have none.
  if (documentFormat(config.path, state.doc) !== 'agentcard') return null;
  if (config.kind === 'yaml') return yamlDocumentAt(docText(state.doc), pos);
  if (config.kind !== 'markdown') return null;
  const known = headerContentAt(syntaxTree(state), pos, state.doc.length);
  if (known !== undefined) return known && { ...known, closedEnd: false };
  const regions = markdownRegionsOf(state.doc);
  let lo = 0;
  let hi = regions.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const region = regions[mid]!;
    if (pos < region.from) hi = mid - 1;
    else if (pos >= region.to) lo = mid + 1;
    else return region;
  }
  return null;
}

function readHeader(doc: Text, region: YamlRegion, profile: Profile): CardHeader {
  const keys: TopLevelKey[] = [];
  let typeText: string | null = null;
  const first = doc.lineAt(region.from).number;
  const last = doc.lineAt(
    Math.max(region.from, region.closedEnd ? region.to : region.to - 1),
  ).number;
  for (let n = first; n <= last; n++) {
    const line = doc.line(n);
    const key = readTopLevelKey(line.text);
    if (!key) continue;
    keys.push({ name: key.name, from: line.from + key.from, to: line.from + key.to });
    if (key.name === 'type' && typeText === null) {
      typeText = readScalar(line.text.slice(line.text.indexOf(':', key.to) + 1));
    }
  }
  return {
    from: region.from,
    to: region.to,
    type: resolveCardType(typeText, profile),
    typeText,
    keys,
  };
}
