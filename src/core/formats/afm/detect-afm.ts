/**
 * Detecting AFM files. By name: `*.afm.md` and `*.afm` (any case). By content, for a `.md` file: a
 * frontmatter on the first line with a top-level `spec_version:` key and no `type:` key (AgentCards have
 * a `type` and never a `spec_version`) whose body has a `# Role` or `# Instructions` heading. Looks at
 * most at the first `MAX_DETECT_CHARS` characters.
 */

/** How much of a file content detection reads. */
export const MAX_DETECT_CHARS = 64 * 1024;

/** True when `path` with `text` is an AFM file. Cheap; never throws. */
export function detectAfm(path: string, text: string): boolean {
  const lower = path.toLowerCase();
  if (lower.endsWith('.afm.md') || lower.endsWith('.afm')) return true;
  if (!lower.endsWith('.md')) return false;
  const head = text.slice(0, MAX_DETECT_CHARS).replace(/^\uFEFF/, '');
  const lines = head.split(/\r?\n/);
  if (lines[0]?.trim() !== '---') return false;
  let close = -1;
  for (let i = 1; i < lines.length; i++) {
    if (lines[i]!.trim() === '---') {
      close = i;
      break;
    }
  }
  if (close === -1) return false;
  const yaml = lines.slice(1, close);
  const hasSpecVersion = yaml.some((l) => /^spec_version\s*:/.test(l));
  const hasType = yaml.some((l) => /^type\s*:/.test(l));
  if (!hasSpecVersion || hasType) return false;
  return lines.slice(close + 1).some((l) => /^#\s+(role|instructions)\s*$/i.test(l.trim()));
}
