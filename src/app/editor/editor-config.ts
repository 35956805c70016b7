import { CONFIG_FILE_NAMES } from '../../core/index.ts';
import { Facet } from '@codemirror/state';
import type { Profile } from '../../core/index.ts';

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
  /** True when the file is read as cards (Markdown, or YAML other than the fast-agent config files). */
  isCardFile: boolean;
}

/**
 * The kind of a file by its extension, case-insensitive: `.md`/`.markdown` → Markdown, `.yaml`/`.yml`
 * → YAML, `.json` → JSON, anything else (including no extension) → plain text.
 */
export function documentKind(path: string): DocumentKind {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const ext = name.includes('.') ? name.slice(name.lastIndexOf('.')) : '';
  // `.mdt`: TsAgent's rule and reference files; `.afm`: AFM without the `.md`.
  if (ext === '.md' || ext === '.markdown' || ext === '.mdt' || ext === '.afm') return 'markdown';
  if (ext === '.yaml' || ext === '.yml') return 'yaml';
  if (ext === '.json') return 'json';
  return 'text';
}

/**
 * True when the checker reads the file as cards. The fast-agent config files are YAML but not cards;
 * the list is the core's (`CONFIG_FILE_NAMES`).
 */
export function isCardFile(path: string): boolean {
  const kind = documentKind(path);
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  // Other formats by name (AFM, TsAgent's .mdt): AgentCard field help would mislead there.
  if (/\.(afm|afm\.md|mdt)$/.test(name)) return false;
  if (kind === 'markdown') return true;
  if (kind !== 'yaml') return false;
  return !CONFIG_FILE_NAMES.has(path.slice(path.lastIndexOf('/') + 1));
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
    return { path, profile, kind: documentKind(path), isCardFile: isCardFile(path) };
  },
});
