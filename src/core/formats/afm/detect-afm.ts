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
  // Line by line, and only as far as needed: an AgentCard bundle says no at its first `type:` line.
  let fence = 0; // `---` lines seen
  let hasSpecVersion = false;
  for (let at = 0; at <= head.length;) {
    const end = head.indexOf('\n', at);
    const stop = end === -1 ? head.length : end;
    // As `split(/\r?\n/)` gives it: a `\r` before the `\n` is not part of the line.
    const line = head.slice(at, end !== -1 && head[stop - 1] === '\r' ? stop - 1 : stop);
    at = stop + 1;
    if (fence === 2) {
      if (/^#\s+(role|instructions)\s*$/i.test(line.trim())) return true;
    } else if (line.trim() === '---') {
      fence++;
      if (fence === 2 && !hasSpecVersion) return false;
    } else if (fence === 0 || /^type\s*:/.test(line)) return false;
    else if (/^spec_version\s*:/.test(line)) hasSpecVersion = true;
  }
  return false;
}
