/**
 * Checks one CEL expression of a spec: it must parse, and (for restriction assertions and `exposes`
 * selections) every variable and field it reads must exist in the Engagement object. Results are in
 * expression offsets; the caller maps them into the YAML string.
 */
import { getOwn } from '../../own-property.ts';
import type { ASTNode } from '@marcbachmann/cel-js';
import { didYouMean } from '../../text/did-you-mean.ts';
import type { OpenAgentSpecCode } from './codes.ts';
import { parseCel } from './cel-environment.ts';
import { ANY_SHAPE, ENGAGEMENT, ENGAGEMENT_ROOTS, type Shape } from './engagement-shape.ts';

/** A problem in an expression, `[from, to)` in expression offsets. */
export interface CelProblem {
  code: OpenAgentSpecCode;
  message: string;
  from: number;
  to: number;
}

/** What an expression is checked against. */
export interface CelCheckOptions {
  /**
   * True for expressions evaluated against the Engagement (restrictions, `exposes`); false for guardrail
   * assertions, whose input is the guardrail tool's output (its shape is unknown: only syntax is checked).
   */
  engagement: boolean;
  /** Names usable under `recent` / `history` (the capabilities' tool and agent names). */
  names: ReadonlySet<string>;
}

/** Macros whose leading identifier arguments are variables bound in the remaining arguments. */
const MACROS = new Set(['all', 'exists', 'exists_one', 'map', 'filter']);

/** Most capability names a "did you mean" compares against. */
const MAX_SUGGESTION_NAMES = 200;

const IDENT_START = /[A-Za-z_]/;
const IDENT = /[A-Za-z0-9_]/;

/** Parses `expression` and checks what it reads. Never throws. */
export function checkCel(expression: string, options: CelCheckOptions): CelProblem[] {
  const parsed = parseCel(expression);
  if (!parsed.ok)
    return [
      {
        code: parsed.limit ? 'oas-cel-limit' : 'oas-cel-syntax',
        message: parsed.limit
          ? `${parsed.message}; it is not checked`
          : `CEL syntax error: ${parsed.message}`,
        from: parsed.from,
        to: parsed.to,
      },
    ];
  if (!options.engagement) return [];
  const walker = new Walker(expression, options.names);
  try {
    walker.walk(parsed.ast, new Map());
  } catch {
    // A shape the walker does not know (a newer library version): keep what was found so far.
  }
  return walker.result();
}

class Walker {
  private readonly problems: CelProblem[] = [];
  /** `[from, to)` of hyphenated names already reported; identifier problems inside them are noise. */
  private readonly hyphenated: Array<[number, number]> = [];

  constructor(
    private readonly text: string,
    private readonly names: ReadonlySet<string>,
  ) {}

