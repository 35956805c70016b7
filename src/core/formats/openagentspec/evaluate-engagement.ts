/**
 * Evaluates a spec's CEL expressions against a sample Engagement the user writes as JSON: restriction
 * assertions and `exposes` selections against the Engagement itself, guardrail assertions against their
 * tool's output (the spec: "the tool output as the first and only input"), taken from
 * `recent[<tool_name>].outputs` of the sample.
 */
import type { Json } from '../../model/agent-data.ts';
import { errorSummary, parseCel } from './cel-environment.ts';
import { readSpecView, type SpecExpression } from './spec-view.ts';

/** Largest Engagement JSON text evaluated. */
export const MAX_ENGAGEMENT_CHARS = 1024 * 1024;
/** Deepest nesting of the Engagement JSON (and of a result) that is converted. */
const MAX_DEPTH = 200;

/** The result of one expression: its value, or why it could not be evaluated. */
export type ExpressionResult = SpecExpression &
  (
    | {
        ok: true;
        value: Json;
        /** For assertions: whether it holds (the value is a boolean). Absent for `exposes`. */
        passed?: boolean;
      }
    | { ok: false; error: string }
  );

/** What evaluating a spec against a sample Engagement gives. */
export interface EngagementEvaluation {
  /** Why the Engagement text cannot be used (not JSON, not an object, too large), else null. */
  engagementError: string | null;
  /** One result per expression, in the spec's order (empty when `engagementError` is set). */
  results: ExpressionResult[];
}

/** A sample Engagement made ready for evaluation, or why it cannot be used. */
export type PreparedEngagement =
  | {
      engagementError: null;
      /** The spec's expressions, in its order. */
      expressions: SpecExpression[];
      /** The Engagement as CEL variables (structured-cloneable: plain objects, arrays, bigints). */
      context: Record<string, unknown>;
    }
  | { engagementError: string; expressions: SpecExpression[]; context: null };

/**
 * Reads the spec's expressions from `extras` and parses the Engagement JSON in `engagementText` (whole numbers
 * become CEL `int`s, others `double`s). Pure; never throws. Split from `evaluateExpression` so a caller can
 * evaluate the expressions one at a time (under a time limit each).
 */
export function prepareEngagement(extras: unknown, engagementText: string): PreparedEngagement {
  const { expressions } = readSpecView(extras);
  const refuse = (engagementError: string): PreparedEngagement => ({
    engagementError,
    expressions,
    context: null,
  });
  if (engagementText.length > MAX_ENGAGEMENT_CHARS)
    return refuse(`The Engagement is larger than ${MAX_ENGAGEMENT_CHARS} characters`);
  let engagement: unknown;
  try {
    engagement = JSON.parse(engagementText);
  } catch (error) {
    return refuse(`The Engagement is not valid JSON: ${errorSummary(error)}`);
  }
  if (typeof engagement !== 'object' || engagement === null || Array.isArray(engagement))
    return refuse('The Engagement must be a JSON object');
  const context = toCelValue(engagement, 0);
  if (context === TOO_DEEP)
    return refuse(`The Engagement is nested deeper than ${MAX_DEPTH} levels`);
  return { engagementError: null, expressions, context: context as Record<string, unknown> };
}

/**
 * Evaluates every assertion and `exposes` expression of the spec whose compiled extras are `extras`
 * against the Engagement in `engagementText` (JSON). Whole numbers in the JSON are CEL `int`s, others
 * `double`s. Pure; never throws; results are plain JSON. Runs without a time limit: a hostile expression
 * (a catastrophic regex in `matches()`) can take minutes, so interactive callers evaluate one expression at a
 * time with `prepareEngagement` and `evaluateExpression` in a worker they can stop.
 */
export function evaluateEngagement(extras: unknown, engagementText: string): EngagementEvaluation {
  const prepared = prepareEngagement(extras, engagementText);
  if (prepared.engagementError !== null)
    return { engagementError: prepared.engagementError, results: [] };
  const { expressions, context } = prepared;
  return {
    engagementError: null,
    results: expressions.map((e) => evaluateExpression(e, context)),
  };
}

