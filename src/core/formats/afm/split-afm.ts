/**
 * Splits an AFM file into its frontmatter and its body, the way the reference parser does: a frontmatter
 * exists only when the very first line is `---` (spaces around it allowed) and ends at the next `---` line.
 */
import type { RawDiagnostic } from '../../diagnostics.ts';
import { problem } from './codes.ts';
import { bomLength, isBlankLine, lineText, scanLines, type Line } from '../../text/text-lines.ts';

/** Where the parts of an AFM file are. Offsets are absolute, ends exclusive. */
export interface AfmSplit {
  lines: Line[];
  /** The frontmatter's fences and YAML slice, or null when the file has none. */
  frontmatter: { open: Line; close: Line; yamlFrom: number; yamlTo: number } | null;
  /** Index in `lines` of the body's first line (`lines.length` when the body is empty). */
  bodyLine: number;
  diagnostics: RawDiagnostic[];
  /** True when the file cannot be read at all (an unclosed frontmatter). */
  fatal: boolean;
}

/** Splits `text`. Never throws; linear in the text length. */
export function splitAfm(text: string): AfmSplit {
  const lines = scanLines(text, bomLength(text));
  const out: AfmSplit = { lines, frontmatter: null, bodyLine: 0, diagnostics: [], fatal: false };
  const first = lines[0];
  if (first && lineText(text, first).trim() === '---') {
    const close = lines.findIndex((line, i) => i > 0 && lineText(text, line).trim() === '---');
    if (close === -1) {
      out.diagnostics.push(
        problem(
          'frontmatter-unclosed',
          'The frontmatter opens here but no closing `---` line follows',
          first.start,
          first.end,
        ),
      );
      out.fatal = true;
      return out;
    }
    const closeLine = lines[close]!;
    out.frontmatter = {
      open: first,
      close: closeLine,
      yamlFrom: first.next,
      yamlTo: closeLine.start,
    };
    out.bodyLine = close + 1;
    return out;
  }
  const firstText = lines.findIndex((line) => !isBlankLine(text, line));
  const candidate = firstText === -1 ? undefined : lines[firstText];
  if (candidate && lineText(text, candidate).trim() === '---') {
    out.diagnostics.push(
      problem(
        'afm-frontmatter-not-first',
        'A frontmatter must start on the first line; with blank lines before it, this block is read as body text',
        candidate.start,
        candidate.end,
      ),
    );
  }
  return out;
}
