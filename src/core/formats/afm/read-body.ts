/**
 * Reads the Markdown body of an AFM file into its `# Role` and `# Instructions` sections, as the reference
 * parser does: a line whose stripped text starts with `# ` is a level-1 heading; `role` and `instructions`
 * (any case) open their section, any other level-1 heading closes it. Code fences are not special there.
 */
import type { RawDiagnostic } from '../../diagnostics.ts';
import { problem } from './codes.ts';
import { isBlankLine, lineText, type Line } from '../../text/text-lines.ts';

/** The sections of the body. `role`/`instructions` are the joined, trimmed texts ('' when absent). */
export interface AfmBody {
  role: string;
  instructions: string;
  /** The `# Role` / `# Instructions` heading ranges (the first of each), when present. */
  roleHeading?: [number, number];
  instructionsHeading?: [number, number];
  diagnostics: RawDiagnostic[];
}

type Section = 'preamble' | 'role' | 'instructions' | 'other';

/**
 * Reads `lines[from…]` of `text`. `anchor` is where problems about a missing section point when the body
 * has no text at all (e.g. the frontmatter's closing fence). Never throws; linear.
 */
export function readBody(
  text: string,
  lines: readonly Line[],
  from: number,
  anchor: [number, number],
): AfmBody {
  const out: AfmBody = { role: '', instructions: '', diagnostics: [] };
  const role: string[] = [];
  const instructions: string[] = [];
  const scan: Scan = { section: 'preamble', ignored: undefined };
  let firstText: [number, number] | undefined;
  for (let i = from; i < lines.length; i++) {
    const line = lines[i]!;
    const content = lineText(text, line);
    const stripped = content.trim();
    if (stripped !== '' && !firstText) firstText = [line.start, line.end];
    if (stripped.startsWith('# ')) openHeading(out, scan, stripped, line);
    else if (scan.section === 'role') role.push(content);
    else if (scan.section === 'instructions') instructions.push(content);
    else if (!isBlankLine(text, line)) {
      if (scan.ignored) scan.ignored.to = line.end;
      else scan.ignored = { from: line.start, to: line.end };
    }
  }
  flushIgnored(out, scan);
  out.role = role.join('\n').trim();
  out.instructions = instructions.join('\n').trim();
  checkSections(out, firstText ?? anchor);
  return out;
}

/** Where the scan is: the open section, and the ignored text not yet reported. */
interface Scan {
  section: Section;
  ignored: { from: number; to: number } | undefined;
}

/** Reports the ignored text gathered so far, if any, and forgets it. */
function flushIgnored(out: AfmBody, scan: Scan): void {
  if (!scan.ignored) return;
  const where =
    scan.section === 'preamble'
      ? 'before the first `# Role` / `# Instructions` heading'
      : 'under a heading other than `# Role` / `# Instructions`';
  out.diagnostics.push(
    problem(
      'afm-body-ignored',
      `This text is ${where}; the agent never sees it`,
      scan.ignored.from,
      scan.ignored.to,
    ),
  );
  scan.ignored = undefined;
}

/** A level-1 heading (`stripped` starts with `# `): opens its section, or starts ignored text. */
function openHeading(out: AfmBody, scan: Scan, stripped: string, line: Line): void {
  const name = stripped.slice(2).trim().toLowerCase();
  flushIgnored(out, scan);
  const range: [number, number] = [line.start, line.end];
  if (name !== 'role' && name !== 'instructions') {
    scan.section = 'other';
    scan.ignored = { from: range[0], to: range[1] };
    return;
  }
  scan.section = name;
  const key = name === 'role' ? 'roleHeading' : 'instructionsHeading';
  if (!out[key]) {
    out[key] = range;
    return;
  }
  out.diagnostics.push(
    problem(
      'afm-duplicate-section',
      `A second \`# ${name === 'role' ? 'Role' : 'Instructions'}\` heading: its text is appended to the first`,
      range[0],
      range[1],
    ),
  );
}

/** Reports a missing section at `missingAt`, and an empty one at its heading. */
function checkSections(out: AfmBody, missingAt: [number, number]): void {
  for (const [label, found, body] of [
    ['Role', out.roleHeading, out.role],
    ['Instructions', out.instructionsHeading, out.instructions],
  ] as const) {
    if (!found) {
      out.diagnostics.push(
        problem(
          'afm-missing-section',
          `The body has no \`# ${label}\` section (AFM §4.3: the body SHOULD have \`# Role\` and \`# Instructions\`)`,
          missingAt[0],
          missingAt[1],
        ),
      );
    } else if (body === '') {
      out.diagnostics.push(
        problem('afm-missing-section', `The \`# ${label}\` section is empty`, found[0], found[1]),
      );
    }
  }
}
