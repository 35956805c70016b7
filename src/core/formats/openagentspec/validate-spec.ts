/**
 * Validates the structure of an OpenAgentSpec agent (the spec's "Agent" schema) on the YAML node tree, so
 * every problem points at its own key or value, and collects the CEL expressions for `check-cel.ts`.
 */
import { isMap, isScalar, type Node, type Pair, type Scalar } from 'yaml';
import { didYouMean } from '../../agentcard/did-you-mean.ts';
import { problem, type DiagnosticCode, type RawDiagnostic } from '../../diagnostics.ts';
import { nodeRange } from '../../yaml/parse-yaml.ts';
import { AGENT_KIND, readKind } from './detect-spec.ts';
import { breaksNewerNameRule, nameProblem, readReference, type Reference } from './names.ts';

/** Where a CEL expression sits, which decides what it is evaluated against. */
export type ExpressionRole =
  'input_restriction' | 'output_restriction' | 'guardrail_input' | 'guardrail_output' | 'exposes';

/** One CEL expression of the spec and its YAML string node. */
export interface ExpressionSite {
  /** Dotted location, e.g. `capabilities.web.input_restriction.assertion`, `exposes.ticket_id`. */
  path: string;
  role: ExpressionRole;
  source: string;
  node: Scalar;
  /** The tool or agent name the expression belongs to (capability, or guardrail `tool_name`). */
  subject?: string;
  /** The `exposes` key. */
  key?: string;
}

/** A restriction (`input_restriction` / `output_restriction`). */
export type Restriction = {
  require_review: string | null;
  assertion: string | null;
};

/** One capability: the key as written, how it reads as a reference, and its settings with defaults. */
export type Capability = {
  key: string;
  reference: Reference;
  collect_results: boolean;
  user_identity: boolean;
  static_identity: string | null;
  input_restriction: Restriction | null;
  output_restriction: Restriction | null;
};

/** A guardrail: the tool to invoke and the assertion on its output. */
export type Guardrail = {
  tool_name: string;
  assertion: string;
};

/** The spec's values that passed their checks (absent or null where they did not). */
export interface SpecModel {
  kind: string | null;
  name: string | null;
  description: string | null;
  intent: string | null;
  owner: string | null;
  capabilities: Capability[];
  guardrails: { input: Guardrail | null; output: Guardrail | null } | null;
  exposes: Record<string, string> | null;
  lifespan: { retain_memory: boolean; short_circuit: number | null } | null;
  expressions: ExpressionSite[];
}

const TOP_FIELDS = [
  'kind',
  'name',
  'description',
  'intent',
  'owner',
  'capabilities',
  'guardrails',
  'exposes',
  'lifespan',
];
const REQUIRED = ['kind', 'name', 'description', 'intent', 'owner', 'capabilities'];
const CAPABILITY_FIELDS = [
  'collect_results',
  'user_identity',
  'static_identity',
  'input_restriction',
  'output_restriction',
];
const RESTRICTION_FIELDS = ['require_review', 'assertion'];
const GUARDRAIL_FIELDS = ['tool_name', 'assertion'];
const LIFESPAN_FIELDS = ['retain_memory', 'short_circuit'];

/** The tool or agent name a reference names (what `recent`/`history` are keyed by), if any. */
export function referencedName(reference: Reference): string | undefined {
  return reference.kind === 'invalid' ? undefined : reference.name;
}

/**
 * Validates the root node of a spec (`root` null for an empty document; `anchor` is where problems about
 * the whole file point; `text` is the file the node ranges index). Reports all problems at once; never throws.
 */
export function validateSpec(
  text: string,
  root: Node | null,
  anchor: [number, number],
): { model: SpecModel; diagnostics: RawDiagnostic[] } {
  return new SpecValidator(text, anchor).run(root);
}

class SpecValidator {
  private readonly diagnostics: RawDiagnostic[] = [];
  private readonly model: SpecModel = {
    kind: null,
    name: null,
    description: null,
    intent: null,
    owner: null,
    capabilities: [],
    guardrails: null,
    exposes: null,
    lifespan: null,
    expressions: [],
  };

  constructor(
    private readonly text: string,
    private readonly anchor: [number, number],
  ) {}