  result(): CelProblem[] {
    const seen = new Set<string>();
    return this.problems.filter((p) => {
      if (
        p.code !== 'oas-cel-hyphen-name' &&
        this.hyphenated.some(([a, b]) => p.from >= a && p.to <= b)
      )
        return false;
      const key = `${p.code}:${p.from}:${p.to}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  /** Walks `node`, returning what is known about its value. */
  walk(node: ASTNode, scope: ReadonlyMap<string, Shape>): Shape {
    switch (node.op) {
      case 'id':
        return this.walkIdentifier(node.args, node.range, scope);
      case '.':
      case '.?': {
        const [object, field] = node.args;
        const shape = this.walk(object, scope);
        const end = node.range.end;
        const start = this.text.slice(end - field.length, end) === field ? end - field.length : end;
        return this.select(shape, field, start, end);
      }
      case '[]':
      case '[?]': {
        const [object, index] = node.args;
        const shape = this.walk(object, scope);
        if (index.op === 'value' && typeof index.args === 'string')
          return this.select(shape, index.args, index.range.start, index.range.end);
        this.walk(index, scope);
        if (shape.kind === 'list') return shape.element;
        if (shape.kind === 'object' && shape.named) return shape.named;
        return ANY_SHAPE;
      }
      case 'rcall':
        return this.walkMethod(node.args[0], node.args[1], node.args[2], scope);
      case 'call':
        for (const arg of node.args[1]) this.walk(arg, scope);
        return ANY_SHAPE;
      case 'map':
        for (const [key, value] of node.args) {
          this.walk(key, scope);
          this.walk(value, scope);
        }
        return ANY_SHAPE;
      case '!_':
      case '-_':
        this.walk(node.args, scope);
        return ANY_SHAPE;
      case 'value':
        return ANY_SHAPE;
      default: {
        const args = node.args as readonly ASTNode[];
        if (node.op === '-' && args.length === 2) this.checkHyphen(args[0]!, args[1]!, scope);
        for (const arg of args) this.walk(arg, scope);
        return ANY_SHAPE;
      }
    }
  }

  /** Resolves a variable name: a macro's bound variable, else an Engagement root, else a warning. */
  private walkIdentifier(
    name: string,
    range: { start: number; end: number },
    scope: ReadonlyMap<string, Shape>,
  ): Shape {
    const bound = scope.get(name);
    if (bound) return bound;
    const root = getOwn(ENGAGEMENT.fields, name);
    if (root) return root;
    const suggestion = didYouMean(name, ENGAGEMENT_ROOTS);
    this.report(
      'oas-cel-unknown-variable',
      `'${name}' is not a variable of the Engagement (${ENGAGEMENT_ROOTS.join(', ')})${suggestion ? `; did you mean '${suggestion}'?` : ''}`,
      range.start,
      range.end,
    );
    return ANY_SHAPE;
  }

  private walkMethod(
    name: string,
    receiver: ASTNode,
    args: readonly ASTNode[],
    scope: ReadonlyMap<string, Shape>,
  ): Shape {
    if (
      name === 'bind' &&
      receiver.op === 'id' &&
      receiver.args === 'cel' &&
      !scope.has('cel') &&
      args.length === 3 &&
      args[0]!.op === 'id'
    ) {
      const value = this.walk(args[1]!, scope);
      this.walk(args[2]!, new Map(scope).set(args[0].args, value));
      return ANY_SHAPE;
    }
    const shape = this.walk(receiver, scope);
    const first = args[0];
    if (MACROS.has(name) && args.length >= 2 && first?.op === 'id') {
      const element =
        shape.kind === 'list'
          ? shape.element
          : shape.kind === 'object'
            ? { kind: 'leaf' as const, what: 'a key' }
            : ANY_SHAPE;
      const inner = new Map(scope).set(first.args, element);
      for (const arg of args.slice(1)) this.walk(arg, inner);
      return ANY_SHAPE;
    }
    for (const arg of args) this.walk(arg, scope);
    return ANY_SHAPE;
  }

  /** Reads field `name` (at `[from, to)`) of a value of `shape`. */
  private select(shape: Shape, name: string, from: number, to: number): Shape {
    switch (shape.kind) {
      case 'any':
        return ANY_SHAPE;
      case 'leaf':
      case 'list':
        this.report(
          'oas-cel-unknown-field',
          `'${name}' is not a field: the value is ${shape.what}`,
          from,
          to,
        );
        return ANY_SHAPE;
      case 'object': {
        const field = getOwn(shape.fields, name);
        if (field) return field;
        // `_`-names are the spec's own fields (`_name`, `_list`, `_total`): no tool or agent name starts so.
        if (shape.named && (!name.startsWith('_') || this.names.has(name))) {
          if (!this.names.has(name)) {
            // Suggestions compare against every name: skip them for huge specs to keep work linear.
            const suggestion =
              this.names.size <= MAX_SUGGESTION_NAMES ? didYouMean(name, this.names) : undefined;
            this.report(
              'oas-cel-unknown-capability',
              `'${name}' is not one of the agent's capabilities, so ${shape.what} never holds it${suggestion ? `; did you mean '${suggestion}'?` : ''}`,
              from,
              to,
            );
          }
          return shape.named;
        }
        const known = Object.keys(shape.fields);
        const suggestion = didYouMean(name, known);
        this.report(
          'oas-cel-unknown-field',
          `${shape.what} has no field '${name}' (it has ${known.join(', ')})${suggestion ? `; did you mean '${suggestion}'?` : ''}`,
          from,
          to,
        );
        return ANY_SHAPE;
      }
    }
  }

  /**
   * `a.b-c` written without spaces is a name with a hyphen read as `a.b - c`: report the whole name with
   * the bracket-access form, unless the right side is a real variable (a subtraction after all).
   */
  private checkHyphen(left: ASTNode, right: ASTNode, scope: ReadonlyMap<string, Shape>): void {
    const text = this.text;
    const minus = left.range.end;
    if (text[minus] !== '-' || right.range.start !== minus + 1) return;
    if (!IDENT.test(text[minus - 1] ?? '') || !IDENT_START.test(text[minus + 1] ?? '')) return;
    let start = minus;
    for (;;) {
      while (start > 0 && IDENT.test(text[start - 1]!)) start--;
      if (text[start - 1] === '-' && start >= 2 && IDENT.test(text[start - 2]!)) start--;
      else break;
    }
    let end = minus + 1;
    for (;;) {
      while (end < text.length && IDENT.test(text[end]!)) end++;
      if (text[end] === '-' && IDENT_START.test(text[end + 1] ?? '')) end++;
      else break;
    }
    const word = text.slice(start, end);
    if (this.hyphenated.some(([a]) => a === start)) return;
    const rightName = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(minus + 1))?.[0] ?? '';
    const isVariable = scope.has(rightName) || rightName in ENGAGEMENT.fields;
    if (!this.names.has(word) && isVariable) return;
    this.hyphenated.push([start, end]);
    const unknown = this.names.has(word)
      ? ''
      : ` ('${word}' is not one of the agent's capabilities either)`;
    if (text[start - 1] === '.') {
      let base = start - 1;
      while (base > 0 && /[A-Za-z0-9_.]/.test(text[base - 1]!)) base--;
      const prefix = text.slice(base, start - 1);
      this.report(
        'oas-cel-hyphen-name',
        `'${prefix}.${word}' parses as a subtraction (${prefix}.${word.split('-').join(' - ')}); a name with '-' needs bracket access: ${prefix}["${word}"]${unknown}`,
        start - 1,
        end,
      );
      return;
    }
    this.report(
      'oas-cel-hyphen-name',
      `'${word}' parses as a subtraction (${word.split('-').join(' - ')}); a name with '-' needs bracket access, e.g. recent["${word}"]${unknown}`,
      start,
      end,
    );
  }

  private report(code: OpenAgentSpecCode, message: string, from: number, to: number): void {
    this.problems.push({ code, message, from, to: Math.max(to, from) });
  }
}
