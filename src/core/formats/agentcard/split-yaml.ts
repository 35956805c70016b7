import { problem, type RawDiagnostic } from '../../diagnostics.ts';
import type { YamlVersion } from '../../text/parse-yaml.ts';
import type { CardSlice, SplitResult } from './card-slice.ts';
import type { FrontmatterParser } from './split-markdown.ts';
import { parseYaml } from '../../text/parse-yaml.ts';
import { bomLength, lineText, scanLines } from '../../text/text-lines.ts';

const DOC_START = /^---(?:[ \t]|$)/;
const DOC_END = /^\.\.\.(?:[ \t]|$)/;
/** A line with content: a non-blank character that does not start a comment; `%` in column 0 is a directive. */
const CONTENT = /^(?!%)[ \t]*[^ \t#]/;

/**
 * Splits a YAML stream into its documents without parsing it as a whole: in YAML a line starting with
 * `---` or `...` at column 0 always ends the current document, even inside a block scalar. Each document
 * is then parsed alone, so an edit re-parses only its own document. Empty documents are skipped.
 * `bundle` false (fast-agent) reports a second document as an error, as PyYAML's `safe_load` does.
 */
export function splitYamlStream(
  text: string,
  version: YamlVersion,
  bundle: boolean,
  parse: FrontmatterParser = parseYaml,
): SplitResult {
  const segments = documentSegments(text);
  const diagnostics: RawDiagnostic[] = [];
  if (!bundle && segments.length > 1) {
    const second = segments[1]!;
    diagnostics.push(
      problem(
        'yaml-syntax',
        'fast-agent reads one YAML document per file (expected a single document in the stream); use the rfc profile for bundles',
        second.from,
        Math.min(second.to, second.from + 3),
      ),
    );
    return { cards: [], diagnostics, fatal: true };
  }
  const cards: CardSlice[] = segments.map((s) => ({
    from: s.from,
    to: s.to,
    yamlFrom: s.from,
    yamlTo: s.to,
    bodyFrom: s.to,
    bodyTo: s.to,
    yaml: parse(text.slice(s.from, s.to), s.from, version),
  }));
  if (cards.length === 0) {
    const end = Math.min(text.length, 1);
    diagnostics.push(
      problem(
        'frontmatter-not-mapping',
        'The YAML file is empty: a card is a mapping of fields such as `type` and `name`',
        0,
        end,
      ),
    );
    return { cards: [], diagnostics, fatal: true };
  }
  return { cards, diagnostics, fatal: false };
}

/** The documents of a stream that hold content, split at `---` and `...` lines (one pass over lines). */
function documentSegments(text: string): Array<{ from: number; to: number; content: boolean }> {
  const lines = scanLines(text, bomLength(text));
  const segments: Array<{ from: number; to: number; content: boolean }> = [];
  let current = { from: lines[0]?.start ?? 0, to: 0, content: false, explicit: false };
  const close = (to: number) => {
    current.to = to;
    if (current.content) segments.push({ from: current.from, to: current.to, content: true });
  };
  for (const line of lines) {
    const content = lineText(text, line);
    if (DOC_START.test(content)) {
      if (current.content || current.explicit) {
        close(line.start);
        current = { from: line.start, to: 0, content: false, explicit: true };
      } else {
        current.explicit = true;
      }
      if (CONTENT.test(content.slice(3))) current.content = true;
    } else if (DOC_END.test(content)) {
      close(line.next);
      current = { from: line.next, to: 0, content: false, explicit: false };
    } else if (CONTENT.test(content)) {
      current.content = true;
    }
  }
  close(text.length);
  return segments;
}
