/**
 * Reads the Markdown body of an AFM file into its `# Role` and `# Instructions` sections, as the reference
 * parser does: a line whose stripped text starts with `# ` is a level-1 heading; `role` and `instructions`
 * (any case) open their section, any other level-1 heading closes it. Code fences are not special there.
 */
import { problem, type RawDiagnostic } from '../../diagnostics.ts';
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
  let section: Section = 'preamble';
  let ignored: { from: number; to: number } | undefined;
  let firstText: [number, number] | undefined;

  const flushIgnored = () => {
    if (!ignored) return;
    const where =
      section === 'preamble'
        ? 'before the first `# Role` / `# Instructions` heading'
        : 'under a heading other than `# Role` / `# Instructions`';
    out.diagnostics.push(
      problem(
        'afm-body-ignored',
        `This text is ${where}; the agent never sees it`,
        ignored.from,
        ignored.to,
      ),
    );
    ignored = undefined;
  };

  for (let i = from; i < lines.length; i++) {
    const line = lines[i]!;
    const content = lineText(text, line);
    const stripped = content.trim();
    if (stripped !== '' && !firstText) firstText = [line.start, line.end];
    if (stripped.startsWith('# ')) {
      const name = stripped.slice(2).trim().toLowerCase();
      flushIgnored();
      const range: [number, number] = [line.start, line.end];
      if (name === 'role' || name === 'instructions') {
        section = name;
        const key = name === 'role' ? 'roleHeading' : 'instructionsHeading';
        if (out[key]) {
          out.diagnostics.push(
            problem(
              'afm-duplicate-section',
              `A second \`# ${name === 'role' ? 'Role' : 'Instructions'}\` heading: its text is appended to the first`,
              range[0],
              range[1],
            ),
          );
        } else out[key] = range;
        continue;
      }
      section = 'other';
      ignored = { from: range[0], to: range[1] };
      continue;
    }
    if (section === 'role') role.push(content);
    else if (section === 'instructions') instructions.push(content);
    else if (!isBlankLine(text, line)) {
      if (ignored) ignored.to = line.end;
      else ignored = { from: line.start, to: line.end };
    }
  }
  flushIgnored();
  out.role = role.join('\n').trim();
  out.instructions = instructions.join('\n').trim();
  const missingAt = firstText ?? anchor;
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
  return out;
}
