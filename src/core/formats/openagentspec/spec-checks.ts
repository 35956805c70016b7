/**
 * The OpenAgentSpec rules with no schema form, each a small function over the YAML tree after `specSchema`
 * has run: keys that are not strings, the agent name under the spec's newer rule, remote references and
 * over-long names inside capability keys, restrictions that restrict nothing, and `short_circuit` written
 * as a float literal. Each returns the problems it finds; none throws.
 */
import { isMap, isScalar, type Node, type Pair } from 'yaml';
import { nodeRange } from '../../text/parse-yaml.ts';
import { eachMapping, pairAt } from '../valibot-issues.ts';
import { breaksNewerNameRule, nameProblem, readReference } from './names.ts';
import { REFERENCE_PATTERN, specSchema } from './spec-schema.ts';
import type { SpecProblem } from './spec-issues.ts';

/** Keys that are not strings: YAML allows them, JSON (and so the schema's value) has none. */
export function checkKeyTypes(root: Node): SpecProblem[] {
  const out: SpecProblem[] = [];
  eachMapping(root, specSchema, (map, keys) => {
    for (const pair of map.items) {
      if (isScalar(pair.key) && typeof pair.key.value === 'string') continue;
      const [first] = keys;
      if (keys.length === 1 && first === 'capabilities')
        out.push({
          code: 'invalid-value',
          message: 'A capability key must be a reference string',
          at: pair.key,
        });
      else if (keys.length === 1 && first === 'exposes')
        out.push({
          code: 'invalid-value',
          message: 'An `exposes` key must be a string',
          at: pair.key,
        });
      else
        out.push({
          code: 'unknown-field',
          message: 'Field names must be plain strings',
          at: pair.key,
        });
    }
  });
  return out;
}

/** A valid agent name with '-' or '.', which the spec's last revision no longer allows. */
export function checkNameRule(root: Node): SpecProblem[] {
  const node = pairAt(root, ['name']).node;
  const name = isScalar(node) ? node.value : undefined;
  if (typeof name !== 'string' || name.trim() === '' || !breaksNewerNameRule(name)) return [];
  return [
    {
      code: 'oas-name-rule',
      message: `'${name}' is valid under the spec's RFC 1123 rule; its last revision (0493410) asks for [a-z0-9_] names, and a name with '-' needs bracket access in CEL`,
      at: node,
    },
  ];
}

/** Each capability (string key) with its pair, in document order. */
function capabilityPairs(root: Node): Pair[] {
  const node = pairAt(root, ['capabilities']).node;
  if (!isMap(node)) return [];
  return node.items.filter((p) => isScalar(p.key) && typeof p.key.value === 'string');
}

/**
 * Capability keys the schema's pattern accepts but whose name is too long (the pattern checks the form
 * only), and remote references (which servers MAY support).
 */
export function checkReferences(root: Node): SpecProblem[] {
  const out: SpecProblem[] = [];
  for (const pair of capabilityPairs(root)) {
    const key = String((pair.key as { value: string }).value);
    const reference = readReference(key);
    if (reference.kind === 'invalid') continue;
    const reason = nameProblem(reference.name);
    if (reason && REFERENCE_PATTERN.test(key))
      out.push({
        code: 'oas-invalid-name',
        message: `${reference.kind === 'name' ? 'The tool or agent name' : 'The agent name'} '${reference.name}' ${reason}`,
        at: pair.key,
      });
    if (reference.kind === 'remote')
      out.push({
        code: 'oas-remote-reference',
        message: `'${key}' is a remote agent (fetched from ${reference.url}); servers MAY support remote references`,
        at: pair.key,
      });
  }
  return out;
}

/** A restriction with neither `require_review` nor `assertion` (a warning: it restricts nothing). */
export function checkEmptyRestrictions(root: Node): SpecProblem[] {
  const out: SpecProblem[] = [];
  for (const capability of capabilityPairs(root)) {
    if (!isMap(capability.value)) continue;
    for (const field of ['input_restriction', 'output_restriction']) {
      const pair = capability.value.items.find((p) => isScalar(p.key) && p.key.value === field);
      if (!pair || !isMap(pair.value)) continue;
      const empty = (name: string) => {
        const value = pairAt(pair.value, [name]).node;
        return value === undefined || value === null || (isScalar(value) && value.value === null);
      };
      if (empty('require_review') && empty('assertion'))
        out.push({
          code: 'oas-empty-restriction',
          message: `This ${field} has neither \`require_review\` nor \`assertion\`: it restricts nothing`,
          at: pair.key,
        });
    }
  }
  return out;
}

/**
 * `short_circuit` whose value the schema accepts (a positive integer) but which is written as a float
 * (`2.0`, `1e3`) or is past the safe integers; `text` is the file the node ranges index.
 */
export function checkShortCircuit(text: string, root: Node): SpecProblem[] {
  const node = pairAt(root, ['lifespan', 'short_circuit']).node;
  if (!isMap(pairAt(root, ['lifespan']).node) || !isScalar(node)) return [];
  const value = node.value;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) return [];
  const range = nodeRange(node);
  const literal = range ? text.slice(range[0], range[1]) : '';
  if (Number.isSafeInteger(value) && !/[.eE]/.test(literal)) return [];
  return [
    {
      code: 'invalid-value',
      message:
        '`short_circuit` must be a positive integer (the longest repeated run of tool calls)',
      at: node,
    },
  ];
}
