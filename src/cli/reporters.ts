import type { CheckResult, Diagnostic, Severity } from '../core/index.ts';

/** How `agentcard check` prints its result. */
export type ReporterName = 'human' | 'github' | 'json';

/** The reporters, default first. */
export const REPORTERS: readonly ReporterName[] = ['human', 'github', 'json'];

/** Everything a reporter needs: the core's result and how many card files were read. */
export interface Report {
  result: CheckResult;
  fileCount: number;
}

/** Formats a report with the reporter `name`; the text ends with a newline. */
export function formatReport(name: ReporterName, report: Report): string {
  switch (name) {
    case 'human':
      return [...report.result.diagnostics.map(humanLine), summaryLine(report)].join('\n') + '\n';
    case 'github':
      return [...report.result.diagnostics.map(githubLine), summaryLine(report)].join('\n') + '\n';
    case 'json':
      return JSON.stringify(toJson(report.result)) + '\n';
  }
}

/** One diagnostic as `file:line:col severity code message`. */
function humanLine(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`;
}

/** The closing line of the human and GitHub reporters: counts per severity, files, compiled agents. */
export function summaryLine({ result, fileCount }: Report): string {
  const count = (s: Severity) => result.diagnostics.filter((d) => d.severity === s).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(count('error'), 'error')}, ${plural(count('warning'), 'warning')}, ${plural(count('info'), 'note')} in ${plural(fileCount, 'file')}; ${plural(result.agents.length, 'agent')} compiled (profile ${result.profile})`;
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
 */
export function githubLine(d: Diagnostic): string {
  const properties = [
    ['file', d.file],
    ['line', String(d.line)],
    ['col', String(d.column)],
    ['endLine', String(d.endLine)],
    ['endColumn', String(d.endColumn)],
    ['title', `agentcard: ${d.code}`],
  ]
    .map(([key, value]) => `${key}=${escapeProperty(value!)}`)
    .join(',');
  return `::${GITHUB_COMMAND[d.severity]} ${properties}::${escapeData(d.message)}`;
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
    })),
  };
}