/**
 * Evaluates one expression against a prepared Engagement context (`prepareEngagement`): a guardrail against
 * its tool's output, the others against the Engagement. Never throws; may run as long as the expression does.
 */
export function evaluateExpression(
  expression: SpecExpression,
  engagement: Record<string, unknown>,
): ExpressionResult {
  return evaluateOne(expression, engagement);
}

function evaluateOne(
  expression: SpecExpression,
  engagement: Record<string, unknown>,
): ExpressionResult {
  const fail = (error: string): ExpressionResult => ({ ...expression, ok: false, error });
  const parsed = parseCel(expression.source);
  if (!parsed.ok) return fail(`CEL syntax error: ${parsed.message}`);
  const guardrail = expression.role === 'guardrail_input' || expression.role === 'guardrail_output';
  let context = engagement;
  if (guardrail) {
    const output = toolOutput(engagement, expression.subject);
    if (output === undefined)
      return fail(
        `A guardrail assertion reads its tool's output: put it in recent["${expression.subject ?? '…'}"].outputs`,
      );
    context = output;
  }
  let value: unknown;
  try {
    value = parsed.run(context);
  } catch (error) {
    return fail(errorSummary(error));
  }
  if (value instanceof Promise) return fail('The expression did not evaluate synchronously');
  const json = toJson(value, 0);
  if (expression.role === 'exposes') return { ...expression, ok: true, value: json };
  if (typeof value !== 'boolean')
    return fail(`An assertion must evaluate to a boolean, got ${JSON.stringify(json)}`);
  return { ...expression, ok: true, value, passed: value };
}

/** The guardrail tool's output as CEL variables: `recent[tool].outputs` when it is an object. */
function toolOutput(
  engagement: Record<string, unknown>,
  tool: string | undefined,
): Record<string, unknown> | undefined {
  if (tool === undefined) return undefined;
  const recent = engagement['recent'];
  if (!isRecord(recent) || !Object.hasOwn(recent, tool)) return undefined;
  const entry = recent[tool];
  const outputs = isRecord(entry) && Object.hasOwn(entry, 'outputs') ? entry['outputs'] : undefined;
  return isRecord(outputs) ? outputs : undefined;
}

const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

const TOO_DEEP = Symbol('too deep');

/** JSON → CEL input: safe whole numbers become `bigint` (CEL `int`). */
function toCelValue(value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return TOO_DEEP;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) {
      const converted = toCelValue(item, depth + 1);
      if (converted === TOO_DEEP) return TOO_DEEP;
      out.push(converted);
    }
    return out;
  }
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const converted = toCelValue(item, depth + 1);
      if (converted === TOO_DEEP) return TOO_DEEP;
      Object.defineProperty(out, key, {
        value: converted,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}

/** A CEL result → plain JSON (ints as numbers when safe, else strings; bytes as numbers; others as text). */
export function toJson(value: unknown, depth = 0): Json {
  if (depth > MAX_DEPTH) return '…';
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint')
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  if (value instanceof Uint8Array) return Array.from(value);
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  if (Array.isArray(value)) return value.map((item) => toJson(item, depth + 1));
  if (value instanceof Map) {
    const out: { [key: string]: Json } = {};
    for (const [key, item] of value)
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- CEL map keys are int, uint, bool or string, so toJson gives a scalar here
      setOwn(out, String(toJson(key, depth + 1)), toJson(item, depth + 1));
    return out;
  }
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto === Object.prototype || proto === null) {
      const out: { [key: string]: Json } = {};
      for (const [key, item] of Object.entries(value)) setOwn(out, key, toJson(item, depth + 1));
      return out;
    }
  }
  try {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- any other value as its own text; the catch covers a throwing toString
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

function setOwn(target: { [key: string]: Json }, key: string, value: Json): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
