import type { EditorState, Text } from '@codemirror/state';
import { readType, type CardType, type Profile } from '../../core/index.ts';
import { docText } from './doc-text.ts';
import { cardEditorConfig, type DocumentKind } from './editor-config.ts';
import { findYamlDocuments, markdownYamlRegions, type YamlRegion } from './frontmatter-ranges.ts';

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

const caches: Record<'markdown' | 'yaml', WeakMap<Text, YamlRegion[]>> = {
  markdown: new WeakMap(),
  yaml: new WeakMap(),
};

/**
 * The card YAML regions of a document, computed once per document version (documents are immutable, so
 * the cache is keyed by the `Text` itself). Empty for files that are not read as cards.
 */
export function cardRegions(doc: Text, kind: DocumentKind, isCardFile: boolean): YamlRegion[] {
  if (!isCardFile || (kind !== 'markdown' && kind !== 'yaml')) return [];
  const cache = caches[kind];
  let regions = cache.get(doc);
  if (!regions) {
    const text = docText(doc);
    regions = kind === 'markdown' ? markdownYamlRegions(text) : findYamlDocuments(text);
    cache.set(doc, regions);
  }
  return regions;
}

/**
 * The card header whose YAML holds `pos`, or null when `pos` is outside every header (a Markdown body,
 * a fence line, a file that holds no cards). Reads the path and profile from `cardEditorConfig`.
 */
export function cardHeaderAt(state: EditorState, pos: number): CardHeader | null {
  const config = state.facet(cardEditorConfig);
  const regions = cardRegions(state.doc, config.kind, config.isCardFile);
  let lo = 0;
  let hi = regions.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const region = regions[mid]!;
    if (pos < region.from) hi = mid - 1;
    else if (pos > region.to || (pos === region.to && !region.closedEnd)) lo = mid + 1;
    else return readHeader(state.doc, region, config.profile);
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
