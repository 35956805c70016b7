/**
 * Validates an OpenAgentSpec agent (the spec's "Agent" schema) with `specSchema`, pointing every issue at its
 * own key or value, runs the checks with no schema form (`spec-checks.ts`), and reads the model with the
 * CEL expressions for `check-cel.ts`.
 */
import * as v from 'valibot';
import { isMap, type Node } from 'yaml';
import type { RawDiagnostic } from '../../diagnostics.ts';
import { problem } from './codes.ts';
import { nodeRange } from '../../text/parse-yaml.ts';
import { withFixes } from '../../fixes/typo-fix.ts';
import { pairAt, plainValue } from '../valibot-issues.ts';
import { isToolKind, readSpec, type SpecModel } from './read-spec.ts';
import {
  checkEmptyRestrictions,
  checkKeyTypes,
  checkNameRule,
  checkReferences,
  checkShortCircuit,
} from './spec-checks.ts';
import { issueProblems, unknownKindMessage, type SpecProblem } from './spec-issues.ts';
import { specSchema } from './spec-schema.ts';

/**
 * Validates the root node of a spec (`root` null for an empty document; `anchor` is where problems about
 * the whole file point; `text` is the file the node ranges index). Reports all problems at once; never throws.
 */
export function validateSpec(
  text: string,
  root: Node | null,
  anchor: [number, number],
): { model: SpecModel; diagnostics: RawDiagnostic[] } {
  const model = readSpec(root, text);
  const diagnostics: RawDiagnostic[] = [];
  const seen = new Set<string>();
  const report = ({ code, message, at, fixes }: SpecProblem) => {
    const [from, to] = at === 'anchor' ? anchor : (nodeRange(at) ?? anchor);
    const end = Math.min(Math.max(to, from + 1), text.length);
    const start = Math.min(from, end);
    const id = `${start}:${end}:${code}:${message}`;
    if (seen.has(id)) return;
    seen.add(id);
    diagnostics.push(withFixes(problem(code, message, start, end), fixes));
  };
  if (root !== null && !isMap(root)) {
    report({
      code: 'frontmatter-not-mapping',
      message: 'An agent spec must be a mapping of fields',
      at: root,
    });
    return { model, diagnostics };
  }
  // A tool definition has other fields altogether: say what it is and check nothing else.
  if (model.kind !== null && isToolKind(model.kind)) {
    const at = pairAt(root, ['kind']).node;
    report({ code: 'oas-unknown-kind', message: unknownKindMessage(model.kind), at });
    return { model, diagnostics };
  }
  const result = v.safeParse(specSchema, root === null ? {} : plainValue(root));
  for (const issue of result.issues ?? []) issueProblems(issue, root).forEach(report);
  if (root !== null)
    for (const check of [
      checkKeyTypes,
      checkNameRule,
      checkReferences,
      checkEmptyRestrictions,
      (node: Node) => checkShortCircuit(text, node),
    ])
      check(root).forEach(report);
  return { model, diagnostics };
}
