import { readdirSync, readFileSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { isCardPath, MAX_FILE_CHARS, normalizePath } from '../core/index.ts';

/** What the command line hands the core: card texts by load-set path, and which paths are cards. */
export interface DiskLoadSet {
  files: Record<string, string>;
  cards: string[];
  /** The cards found in a folder rather than named (a Markdown file among them without frontmatter is skipped). */
  discovered: string[];
  /** Problems with the paths themselves (missing, unreadable): usage/I-O errors, exit code 2. */
  errors: string[];
}

/** Turns an OS path into a load-set path: relative to `cwd`, `/`-separated. */
export function toLoadSetPath(path: string, cwd: string): string {
  return normalizePath(relative(cwd, resolve(cwd, path)).split(sep).join('/'));
}

/** Reads a file as UTF-8 text, or undefined when it is absent, a folder, too large or unreadable. */
export function readText(path: string, cwd: string): string | undefined {
  try {
    const full = resolve(cwd, path);
    const stat = statSync(full);
    if (!stat.isFile() || stat.size > MAX_FILE_CHARS * 4) return undefined;
    return decodeUtf8(readFileSync(full));
  } catch {
    return undefined;
  }
}

/** Decodes UTF-8; invalid bytes become U+FFFD (the core then reports the file's encoding). */
export function decodeUtf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes);
}

/**
 * Builds the load-set for `agentcard check PATH...`: a file is a card; a folder contributes the card files
 * directly inside it (as fast-agent's `load_agents(dir)` does). Other files (histories, `tools.py`,
 * `fastagent.config.yaml`) are read on demand by the core through `readText`.
 */
export function loadPaths(paths: string[], cwd: string): DiskLoadSet {
  const out: DiskLoadSet = { files: {}, cards: [], discovered: [], errors: [] };
  for (const path of paths) {
    const full = resolve(cwd, path);
    let isDir: boolean;
    try {
      isDir = statSync(full).isDirectory();
    } catch {
      out.errors.push(`${path}: no such file or folder`);
      continue;
    }
    const targets = isDir ? listCardFiles(full) : [full];
    for (const target of targets) {
      const key = toLoadSetPath(target, cwd);
      const text = readText(target, cwd);
      if (text === undefined) {
        out.errors.push(`${path}: cannot read ${key}`);
        continue;
      }
      if (!Object.hasOwn(out.files, key)) {
        out.cards.push(key);
        if (isDir) out.discovered.push(key);
      }
      out.files[key] = text;
    }
  }
  return out;
}

function listCardFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && isCardPath(entry.name))
      .map((entry) => resolve(dir, entry.name))
      .sort();
  } catch {
    return [];
  }
}
