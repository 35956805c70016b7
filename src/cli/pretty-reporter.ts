import { escapeControls, type Diagnostic, type Severity } from '../core/index.ts';
import { SEVERITY_STYLE, type Painter } from './ansi.ts';
import { sourceExcerpt } from './source-excerpt.ts';

/** How the grouped output names each severity (notes, as the summary counts them). */
const LABEL: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'note' };

/**
 * The human reporter's grouped lines (`--pretty`, and the default at a terminal): for each file, in the
 * order of `diagnostics`, its path, then per problem `line:col severity message code` and the source
 * line with `^` under the range (when `source` has the file's text), the line where the problem likely
 * started and a plain-language hint when the diagnostic has them (YAML syntax errors), and a blank line
 * after each file.
 * Paths, messages and quoted lines have their control characters escaped.
 */
export function prettyLines(
  diagnostics: readonly Diagnostic[],
  source: (file: string) => string | undefined,
  paint: Painter,
): string[] {
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  const out: string[] = [];
  for (const [file, list] of byFile) {
    out.push(paint('underline', paint('bold', escapeControls(file))));
    const text = source(file);
    for (const d of list) {
      const style = SEVERITY_STYLE[d.severity];
      out.push(
        `  ${paint('dim', `${d.line}:${d.column}`)}  ${paint(style, LABEL[d.severity])}  ${escapeControls(d.message)}  ${paint('dim', d.code)}`,
      );
      const excerpt = text === undefined ? undefined : sourceExcerpt(text, d);
      if (excerpt !== undefined) {
        const number = String(excerpt.line);
        const gutter = (label: string) => paint('dim', `    ${label.padStart(number.length)} | `);
        out.push(`${gutter(number)}${excerpt.text}`);
        out.push(
          `${gutter('')}${' '.repeat(excerpt.start)}${paint(style, '^'.repeat(excerpt.width))}`,
        );
      }
      if (d.cause !== undefined)
        out.push(
          `    ${paint('dim', '=')} likely cause: line ${d.cause.line}, column ${d.cause.column}`,
        );
      if (d.hint !== undefined)
        out.push(`    ${paint('dim', '=')} hint: ${escapeControls(d.hint)}`);
    }
    out.push('');
  }
  return out;
}
