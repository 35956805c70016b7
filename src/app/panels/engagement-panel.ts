/**
 * The logic of the Engagement panel (kept out of the component so it is tested alone): evaluating an
 * OpenAgentSpec agent's CEL expressions against the Engagement JSON the user writes, as display rows.
 */
import { engagementSkeleton, evaluateEngagement, type Json } from '../../core/index.ts';

/** Longest value text a row shows; longer values are cut with an ellipsis. */
export const MAX_VALUE_CHARS = 400;

/** One expression as the panel shows it. */
export interface EngagementRow {
  path: string;
  /** What the expression is, in words (e.g. `Input restriction of search-docs`). */
  label: string;
  source: string;
  /** `pass`/`fail` for assertions, `value` for `exposes`, `error` when it cannot be evaluated. */
  status: 'pass' | 'fail' | 'value' | 'error';
  /** The value as compact JSON, or the error message. */
  text: string;
}

/** What the panel shows for an Engagement text. */
export interface EngagementView {
  /** Why the Engagement text cannot be used, or null. */
  error: string | null;
  rows: EngagementRow[];
}

/** The skeleton Engagement the panel starts from. */
export function initialEngagement(extras: unknown): string {
  return engagementSkeleton(extras);
}

/** Evaluates every expression of the spec (`extras` of the compiled agent) against `engagementText`. */
export function engagementView(extras: unknown, engagementText: string): EngagementView {
  const { engagementError, results } = evaluateEngagement(extras, engagementText);
  return {
    error: engagementError,
    rows: results.map((r) => {
      const base = { path: r.path, label: labelOf(r.role, r.subject, r.key), source: r.source };
      if (!r.ok) return { ...base, status: 'error', text: r.error };
      const status = r.passed === undefined ? 'value' : r.passed ? 'pass' : 'fail';
      return { ...base, status, text: describeValue(r.value) };
    }),
  };
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
