/**
 * The OpenAgentSpec format (`kind: openagentspec:v1/agent`, one YAML or JSON file per agent): structure,
 * names and references, and every CEL expression parsed and checked against the Engagement object.
 */
import { isAlias, isCollection, isMap, isPair, isScalar, type Document } from 'yaml';
import type { RawDiagnostic } from '../../diagnostics.ts';
import { problem } from './codes.ts';
import { nodeRange, parseYaml } from '../../text/parse-yaml.ts';
import type {
  FormatAgent,
  FormatAnalysis,
  FormatDiagnostic,
  FormatModule,
} from '../format-module.ts';
import { MAX_CEL_CHARS, MAX_CEL_EXPRESSIONS } from './cel-environment.ts';
import { checkCel } from './check-cel.ts';
import { compileSpec, specExtras } from './compile-spec.ts';
import { openAgentSpecRecord } from './format.ts';
import { detectorOf } from '../format-record.ts';
import { OPENAGENTSPEC_CODES } from './codes.ts';
import { scalarSourceMap, sourceRange } from './scalar-source-map.ts';
import {
  emptySpecModel,
  referencedName,
  type ExpressionSite,
  type SpecModel,
} from './read-spec.ts';
import { validateSpec } from './validate-spec.ts';

/** The OpenAgentSpec format. */
export const openAgentSpecFormat: FormatModule<typeof OPENAGENTSPEC_CODES> = {
  ...detectorOf(openAgentSpecRecord),
  codes: OPENAGENTSPEC_CODES,
  analyze: (unit) => analyzeSpec(unit.entry, unit.files[unit.entry] ?? ''),
};

/**
 * Reads one spec file: YAML problems, structure, names, references and CEL problems, each at its own range
 * (CEL problems inside the YAML string, through its quoting and folding), plus the compiled agent. Pure;
 * never throws on any text.
 */
export function analyzeSpec(file: string, text: string): FormatAnalysis {
  const diagnostics: RawDiagnostic[] = [];
  const yaml = parseYaml(text, 0, '1.2');
  for (const d of yaml.diagnostics) diagnostics.push(d);
  const root = yaml.doc?.contents ?? null;
  const anchor = wholeFileAnchor(text, root);
  let model: SpecModel | undefined;
  let parses = new Set<string>();
  if (yaml.ok && yaml.doc) {
    resolveAliases(yaml.doc);
    const validated = validateSpec(text, root, anchor);
    model = validated.model;
    for (const d of validated.diagnostics) diagnostics.push(d);
    parses = checkExpressions(text, model, anchor, diagnostics);
  }
  const name = model?.name ?? baseName(file);
  const agent: FormatAgent = {
    name,
    file,
    from: 0,
    to: text.length,
    headerTo: text.length,
    data: compileSpec(model ?? emptySpecModel(), name),
  };
  if (model) agent.extras = specExtras(model, parses);
  const out: FormatDiagnostic[] = diagnostics.map((d) => ({ ...d, file }));
  return { shape: 'OpenAgentSpec v1 agent', agents: [agent], diagnostics: out };
}

/**
 * Parses and checks every CEL expression (at most `MAX_CEL_EXPRESSIONS`, each at most `MAX_CEL_CHARS`
 * long), mapping problems into the YAML strings. Returns the paths of the expressions that parse.
 */
function checkExpressions(
  text: string,
  model: SpecModel,
  anchor: [number, number],
  diagnostics: RawDiagnostic[],
): Set<string> {
  const parses = new Set<string>();
  const names = new Set<string>();
  for (const capability of model.capabilities) {
    const name = referencedName(capability.reference);
    if (name !== undefined) names.add(name);
  }
  for (const side of [model.guardrails?.input, model.guardrails?.output])
    if (side) names.add(side.tool_name);
  model.expressions.forEach((site, i) => {
    const range = nodeRange(site.node) ?? anchor;
    if (i >= MAX_CEL_EXPRESSIONS) {
      if (i === MAX_CEL_EXPRESSIONS)
        diagnostics.push(
          problem(
            'oas-cel-limit',
            `Only the first ${MAX_CEL_EXPRESSIONS} CEL expressions of a file are checked`,
            ...range,
          ),
        );
      return;
    }
    if (site.source.length > MAX_CEL_CHARS) {
      diagnostics.push(
        problem(
          'oas-cel-limit',
          `This CEL expression is longer than ${MAX_CEL_CHARS} characters; it is not checked`,
          ...range,
        ),
      );
      return;
    }
    const problems = checkCel(site.source, {
      engagement: site.role !== 'guardrail_input' && site.role !== 'guardrail_output',
      names,
    });
    if (!problems.some((p) => p.code === 'oas-cel-syntax')) parses.add(site.path);
    if (problems.length === 0) return;
    const map = scalarMap(text, site);
    for (const p of problems) {
      const [from, to] = map ? sourceRange(map, p.from, p.to, range) : range;
      diagnostics.push(problem(p.code, `${p.message} (in ${site.path})`, from, to));
    }
  });
  return parses;
}

/**
 * Replaces every alias of the tree by the node it names (shared, not copied: alias bombs were refused by
 * `parseYaml`), so values written through an anchor are checked like any other and point at the anchor.
 */
function resolveAliases(doc: Document.Parsed): void {
  const seen = new Set<unknown>();
  const stack: unknown[] = [doc.contents];
  const resolve = (node: unknown): unknown => (isAlias(node) ? (node.resolve(doc) ?? node) : node);
  while (stack.length > 0) {
    const node = stack.pop();
    if (seen.has(node)) continue;
    seen.add(node);
    if (isCollection(node))
      node.items.forEach((item, i) => {
        if (isPair(item)) {
          item.key = resolve(item.key);
          item.value = resolve(item.value);
          stack.push(item.key, item.value);
        } else {
          const resolved = resolve(item);
          (node.items as unknown[])[i] = resolved;
          stack.push(resolved);
        }
      });
  }
}

function scalarMap(text: string, site: ExpressionSite) {
  return isScalar(site.node) ? scalarSourceMap(text, site.node) : undefined;
}

/** Where problems about the whole file point: the `kind` key, else the first key, else the first character. */
function wholeFileAnchor(text: string, root: unknown): [number, number] {
  if (isMap(root)) {
    const kind = root.items.find((p) => isScalar(p.key) && p.key.value === 'kind');
    const range = nodeRange(kind?.key) ?? nodeRange(root.items[0]?.key);
    if (range) return [range[0], Math.max(range[1], range[0] + 1)];
  }
  return [0, Math.min(1, text.length)];
}

function baseName(file: string): string {
  const base = file.slice(file.lastIndexOf('/') + 1);
  const dot = base.indexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}
