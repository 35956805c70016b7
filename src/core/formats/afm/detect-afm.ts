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
  const lines = linesOf(head);
  if (lines.next().value?.trim() !== '---') return false;
  let hasSpecVersion = false;
  for (const line of lines) {
    if (line.trim() === '---') {
      if (!hasSpecVersion) return false;
      for (const body of lines) if (/^#\s+(role|instructions)\s*$/i.test(body.trim())) return true;
      return false;
    }
    if (/^type\s*:/.test(line)) return false;
    if (/^spec_version\s*:/.test(line)) hasSpecVersion = true;
  }
  return false;
}

/** The lines of `text`, split at `\n` or `\r\n`, as `text.split(/\r?\n/)` gives them. */
function* linesOf(text: string): Generator<string, void, undefined> {
  for (let at = 0; at <= text.length;) {
    const end = text.indexOf('\n', at);
    const stop = end === -1 ? text.length : end;
    yield text.slice(at, stop > at && end !== -1 && text[stop - 1] === '\r' ? stop - 1 : stop);
    at = stop + 1;
  }
}