  run(root: Node | null): { model: SpecModel; diagnostics: RawDiagnostic[] } {
    if (root !== null && !isMap(root)) {
      this.report('frontmatter-not-mapping', 'An agent spec must be a mapping of fields', root);
      return this.done();
    }
    const kindPair = root?.items.find((p) => isScalar(p.key) && p.key.value === 'kind');
    // A tool definition has other fields altogether: say what it is and check nothing else.
    if (this.readKind(kindPair) === 'tool') return this.done();
    const fields = this.fields(root, TOP_FIELDS, 'an agent spec');
    for (const field of ['name', 'description', 'intent', 'owner'] as const) {
      const value = this.string(fields.get(field), `\`${field}\``, false);
      if (value === undefined) continue;
      this.model[field] = value;
    }
    const nameNode = fields.get('name')?.value;
    if (this.model.name !== null) this.checkName(this.model.name, nameNode, 'The agent name');
    if (this.model.name !== null && breaksNewerNameRule(this.model.name))
      this.report(
        'oas-name-rule',
        `'${this.model.name}' is valid under the spec's RFC 1123 rule; its last revision (0493410) asks for [a-z0-9_] names, and a name with '-' needs bracket access in CEL`,
        nameNode,
      );
    this.capabilities(fields.get('capabilities'));
    this.guardrails(fields.get('guardrails'));
    this.exposes(fields.get('exposes'));
    this.lifespan(fields.get('lifespan'));
    for (const field of REQUIRED)
      if (!fields.has(field)) {
        if (field === 'kind')
          this.reportAt(
            'oas-missing-kind',
            `The file has no \`kind\`; an OpenAgentSpec agent starts with \`kind: "${AGENT_KIND}"\``,
            this.anchor,
          );
        else this.reportAt('missing-field', `The agent spec has no \`${field}\``, this.anchor);
      }
    return this.done();
  }

  private done() {
    return { model: this.model, diagnostics: this.diagnostics };
  }

  /** Reads `kind`; 'tool' when the file is a tool definition (nothing else is checked then). */
  private readKind(pair: Pair | undefined): 'ok' | 'bad' | 'tool' {
    if (!pair) return 'bad';
    const value = this.string(pair, '`kind`', false);
    if (typeof value !== 'string') return 'bad';
    this.model.kind = value;
    const reading = readKind(value);
    if (reading.kind === 'agent') return 'ok';
    const message =
      reading.kind === 'other'
        ? reading.message
        : `Unknown kind '${value}'; an OpenAgentSpec agent has kind '${AGENT_KIND}'`;
    this.report('oas-unknown-kind', message, pair.value);
    return /:v?1\/tool$/i.test(value) ? 'tool' : 'bad';
  }

  /**
   * The fields of a mapping by name; reports a non-mapping, non-string keys and unknown fields (with a
   * suggestion). `null` (an empty value) reads as no fields.
   */
  private fields(node: unknown, allowed: readonly string[], what: string): Map<string, Pair> {
    const out = new Map<string, Pair>();
    if (node === null || node === undefined || (isScalar(node) && node.value === null)) return out;
    if (!isMap(node)) {
      this.report('invalid-value', `${capitalize(what)} must be a mapping`, node);
      return out;
    }
    for (const pair of node.items) {
      const key = pair.key;
      if (!isScalar(key) || typeof key.value !== 'string') {
        this.report('unknown-field', 'Field names must be plain strings', key);
        continue;
      }
      if (!allowed.includes(key.value)) {
        const suggestion = didYouMean(key.value.replace(/([a-z])([A-Z])/g, '$1_$2'), allowed);
        this.report(
          'unknown-field',
          `Unknown field '${key.value}' in ${what}${suggestion ? `; did you mean '${suggestion}'?` : ''} (allowed: ${allowed.join(', ')})`,
          key,
        );
        continue;
      }
      out.set(key.value, pair);
    }
    return out;
  }

