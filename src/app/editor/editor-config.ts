import {
  CONFIG_FILE_NAMES,
  detectFormat,
  detectionReach,
  FORMAT_REGISTRY,
} from '../../core/index.ts';
import { Facet, type Text } from '@codemirror/state';
import type { FormatId, Profile } from '../../core/index.ts';
import { docHead } from './doc-text.ts';

/** How the editor reads a file, picked from its path's extension. */
export type DocumentKind = 'markdown' | 'yaml' | 'json' | 'text';

/** The editor's per-file configuration as extensions provide it; later providers override earlier ones. */
export interface CardEditorConfigInput {
  /** The file's path in the load-set (`agents/sizer.md`). */
  path?: string;
  /** The checker profile whose field rules hover and completion follow. */
  profile?: Profile;
}

/** The resolved configuration that hover, completion and language loading read. */
export interface CardEditorConfig {
  path: string;
  profile: Profile;
  kind: DocumentKind;
}

/**
 * The kind of a file by its extension, case-insensitive, as the formats' records give it (`.md`/`.markdown`
 * → Markdown, `.yaml`/`.yml` → YAML, `.json` → JSON, TsAgent's `.mdt` and AFM's `.afm` → Markdown); anything
 * else (including no extension) → plain text.
 */
export function documentKind(path: string): DocumentKind {
  return FORMAT_REGISTRY.language(path) ?? 'text';
}

const formats = new WeakMap<Text, { path: string; format: FormatId | undefined }>();

/**
 * The format the checker reads a document as: the core's `detectFormat` for `path` with the document's text
 * (so an OpenAgentSpec `spec.yaml` is told from an AgentCard `.yaml` by its `kind`), or undefined for a file no
 * format claims and for the fast-agent config files (`CONFIG_FILE_NAMES`), which are settings, not agents.
 * Detection reads the text, so its answer is kept per document version (documents are immutable).
 */
export function documentFormat(path: string, doc: Text): FormatId | undefined {
  const known = formats.get(doc);
  if (known !== undefined && known.path === path) return known.format;
  const format = CONFIG_FILE_NAMES.has(path.slice(path.lastIndexOf('/') + 1))
    ? undefined
    : detectFormat(path, detectionText(path, doc));
  formats.set(doc, { path, format });
  return format;
}

/**
 * The part of `doc` detection reads for `path`: the start of a large Markdown file rather than all of it
 * (joining a 1 MB file's text on every keystroke is a megabyte of garbage a key).
 */
function detectionText(path: string, doc: Text): string {
  return docHead(doc, detectionReach(path));
}

/** The editor's configuration facet: path and profile (defaults: no path, `rfc`). */
export const cardEditorConfig = Facet.define<CardEditorConfigInput, CardEditorConfig>({
  combine(inputs) {
    let path = '';
    let profile: Profile = 'rfc';
    for (const input of inputs) {
      if (input.path !== undefined) path = input.path;
      if (input.profile !== undefined) profile = input.profile;
    }
    return { path, profile, kind: documentKind(path) };
  },
});
