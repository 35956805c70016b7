import { describe, expect, it } from 'vitest';
import { analyzeSpec, prepareEngagement } from '../../core/index.ts';
import { STOPPED_TEXT } from '../engagement/cel-evaluator.ts';
import {
  describeValue,
  engagementView,
  evaluationView,
  initialEngagement,
  MAX_VALUE_CHARS,
} from './engagement-panel.ts';

const extras = analyzeSpec(
  'a.yaml',
  `kind: openagentspec:v1/agent
name: a
description: d
intent: i
owner: o
capabilities:
  web:
    input_restriction:
      assertion: recent.web.inputs.url.startsWith("https://")
guardrails:
  output:
    tool_name: tox
    assertion: score < 0.5
exposes:
  url: recent.web.inputs.url
`,
).agents[0]!.extras;

describe('engagementView', () => {
  it('shows each expression of the skeleton Engagement with a label and a status', () => {
    const view = engagementView(extras, initialEngagement(extras));
    expect(view.error).toBeNull();
    expect(view.rows.map((r) => [r.label, r.status, r.text])).toEqual([
      ['Input restriction of web', 'fail', 'false'],
      // The skeleton gives `score` a number, as `score < 0.5` uses it: no type error.
      ['Output guardrail of tox', 'pass', 'true'],
      ['Exposes url', 'value', '""'],
    ]);
  });

  it('passes an assertion once the Engagement satisfies it', () => {
    const engagement = JSON.parse(initialEngagement(extras));
    engagement.recent.web.inputs.url = 'https://example.com';
    engagement.recent.tox.outputs = { score: 0.1 };
    const view = engagementView(extras, JSON.stringify(engagement));
    expect(view.rows.map((r) => r.status)).toEqual(['pass', 'pass', 'value']);
    expect(view.rows[2]!.text).toBe('"https://example.com"');
  });

  it('says when the Engagement text is not usable', () => {
    expect(engagementView(extras, '{').error).toContain('not valid JSON');
    expect(engagementView(extras, '{').rows).toEqual([]);
  });
});

describe('describeValue', () => {
  it('cuts long values', () => {
    const text = describeValue('x'.repeat(1000));
    expect(text.length).toBe(MAX_VALUE_CHARS);
    expect(text.endsWith('…')).toBe(true);
  });
});

describe('evaluationView', () => {
  const { expressions } = prepareEngagement(extras, '{}');

  it('shows a stopped expression as stopped with the reason, beside evaluated and pending ones', () => {
    const view = evaluationView({
      id: 1,
      engagementError: null,
      expressions,
      outcomes: [
        { kind: 'stopped', reason: STOPPED_TEXT },
        { kind: 'done', result: { ...expressions[1]!, ok: true, value: true, passed: true } },
        { kind: 'pending' },
      ],
      finished: false,
    });
    expect(view.rows.map((r) => [r.status, r.text])).toEqual([
      ['stopped', STOPPED_TEXT],
      ['pass', 'true'],
      ['pending', 'evaluating…'],
    ]);
    expect(view.rows[0]!.source).toBe(expressions[0]!.source);
    expect(view.pending).toBe(true);
  });

  it('shows an Engagement error alone, and nothing yet before the first answer', () => {
    const refused = evaluationView({
      id: 1,
      engagementError: 'bad',
      expressions,
      outcomes: [],
      finished: true,
    });
    expect(refused).toEqual({ error: 'bad', rows: [], pending: false });
    expect(evaluationView(null)).toEqual({ error: null, rows: [], pending: true });
  });
});
