/**
 * Messages between the Engagement panel and its CEL evaluation worker. The worker evaluates a spec's
 * expressions one at a time and answers after each, so the page can stop one that runs too long and go on
 * with the next in a fresh worker.
 */
import type { ExpressionResult, SpecExpression } from '../../core/index.ts';

/** Page → worker: evaluate the expressions of `extras`, from index `from` on, against `engagement` (JSON). */
export interface CelRequest {
  /** Identifies the evaluation; every answer carries it back. */
  id: number;
  extras: unknown;
  engagement: string;
  /** The first expression to evaluate (those before it were answered, or stopped, in an earlier worker). */
  from: number;
}

/** Worker → page. */
export type CelResponse =
  /** The worker took up the request (the time limits run from here: loading a worker can take longer). */
  | { type: 'started'; id: number }
  | {
      type: 'prepared';
      id: number;
      /** Why the Engagement cannot be used, or null. */
      engagementError: string | null;
      expressions: SpecExpression[];
    }
  | { type: 'result'; id: number; index: number; result: ExpressionResult };
