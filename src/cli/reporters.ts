import { escapeControls, type CheckResult, type Diagnostic, type Severity } from '../core/index.ts';
import { painter, SEVERITY_STYLE, type Painter } from './ansi.ts';
import { prettyLines } from './pretty-reporter.ts';
import { terminalJson } from './terminal-text.ts';

/** How `agentcard check` prints its result. */
export type ReporterName = 'human' | 'github' | 'json';

/** The reporters, default first. */
export const REPORTERS: readonly ReporterName[] = ['human', 'github', 'json'];

/** Everything a reporter needs: the core's result and how many card files were read. */
export interface Report {
  result: CheckResult;
  fileCount: number;
  /** The text of a load-set file, for quoting source lines; undefined when it cannot be read. */
  source?: (file: string) => string | undefined;
}

/** How the human reporter prints, and which problems every reporter shows. */
export interface ReportOptions {
  /** Human reporter: problems grouped under their file, each with its source line (else one line each). */
  pretty?: boolean;
  /** Human reporter: ANSI colours. */
  color?: boolean;
  /** Show errors only; the summary still counts every problem. */
  quiet?: boolean;
}

/**
 * Formats a report with the reporter `name`; the text ends with a newline. Every reporter but JSON
 * prints text from the cards (messages, paths, quoted lines) with its control characters escaped
 * (`escapeControls`), so no card can drive the terminal or forge a line of the log; JSON keeps the data
 * exact and writes those characters as `\uXXXX` escapes (`terminalJson`).
 */
export function formatReport(
  name: ReporterName,
  report: Report,
  options: ReportOptions = {},
): string {
  const all = report.result.diagnostics;
  const shown = options.quiet ? all.filter((d) => d.severity === 'error') : all;
  const paint = painter(options.color === true);
  switch (name) {
    case 'human': {
      const body = options.pretty
        ? prettyLines(shown, report.source ?? (() => undefined), paint)
        : shown.map((d) => humanLine(d, paint));
      return [...body, summaryLine(report, paint)].join('\n') + '\n';
    }
    case 'github':
      return [...shown.map(githubLine), summaryLine(report)].join('\n') + '\n';
    case 'json':
      return terminalJson(toJson({ ...report.result, diagnostics: shown })) + '\n';
  }
}

/** One diagnostic as `file:line:col severity code message`, control characters escaped. */
function humanLine(d: Diagnostic, paint: Painter): string {
  const where = `${escapeControls(d.file)}:${d.line}:${d.column}`;
  return `${where} ${paint(SEVERITY_STYLE[d.severity], d.severity)} ${d.code} ${escapeControls(d.message)}`;
}

/**
 * The closing line of the human and GitHub reporters: counts per severity, files, compiled agents. With
 * `paint`, the counts that are not zero are coloured by severity.
 */
export function summaryLine(
  { result, fileCount }: Report,
  paint: Painter = painter(false),
): string {
  const count = (s: Severity) => result.diagnostics.filter((d) => d.severity === s).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const counted = (s: Severity, word: string) => {
    const n = count(s);
    return n === 0 ? plural(n, word) : paint('bold', paint(SEVERITY_STYLE[s], plural(n, word)));
  };
  return `${counted('error', 'error')}, ${counted('warning', 'warning')}, ${counted('info', 'note')} in ${plural(fileCount, 'file')}; ${plural(result.agents.length, 'agent')} compiled (profile ${result.profile})`;
}

const GITHUB_COMMAND: Record<Severity, string> = {
  error: 'error',
  warning: 'warning',
  info: 'notice',
};

/**
 * One diagnostic as a GitHub Actions workflow command, which GitHub shows as an annotation on the file's
 * lines in the pull request: `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message` (`info`
 * becomes `notice`). Lines and columns are 1-based, as the diagnostic's; the title is `agentcard: code`.
 * Control characters in the path and message are escaped first (`escapeControls`: a line break shows
 * as `\n`), then GitHub's own escaping applies.
 */
export function githubLine(d: Diagnostic): string {
  const properties = [
    ['file', escapeControls(d.file)],
    ['line', String(d.line)],
    ['col', String(d.column)],
    ['endLine', String(d.endLine)],
    ['endColumn', String(d.endColumn)],
    ['title', `agentcard: ${d.code}`],
  ]
    .map(([key, value]) => `${key}=${escapeProperty(value!)}`)
    .join(',');
  return `::${GITHUB_COMMAND[d.severity]} ${properties}::${escapeData(escapeControls(d.message))}`;
}

/** Escapes a workflow command's message: `%`, `\r` and `\n` (GitHub's `escapeData`). */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a workflow command's property value: as a message, and also `:` and `,` (`escapeProperty`). */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** The `--reporter json` object: agents that compiled without errors, and every diagnostic. */
export function toJson(result: CheckResult): { agents: unknown[]; diagnostics: unknown[] } {
  return {
    agents: result.agents.map((a) => ({
      name: a.name,
      type: a.type,
      file: a.file,
      line: a.line,
      data: a.data,
      history: a.history,
      pythonRefs: a.pythonRefs,
      format: a.format,
      ...(a.extras ? { extras: a.extras } : {}),
    })),
    diagnostics: result.diagnostics.map((d) => ({
      code: d.code,
      severity: d.severity,
      message: d.message,
      file: d.file,
      line: d.line,
      column: d.column,
      endLine: d.endLine,
      endColumn: d.endColumn,
      card: d.card ?? null,
      // Added keys only (existing ones keep their values): the hint, and where the problem likely started.
      ...(d.hint !== undefined ? { hint: d.hint } : {}),
      ...(d.cause ? { cause: { line: d.cause.line, column: d.cause.column } } : {}),
      ...(d.fixes ? { fixes: d.fixes } : {}),
    })),
  };
}
