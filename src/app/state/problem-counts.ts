import type { Diagnostic, Severity } from '../../core/index.ts';

/** How many problems of each severity a list holds. */
export type ProblemCounts = Record<Severity, number>;

/** Counts `diagnostics` by severity (every severity is present, 0 when absent). */
export function countProblems(diagnostics: readonly Pick<Diagnostic, 'severity'>[]): ProblemCounts {
  const counts: ProblemCounts = { error: 0, warning: 0, info: 0 };
  for (const d of diagnostics) counts[d.severity]++;
  return counts;
}

/** `n` followed by the singular or plural noun for `severity` ("1 error", "2 notes"). */
export function countText(n: number, severity: Severity): string {
  const [one, many] = NOUNS[severity];
  return `${n} ${n === 1 ? one : many}`;
}

/** One sentence for all counts: "No problems", or "1 error, 0 warnings, 2 notes". */
export function describeProblems(counts: ProblemCounts): string {
  if (counts.error + counts.warning + counts.info === 0) return 'No problems';
  return SEVERITIES.map((s) => countText(counts[s], s)).join(', ');
}

const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];
const NOUNS: Record<Severity, [string, string]> = {
  error: ['error', 'errors'],
  warning: ['warning', 'warnings'],
  info: ['note', 'notes'],
};
