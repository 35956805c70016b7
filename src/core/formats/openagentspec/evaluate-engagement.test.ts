import { describe, expect, it } from 'vitest';
import { analyzeSpec } from './index.ts';
import { engagementSkeleton } from './engagement-skeleton.ts';
import { evaluateEngagement, toJson } from './evaluate-engagement.ts';

const SPEC = `kind: openagentspec:v1/agent
name: helpdesk
description: An agent that answers questions
intent: You answer questions.
owner: team-a
capabilities:
  search-docs:
    input_restriction:
      assertion: recent["search-docs"].inputs.path.startsWith("public/")
  create_ticket:
    output_restriction:
      assertion: recent.create_ticket.outputs.priority <= 3
guardrails:
  output:
    tool_name: toxicity
    assertion: score < 0.5
exposes:
  ticket: recent.create_ticket.outputs.ticket_id
  calls: history._total + 1
  urls: history["search-docs"].map(t, t.inputs.path)
`;

const extras = () => {
  const agent = analyzeSpec('helpdesk.yaml', SPEC).agents[0]!;
  return agent.extras;
};

describe('engagementSkeleton', () => {
  it('has every Engagement field, the keys the expressions read and the guardrail variables', () => {
    const skeleton = JSON.parse(engagementSkeleton(extras()));
    expect(Object.keys(skeleton)).toEqual(['started_at', 'user', 'recent', 'history']);
    expect(skeleton.recent['search-docs']).toEqual({ inputs: { path: '' }, outputs: {} });
    expect(skeleton.recent.create_ticket).toEqual({
      inputs: {},
      outputs: { priority: 0, ticket_id: '' },
    });
    expect(skeleton.recent.toxicity).toEqual({ inputs: {}, outputs: { score: 0 } });
    expect(skeleton.history._list).toEqual(['search-docs', 'create_ticket', 'toxicity']);
    expect(skeleton.history['search-docs']).toEqual([{ inputs: { path: '' }, outputs: {} }]);
  });

  it('gives each key a value of the type its expressions use it as, so the skeleton evaluates cleanly', () => {
    const spec = SPEC.replace(
      'exposes:\n',
      'exposes:\n  ratio: recent.create_ticket.outputs.cost * 1.5\n  flag: recent.create_ticket.outputs.urgent && true\n  pick: \'"a" + (recent.create_ticket.outputs.open ? "x" : "y")\'\n',
    );
    const specExtras = analyzeSpec('helpdesk.yaml', spec).agents[0]!.extras;
    const skeleton = engagementSkeleton(specExtras);
    expect(JSON.parse(skeleton).recent.create_ticket.outputs).toEqual({
      priority: 0,
      ticket_id: '',
      cost: 0.5,
      urgent: false,
      open: false,
    });
    const { engagementError, results } = evaluateEngagement(specExtras, skeleton);
    expect(engagementError).toBeNull();
    expect(results.filter((r) => !r.ok)).toEqual([]);
  });

  it('gives a bare Engagement for anything that is not a spec extras object', () => {
    for (const junk of [undefined, null, 3, 'x', [], { cel: 'nope' }, { cel: [{ path: 1 }] }])
      expect(Object.keys(JSON.parse(engagementSkeleton(junk)) as object)).toEqual([
        'started_at',
        'user',
        'recent',
        'history',
      ]);
  });
});

describe('evaluateEngagement', () => {
  const engagement = {
    started_at: '2025-01-01T09:00:00Z',
    user: { id: 'u', email: 'u@example.com' },
    recent: {
      _name: 'create_ticket',
      'search-docs': { inputs: { path: 'public/faq' }, outputs: {} },
      create_ticket: { inputs: {}, outputs: { priority: 5, ticket_id: 'T-1' } },
      toxicity: { inputs: {}, outputs: { score: 0.2 } },
    },
    history: {
      _list: ['search-docs', 'create_ticket'],
      _total: 2,
      'search-docs': [{ inputs: { path: 'public/a' } }, { inputs: { path: 'public/b' } }],
    },
  };

  it('evaluates assertions, guardrails (against the tool output) and exposes', () => {
    const { engagementError, results } = evaluateEngagement(extras(), JSON.stringify(engagement));
    expect(engagementError).toBeNull();
    expect(results.map((r) => [r.path, r.ok, r.ok ? r.value : r.error])).toEqual([
      ['capabilities.search-docs.input_restriction.assertion', true, true],
      ['capabilities.create_ticket.output_restriction.assertion', true, false],
      ['guardrails.output.assertion', true, true],
      ['exposes.ticket', true, 'T-1'],
      ['exposes.calls', true, 3],
      ['exposes.urls', true, ['public/a', 'public/b']],
    ]);
    expect(results[1]!.ok && results[1]!.passed).toBe(false);
  });

  it('gives an error per expression that fails, and keeps the others', () => {
    const partial = { ...engagement, recent: { _name: '' } };
    const { results } = evaluateEngagement(extras(), JSON.stringify(partial));
    expect(results.map((r) => r.ok)).toEqual([false, false, false, false, true, true]);
    expect(results[2]!.ok ? '' : results[2]!.error).toContain('recent["toxicity"].outputs');
  });

  it('refuses an assertion that is not a boolean', () => {
    const spec = SPEC.replace('<= 3', '+ 1');
    const agent = analyzeSpec('x.yaml', spec).agents[0]!;
    const { results } = evaluateEngagement(agent.extras, JSON.stringify(engagement));
    expect(results[1]).toMatchObject({ ok: false });
  });

  it('reports an Engagement that is not a JSON object, and never throws', () => {
    for (const text of ['', '{', '[]', '3', 'null', '['.repeat(5000) + ']'.repeat(5000)]) {
      const result = evaluateEngagement(extras(), text);
      expect(result.engagementError, text.slice(0, 10)).toBeTypeOf('string');
      expect(result.results).toEqual([]);
    }
  });

  it('returns plain, cloneable JSON', () => {
    const result = evaluateEngagement(extras(), JSON.stringify(engagement));
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
    expect(structuredClone(result)).toEqual(result);
  });
});

describe('toJson', () => {
  it('turns CEL values into JSON', () => {
    expect(toJson(3n)).toBe(3);
    expect(toJson(2n ** 70n)).toBe('1180591620717411303424');
    expect(toJson(new Uint8Array([1, 2]))).toEqual([1, 2]);
    expect(toJson(new Map([['a', 1n]]))).toEqual({ a: 1 });
    expect(toJson(new Date('2025-01-01T00:00:00Z'))).toBe('2025-01-01T00:00:00.000Z');
    expect(toJson(Number.NaN)).toBe('NaN');
  });
});
