/**
 * The logic of the Engagement panel (kept out of the component so it is tested alone): evaluating an
 * OpenAgentSpec agent's CEL expressions against the Engagement JSON the user writes, as display rows.
 */
import {
  engagementSkeleton,
  evaluateEngagement,
  type ExpressionResult,
  type Json,
  type SpecExpression,
} from '../../core/index.ts';
import type { EvaluationState } from '../engagement/cel-evaluator.ts';

/** Longest value text a row shows; longer values are cut with an ellipsis. */
export const MAX_VALUE_CHARS = 400;

/** One expression as the panel shows it. */
export interface EngagementRow {
  path: string;
  /** What the expression is, in words (e.g. `Input restriction of search-docs`). */
  label: string;
  source: string;
  /**
   * `pass`/`fail` for assertions, `value` for `exposes`, `error` when it cannot be evaluated, `stopped` when
   * it ran past the time limit, `pending` while it is being evaluated.
   */
  status: 'pass' | 'fail' | 'value' | 'error' | 'stopped' | 'pending';
  /** The value as compact JSON, the error message, or why it was stopped. */
  text: string;
}

/** What the panel shows for an Engagement text. */
export interface EngagementView {
  /** Why the Engagement text cannot be used, or null. */
  error: string | null;
  rows: EngagementRow[];
  /** True while some expression has no outcome yet. */
  pending: boolean;
}

/** The skeleton Engagement the panel starts from. */
export function initialEngagement(extras: unknown): string {
  return engagementSkeleton(extras);
}

/**
 * Evaluates every expression of the spec (`extras` of the compiled agent) against `engagementText`, here and
 * without a time limit (for tests and trusted input; the panel uses `evaluationView` of a worker's answers).
 */
export function engagementView(extras: unknown, engagementText: string): EngagementView {
  const { engagementError, results } = evaluateEngagement(extras, engagementText);
  return { error: engagementError, rows: results.map(rowOf), pending: false };
}

/** What the panel shows for the state of a worker evaluation (`CelEvaluator`); null: nothing answered yet. */
export function evaluationView(state: EvaluationState | null): EngagementView {
  if (state === null) return { error: null, rows: [], pending: true };
  if (state.engagementError !== null)
    return { error: state.engagementError, rows: [], pending: false };
  const rows = state.expressions.map((expression, index): EngagementRow => {
    const outcome = state.outcomes[index];
    if (outcome?.kind === 'done') return rowOf(outcome.result);
    const base = baseOf(expression);
    if (outcome?.kind === 'stopped') return { ...base, status: 'stopped', text: outcome.reason };
    return { ...base, status: 'pending', text: 'evaluating…' };
  });
  return { error: null, rows, pending: !state.finished };
}

function baseOf(e: SpecExpression): Pick<EngagementRow, 'path' | 'label' | 'source'> {
  return { path: e.path, label: labelOf(e.role, e.subject, e.key), source: e.source };
}

function rowOf(r: ExpressionResult): EngagementRow {
  const base = baseOf(r);
  if (!r.ok) return { ...base, status: 'error', text: r.error };
  const status = r.passed === undefined ? 'value' : r.passed ? 'pass' : 'fail';
  return { ...base, status, text: describeValue(r.value) };
}

/** A value as compact JSON, cut to `MAX_VALUE_CHARS`. */
export function describeValue(value: Json): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

function labelOf(role: string, subject: string | undefined, key: string | undefined): string {
  const of = subject !== undefined ? ` of ${subject}` : '';
  switch (role) {
    case 'input_restriction':
      return `Input restriction${of}`;
    case 'output_restriction':
      return `Output restriction${of}`;
    case 'guardrail_input':
      return `Input guardrail${of}`;
    case 'guardrail_output':
      return `Output guardrail${of}`;
    case 'exposes':
      return `Exposes ${key ?? ''}`.trim();
    default:
      return role;
  }
}