  /** A string value; reports other kinds of value and (unless `nullable`) null or blank strings. */
  private string(
    pair: Pair | undefined,
    what: string,
    nullable: boolean,
  ): string | null | undefined {
    if (!pair) return undefined;
    const node = pair.value;
    const value = isScalar(node) ? node.value : node === null ? null : undefined;
    if (value === null && nullable) return null;
    if (typeof value === 'string' && (nullable || value.trim() !== '')) return value;
    this.report(
      'invalid-value',
      typeof value === 'string' || value === null
        ? `${what} must be a non-empty string`
        : `${what} must be a string${isScalar(node) ? ' (quote it)' : ''}`,
      node ?? pair.key,
    );
    return undefined;
  }

  private boolean(pair: Pair | undefined, what: string, fallback: boolean): boolean {
    if (!pair) return fallback;
    const node = pair.value;
    if (isScalar(node) && typeof node.value === 'boolean') return node.value;
    if (isScalar(node) && node.value === null) return fallback;
    this.report('invalid-value', `${what} must be a boolean (true or false)`, node ?? pair.key);
    return fallback;
  }

  private checkName(name: string, node: unknown, what: string): void {
    const reason = nameProblem(name);
    if (reason) this.report('oas-invalid-name', `${what} '${name}' ${reason}`, node);
  }

  private capabilities(pair: Pair | undefined): void {
    if (!pair) return;
    const node = pair.value;
    if (isScalar(node) && node.value === null) return;
    if (!isMap(node)) {
      this.report(
        'invalid-value',
        '`capabilities` must be a mapping of tool or agent references to settings',
        node ?? pair.key,
      );
      return;
    }
    for (const item of node.items) {
      const key = item.key;
      if (!isScalar(key) || typeof key.value !== 'string') {
        this.report('invalid-value', 'A capability key must be a reference string', key);
        continue;
      }
      const reference = readReference(key.value);
      if (reference.kind === 'invalid') this.report('oas-invalid-reference', reference.reason, key);
      else {
        this.checkName(
          reference.name,
          key,
          reference.kind === 'name' ? 'The tool or agent name' : 'The agent name',
        );
        if (reference.kind === 'remote')
          this.report(
            'oas-remote-reference',
            `'${key.value}' is a remote agent (fetched from ${reference.url}); servers MAY support remote references`,
            key,
          );
      }
      const subject = referencedName(reference);
      const where = `capabilities.${key.value}`;
      const fields = this.fields(item.value, CAPABILITY_FIELDS, `capability '${key.value}'`);
      const capability: Capability = {
        key: key.value,
        reference,
        collect_results: this.boolean(fields.get('collect_results'), '`collect_results`', true),
        user_identity: this.boolean(fields.get('user_identity'), '`user_identity`', true),
        static_identity:
          this.string(fields.get('static_identity'), '`static_identity`', true) ?? null,
        input_restriction: this.restriction(
          fields.get('input_restriction'),
          where,
          'input',
          subject,
        ),
        output_restriction: this.restriction(
          fields.get('output_restriction'),
          where,
          'output',
          subject,
        ),
      };
      this.model.capabilities.push(capability);
    }
  }

  private restriction(
    pair: Pair | undefined,
    where: string,
    side: 'input' | 'output',
    subject: string | undefined,
  ): Restriction | null {
    if (!pair || (isScalar(pair.value) && pair.value.value === null)) return null;
    const field = `${side}_restriction` as const;
    const fields = this.fields(pair.value, RESTRICTION_FIELDS, `\`${field}\``);
    const restriction: Restriction = {
      require_review: this.string(fields.get('require_review'), '`require_review`', true) ?? null,
      assertion: this.expression(fields.get('assertion'), `${where}.${field}.assertion`, field, {
        nullable: true,
        subject,
      }),
    };
    const empty = (name: string) => {
      const value = fields.get(name)?.value;
      return value === undefined || value === null || (isScalar(value) && value.value === null);
    };
    if (isMap(pair.value) && empty('require_review') && empty('assertion'))
      this.report(
        'oas-empty-restriction',
        `This ${field} has neither \`require_review\` nor \`assertion\`: it restricts nothing`,
        pair.key,
      );
    return restriction;
  }

