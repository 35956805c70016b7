/**
 * Turns the issues of `specSchema` into diagnostics: each at the node its path names, with the code and
 * wording of the rule it breaks (a name points at `nameProblem`, a capability key at `readReference`, a
 * `kind` at `readKind`). The schema decides what is wrong; this module only says it.
 */
import type * as v from 'valibot';
import { isScalar, type Pair, type Scalar } from 'yaml';
import { didYouMean } from '../../text/did-you-mean.ts';
import { replaceFix, type Fix } from '../../fixes/fix.ts';
import { typoFixes } from '../../fixes/typo-fix.ts';
import { nodeRange } from '../../text/parse-yaml.ts';
import type { OpenAgentSpecCode } from './codes.ts';
import {
  allowedKeys,
  isKeyIssue,
  isMissingKeyIssue,
  isUnknownKeyIssue,
  issueKeys,
  pairAt,
  schemaAt,
  type PathKey,
} from '../valibot-issues.ts';
import { AGENT_KIND } from './detect-spec.ts';
import { readKind } from './spec-kind.ts';
import { nameProblem, readReference } from './names.ts';
import { specSchema } from './spec-schema.ts';

/** One problem found from an issue: its code, message and the node (or the whole file) it points at. */
export interface SpecProblem {
  code: OpenAgentSpecCode;
  message: string;
  /** The node to point at; `'anchor'` for the whole file. */
  at: unknown;
  /** Its quick fixes (ranges in the spec's text), if any. */
  fixes?: Fix[];
}

const RESTRICTIONS = ['input_restriction', 'output_restriction'];

/** The problems one issue of `specSchema` stands for (an unknown-key issue stands for every unknown key). */
export function issueProblems(issue: v.BaseIssue<unknown>, root: unknown): SpecProblem[] {
  const keys = issueKeys(issue);
  if (isUnknownKeyIssue(issue)) return unknownFields(root, keys.slice(0, -1));
  if (isMissingKeyIssue(issue)) return [missingField(root, keys)];
  const { pair, node } = pairAt(root, keys);
  if (isKeyIssue(issue)) return [capabilityKeyProblem(String(keys[keys.length - 1]), pair?.key)];
  return [{ ...valueProblem(keys, node), at: node ?? pair?.key }];
}

/** What is wrong with a `kind` that is not the agent kind. */
export function unknownKindMessage(kind: string): string {
  const reading = readKind(kind);
  return reading.kind === 'other'
    ? reading.message
    : `Unknown kind '${kind}'; an OpenAgentSpec agent has kind '${AGENT_KIND}'`;
}

/** Where an object sits, as the messages name it. */
function objectLabel(keys: readonly PathKey[]): string {
  const [first, second, third] = keys;
  if (keys.length === 0) return 'an agent spec';
  if (first === 'capabilities' && keys.length === 2) return `capability '${String(second)}'`;
  if (first === 'capabilities' && keys.length === 3) return `\`${String(third)}\``;
  if (first === 'guardrails' && keys.length === 2) return `the ${String(second)} guardrail`;
  return `\`${String(first)}\``;
}

function unknownFields(root: unknown, keys: PathKey[]): SpecProblem[] {
  const allowed = allowedKeys(schemaAt(specSchema, keys)) ?? [];
  const { node } = keys.length === 0 ? { node: root } : pairAt(root, keys);
  const items = (node as { items?: Pair[] } | undefined)?.items ?? [];
  const what = objectLabel(keys);
  return items.flatMap((pair) => {
    const key = pair.key;
    if (!isScalar(key) || typeof key.value !== 'string' || allowed.includes(key.value)) return [];
    const snake = key.value.replace(/([a-z])([A-Z])/g, '$1_$2');
    const suggestion = didYouMean(snake, allowed);
    return [
      {
        code: 'unknown-field' as const,
        message: `Unknown field '${key.value}' in ${what}${suggestion ? `; did you mean '${suggestion}'?` : ''} (allowed: ${allowed.join(', ')})`,
        at: key,
        fixes: renameFixes(key, snake, allowed, new Set(items.map((p) => scalarText(p.key)))),
      },
    ];
  });
}

/**
 * The did-you-mean rename of the unknown `key` (read as `snake`, its camelCase spelled in snake_case):
 * a camelCase spelling of an allowed field is a sure fix; otherwise the shared typo rule decides.
 */
