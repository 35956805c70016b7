/**
 * Cheap, line-based splitting of a YAML card stream for the editor, by the core's splitter rules: where
 * each document (one card) is, without parsing YAML.
 */
import {
  bomLength,
  lineAt,
  nextMarkedLine,
  type Line,
  type YamlRegion,
} from './frontmatter-ranges.ts';

/** True when `[from, to)` (`from` a line start) has a YAML content line: not blank, comment or directive. */
function hasYamlContent(text: string, from: number, to: number): boolean {
  for (let start = from; start < to;) {
    const line = lineAt(text, start);
    for (let i = line.start; i < Math.min(line.end, to); i++) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9) continue;
      if (c !== 35 && c !== 37) return true; // '#', '%'
      break;
    }
    if (line.next === start) break;
    start = line.next;
  }
  return false;
}

/**
 * Finds the documents of a YAML stream the way the core's splitter does: a line starting with `---` or
 * `...` at column 0 (alone or followed by a space or tab) ends the current document; documents with no
 * content (only blanks, comments and directives) are skipped. Each document is one card. Never throws;
 * linear in the text length.
 */
export function findYamlDocuments(text: string): YamlRegion[] {
  const floor = bomLength(text);
  const regions: YamlRegion[] = [];
  let from = floor;
  let content = false;
  let explicit = false;
  let scanned = floor;
  let start = nextMarkedLine(text, floor, floor, '---', 'word');
  let end = nextMarkedLine(text, floor, floor, '...', 'word');
  const close = (to: number) => {
    if (content) regions.push({ from, to, closedEnd: false });
  };
  while (start || end) {
    const marker = !end || (start && start.start < end.start) ? start! : end;
    content ||= hasYamlContent(text, scanned, marker.start);
    if (marker === start) {
      if (content || explicit) {
        close(marker.start);
        from = marker.start;
        content = false;
      }
      explicit = true;
      content ||= hasYamlContent(text, marker.start + 3, marker.end);
      start = nextMarkedLine(text, marker.next, floor, '---', 'word');
    } else {
      close(marker.next);
      from = marker.next;
      content = false;
      explicit = false;
      end = nextMarkedLine(text, marker.next, floor, '...', 'word');
    }
    scanned = marker.next;
    if (marker.next === marker.start) break;
  }
  content ||= hasYamlContent(text, scanned, text.length);
  close(text.length);
  const last = regions[regions.length - 1];
  if (last && last.to === text.length) last.closedEnd = true;
  return regions;
}

/** A document marker line (`---` or `...`, see `findYamlDocuments`) and which one it is. */
interface Marker extends Line {
  kind: '---' | '...';
}

function nextMarker(text: string, from: number, floor: number): Marker | null {
  const start = nextMarkedLine(text, from, floor, '---', 'word');
  const end = nextMarkedLine(text, from, floor, '...', 'word');
  if (!end || (start && start.start < end.start)) return start && { ...start, kind: '---' };
  return { ...end, kind: '...' };
}

/** The last marker line that starts before `before` (a line start), or null. */
function previousMarker(text: string, before: number, floor: number): Marker | null {
  let found: Marker | null = null;
  for (const kind of ['---', '...'] as const) {
    // `lastIndexOf` reads a negative start as 0, so the loop keeps `i` at or above the floor itself.
    for (let i = before - 1; i >= floor; i--) {
      i = text.lastIndexOf(kind, i);
      if (i < floor) break;
      if (found && i <= found.start) break;
      if (i !== floor && text.charCodeAt(i - 1) !== 10) continue;
      const line = lineAt(text, i);
      const c = text.charCodeAt(i + 3);
      if (i + 3 === line.end || c === 32 || c === 9) {
        found = { ...line, kind };
        break;
      }
    }
  }
  return found;
}

/**
 * The document of a YAML card stream that holds `pos`, as `findYamlDocuments` would give it (the same
 * `from`, `to` and `closedEnd`), or null when `pos` is in none. Reads only the text between the markers
 * around `pos`: the splitter's state is known after a `...` line, after a `---` line that follows
 * another `---` line, and at the start of the file. Never throws.
 */
export function yamlDocumentAt(text: string, pos: number): YamlRegion | null {
  const floor = bomLength(text);
  // The end of the file can close the document of the line before it (see `closedEnd`).
  const probe = pos === text.length ? pos - 1 : pos;
  const lineStart = probe > floor ? Math.max(floor, text.lastIndexOf('\n', probe - 1) + 1) : floor;
  let start = floor;
  const before = previousMarker(text, lineStart, floor);
  if (before?.kind === '...') start = before.next;
  else if (before) {
    const earlier = previousMarker(text, before.start, floor);
    if (earlier?.kind === '...') start = earlier.next;
    else if (earlier) start = before.start;
  }
  const first = nextMarker(text, lineStart, floor);
  const second = first && first.next > first.start ? nextMarker(text, first.next, floor) : null;
  const end = second && second.next > second.start ? second.next : text.length;
  // A stray byte-order mark at the restart point would read as the file's own.
  if (start > 0 && text.charCodeAt(start) === 0xfeff) start = 0;
  const offset = start > floor ? start : 0;
  for (const region of findYamlDocuments(text.slice(offset, end))) {
    const from = region.from + offset;
    const to = region.to + offset;
    const closedEnd = region.closedEnd && end === text.length;
    if (pos >= from && (pos < to || (pos === to && closedEnd))) return { from, to, closedEnd };
  }
  return null;
}