  /** A CEL expression string: validated as a string and recorded for the CEL checks. */
  private expression(
    pair: Pair | undefined,
    path: string,
    role: ExpressionRole,
    extra: { nullable: boolean; subject?: string | undefined; key?: string },
  ): string | null {
    if (!pair) return null;
    const value = this.string(
      pair,
      `\`${path.split('.').pop()}\` (a CEL expression)`,
      extra.nullable,
    );
    if (typeof value !== 'string' || !isScalar(pair.value)) return null;
    const site: ExpressionSite = { path, role, source: value, node: pair.value };
    if (extra.subject !== undefined) site.subject = extra.subject;
    if (extra.key !== undefined) site.key = extra.key;
    this.model.expressions.push(site);
    return value;
  }

  private guardrails(pair: Pair | undefined): void {
    if (!pair || (isScalar(pair.value) && pair.value.value === null)) return;
    const fields = this.fields(pair.value, ['input', 'output'], '`guardrails`');
    const guardrails: { input: Guardrail | null; output: Guardrail | null } = {
      input: null,
      output: null,
    };
    for (const side of ['input', 'output'] as const) {
      const sidePair = fields.get(side);
      if (!sidePair || (isScalar(sidePair.value) && sidePair.value.value === null)) continue;
      const what = `the ${side} guardrail`;
      const inner = this.fields(sidePair.value, GUARDRAIL_FIELDS, what);
      if (!isMap(sidePair.value)) continue;
      const toolPair = inner.get('tool_name');
      const tool = this.string(toolPair, '`tool_name`', false);
      if (typeof tool === 'string') this.checkName(tool, toolPair?.value, 'The tool name');
      const assertion = this.expression(
        inner.get('assertion'),
        `guardrails.${side}.assertion`,
        side === 'input' ? 'guardrail_input' : 'guardrail_output',
        { nullable: false, subject: typeof tool === 'string' ? tool : undefined },
      );
      for (const field of GUARDRAIL_FIELDS)
        if (!inner.has(field))
          this.report('missing-field', `A guardrail requires \`${field}\``, sidePair.key);
      if (typeof tool === 'string' && assertion !== null)
        guardrails[side] = { tool_name: tool, assertion };
    }
    this.model.guardrails = guardrails;
  }

  private exposes(pair: Pair | undefined): void {
    if (!pair || (isScalar(pair.value) && pair.value.value === null)) return;
    if (!isMap(pair.value)) {
      this.report(
        'invalid-value',
        '`exposes` must be a mapping of names to CEL selections',
        pair.value ?? pair.key,
      );
      return;
    }
    const exposes: Record<string, string> = {};
    for (const item of pair.value.items) {
      const key = item.key;
      if (!isScalar(key) || typeof key.value !== 'string') {
        this.report('invalid-value', 'An `exposes` key must be a string', key);
        continue;
      }
      const value = this.expression(item, `exposes.${key.value}`, 'exposes', {
        nullable: false,
        key: key.value,
      });
      if (value !== null) exposes[key.value] = value;
    }
    this.model.exposes = exposes;
  }

  private lifespan(pair: Pair | undefined): void {
    if (!pair || (isScalar(pair.value) && pair.value.value === null)) return;
    const fields = this.fields(pair.value, LIFESPAN_FIELDS, '`lifespan`');
    if (!isMap(pair.value)) return;
    const retain = this.boolean(fields.get('retain_memory'), '`retain_memory`', true);
    let shortCircuit: number | null = null;
    const circuit = fields.get('short_circuit');
    if (circuit) {
      const node = circuit.value;
      const value = isScalar(node) ? node.value : undefined;
      const range = nodeRange(node);
      const literal = range ? this.text.slice(range[0], range[1]) : '';
      if (
        typeof value === 'number' &&
        Number.isSafeInteger(value) &&
        value >= 1 &&
        !/[.eE]/.test(literal)
      )
        shortCircuit = value;
      else if (value !== null)
        this.report(
          'invalid-value',
          '`short_circuit` must be a positive integer (the longest repeated run of tool calls)',
          node ?? circuit.key,
        );
    }
    this.model.lifespan = { retain_memory: retain, short_circuit: shortCircuit };
  }

  private report(code: DiagnosticCode, message: string, node: unknown): void {
    this.reportAt(code, message, nodeRange(node) ?? this.anchor);
  }

  private reportAt(code: DiagnosticCode, message: string, [from, to]: [number, number]): void {
    const end = Math.min(Math.max(to, from + 1), this.text.length);
    this.diagnostics.push(problem(code, message, Math.min(from, end), end));
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