function renameFixes(
  key: Scalar,
  snake: string,
  allowed: readonly string[],
  keys: ReadonlySet<string | undefined>,
): Fix[] | undefined {
  const range = nodeRange(key);
  if (!range) return undefined;
  const [from, to] = range;
  const taken = (k: string) => keys.has(k);
  if (snake !== key.value && allowed.includes(snake))
    return taken(snake) ? undefined : [replaceFix(`Change to '${snake}'`, true, from, to, snake)];
  return typoFixes(snake, allowed, { from, to, taken });
}

function scalarText(node: unknown): string | undefined {
  return isScalar(node) && typeof node.value === 'string' ? node.value : undefined;
}

function missingField(root: unknown, keys: PathKey[]): SpecProblem {
  const field = String(keys[keys.length - 1]);
  if (keys.length === 1)
    return field === 'kind'
      ? {
          code: 'oas-missing-kind',
          message: `The file has no \`kind\`; an OpenAgentSpec agent starts with \`kind: "${AGENT_KIND}"\``,
          at: 'anchor',
        }
      : { code: 'missing-field', message: `The agent spec has no \`${field}\``, at: 'anchor' };
  return {
    code: 'missing-field',
    message: `A guardrail requires \`${field}\``,
    at: pairAt(root, keys.slice(0, -1)).pair?.key ?? 'anchor',
  };
}

function capabilityKeyProblem(key: string, at: unknown): SpecProblem {
  const reference = readReference(key);
  if (reference.kind === 'invalid')
    return { code: 'oas-invalid-reference', message: reference.reason, at };
  const reason = nameProblem(reference.name) ?? 'is not a reference';
  const what = reference.kind === 'name' ? 'The tool or agent name' : 'The agent name';
  return { code: 'oas-invalid-name', message: `${what} '${reference.name}' ${reason}`, at };
}

/** The problem with the value at `keys` (the schema refused it), worded for where it is. */
function valueProblem(keys: PathKey[], node: unknown): Omit<SpecProblem, 'at'> {
  const value = isScalar(node)
    ? node.value
    : node === null || node === undefined
      ? null
      : undefined;
  const path = keys.map(String);
  const field = path[path.length - 1]!;
  const [first] = path;
  const invalid = (message: string) => ({ code: 'invalid-value' as const, message });
  const string = (what: string) =>
    invalid(
      typeof value === 'string' || value === null
        ? `${what} must be a non-empty string`
        : `${what} must be a string${isScalar(node) ? ' (quote it)' : ''}`,
    );
  const named = typeof value === 'string' && value.trim() !== '';
  if (path.length === 1 && field === 'kind' && named)
    return { code: 'oas-unknown-kind', message: unknownKindMessage(value) };
  if ((path.length === 1 && field === 'name') || (first === 'guardrails' && field === 'tool_name'))
    if (named)
      return {
        code: 'oas-invalid-name',
        message: `${field === 'name' ? 'The agent name' : 'The tool name'} '${value}' ${nameProblem(value) ?? 'is not a name'}`,
      };
  if (path.length === 1)
    switch (field) {
      case 'capabilities':
        return invalid('`capabilities` must be a mapping of tool or agent references to settings');
      case 'exposes':
        return invalid('`exposes` must be a mapping of names to CEL selections');
      case 'guardrails':
      case 'lifespan':
        return invalid(`\`${field}\` must be a mapping`);
      default:
        return string(`\`${field}\``);
    }
  if (first === 'capabilities' && path.length === 2)
    return invalid(`Capability '${field}' must be a mapping`);
  if (first === 'guardrails' && path.length === 2)
    return invalid(`The ${field} guardrail must be a mapping`);
  if (first === 'exposes')
    return string(`\`${`exposes.${field}`.split('.').pop()}\` (a CEL expression)`);
  if (field === 'short_circuit')
    return invalid(
      '`short_circuit` must be a positive integer (the longest repeated run of tool calls)',
    );
  if (['collect_results', 'user_identity', 'retain_memory'].includes(field))
    return invalid(`\`${field}\` must be a boolean (true or false)`);
  if (RESTRICTIONS.includes(field)) return invalid(`\`${field}\` must be a mapping`);
  if (field === 'assertion') return string('`assertion` (a CEL expression)');
  return string(`\`${field}\``);
}
