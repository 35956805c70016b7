import { describe, expect, it } from 'vitest';
import { checkCel, type CelProblem } from './check-cel.ts';

const names = new Set(['search-faqs', 'create_ticket', 'web']);
const check = (expression: string, engagement = true) =>
  checkCel(expression, { engagement, names });
/** Each problem as `code text-it-points-at`. */
const at = (expression: string, problems: CelProblem[]) =>
  problems.map((p) => `${p.code} ${expression.slice(p.from, p.to)}`);

describe('checkCel', () => {
  it('accepts expressions that read the Engagement as the spec defines it', () => {
    for (const ok of [
      'user.email.endsWith("@busycorp.com")',
      'recent._name == "web" && history._total < 5',
      'recent["search-faqs"].inputs["path"].startsWith("public")',
      'recent.create_ticket.outputs.ticket_id',
      'history.web.map(t, t.inputs.url)',
      'history.web[0].outputs.size() > 0',
      'history._list.exists(n, n == "web")',
      'timestamp(started_at) > timestamp("2024-01-01T00:00:00Z")',
      'cel.bind(r, recent.web, r.outputs.ok)',
      'has(user.email)',
    ])
      expect(check(ok), ok).toEqual([]);
  });

  it('reports a syntax error with its range in the expression', () => {
    const problems = check('user.id == (');
    expect(problems.map((p) => [p.code, p.from, p.to])).toEqual([['oas-cel-syntax', 12, 12]]);
  });

  it('reports an expression too deep for the parser stack as a limit over the whole expression, not a syntax error', () => {
    // 9,999 unary minuses: within the length cap and the node cap, past the parser's recursion.
    const deep = '-'.repeat(9_999) + '1';
    for (const engagement of [true, false])
      expect(check(deep, engagement).map((p) => [p.code, p.from, p.to])).toEqual([
        ['oas-cel-limit', 0, deep.length],
      ]);
  });

  it("reports an expression past the parser's own limits as a limit, whichever limit stops it first", () => {
    // 4,999 unary minuses: within the stack on every engine, past the node cap; 60 parentheses: past the depth cap.
    const wide = '-'.repeat(4_999) + '-1';
    const nested = '('.repeat(60) + '1' + ')'.repeat(60);
    const many = `[${Array.from({ length: 1_001 }, (_, i) => i).join(', ')}]`;
    for (const expression of [wide, nested, many])
      expect(check(expression).map((p) => [p.code, p.from, p.to])).toEqual([
        ['oas-cel-limit', 0, expression.length],
      ]);
    expect(check(nested)[0]!.message).toBe(
      'The expression nests too deeply or is too large to be read; it is not checked',
    );
  });

  it('reports an unknown root variable at the identifier, with a suggestion', () => {
    const expression = 'inputs.url.startsWith("x") || reccent._name == "a"';
    const problems = check(expression);
    expect(at(expression, problems)).toEqual([
      'oas-cel-unknown-variable inputs',
      'oas-cel-unknown-variable reccent',
    ]);
    expect(problems[1]!.message).toContain("did you mean 'recent'");
  });

  it('reports fields the Engagement does not define at the field name', () => {
    const expression =
      'user.name == "a" || recent.web.input.x || history._count > 1 || started_at.day';
    expect(at(expression, check(expression))).toEqual([
      'oas-cel-unknown-field name',
      'oas-cel-unknown-field input',
      'oas-cel-unknown-field _count',
      'oas-cel-unknown-field day',
    ]);
  });

  it('warns about recent/history entries of tools that are not capabilities', () => {
    const expression = 'recent.create_tiket.outputs.id + history["other"][0].outputs.id';
    const problems = check(expression);
    expect(at(expression, problems)).toEqual([
      'oas-cel-unknown-capability create_tiket',
      'oas-cel-unknown-capability "other"',
    ]);
    expect(problems[0]!.message).toContain("did you mean 'create_ticket'");
  });

  it('knows the element shape of history lists inside macros', () => {
    const expression = 'history.web.map(t, t.inputs_allowed)';
    expect(at(expression, check(expression))).toEqual(['oas-cel-unknown-field inputs_allowed']);
  });

  it('reports a hyphenated name read with a dot once, with the bracket form, and nothing inside it', () => {
    const expression = 'recent.search-faqs.inputs["path"].startsWith("public")';
    const problems = check(expression);
    expect(at(expression, problems)).toEqual(['oas-cel-hyphen-name .search-faqs']);
    expect(problems[0]!.message).toContain('recent["search-faqs"]');
  });

  it('reports hyphenated names of three parts and of unknown tools', () => {
    const expression = 'recent.search-knowledge-base.inputs["id"] == "x"';
    expect(at(expression, check(expression))).toEqual([
      'oas-cel-hyphen-name .search-knowledge-base',
    ]);
  });

  it('leaves a real subtraction of Engagement values alone', () => {
    expect(check('history._total-history._total == 0')).toEqual([]);
    expect(check('history._total-1 > 0')).toEqual([]);
  });

  it('only checks the syntax of guardrail assertions (their input is the tool output)', () => {
    expect(check('score < 0.5', false)).toEqual([]);
    expect(check('score <', false).map((p) => p.code)).toEqual(['oas-cel-syntax']);
  });

  it('never throws on hostile expressions', () => {
    for (const bad of ['', ' ', '('.repeat(5000), 'a.'.repeat(5000) + 'b', '"\\u', "'''", '\0'])
      expect(() => check(bad)).not.toThrow();
  });
});
