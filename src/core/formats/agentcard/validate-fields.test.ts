import { describe, expect, it } from 'vitest';
import { checkLoadSet } from '../../load-set/check-load-set.ts';

// The rfc profile's note on cards without an instruction is not about fields (load-instruction.test.ts).
const fieldProblems = (files: Record<string, string>, profile: 'rfc' | 'fast-agent' = 'rfc') =>
  checkLoadSet(files, { profile }).diagnostics.filter((d) => d.code !== 'default-instruction');

const check = (text: string, profile: 'rfc' | 'fast-agent' = 'rfc') =>
  fieldProblems({ 'card.yaml': text }, profile).map((d) => [d.code, d.severity, d.line, d.column]);

describe('field validation', () => {
  it('reports every unknown and invalid field at once, each at its own key or value', () => {
    expect(check('type: chain\nname: c\nsequence: [a, 5]\nmodel: x\ncumulative: maybe\n')).toEqual([
      ['invalid-value', 'error', 3, 15],
      ['unknown-field', 'error', 4, 1],
      ['invalid-value', 'error', 5, 13],
    ]);
  });

  it('suggests the closest field name for a near miss', () => {
    const [d] = fieldProblems({ 'c.yaml': 'type: agent\nname: c\nservrs: [x]\n' });
    expect(d).toMatchObject({ code: 'unknown-field', line: 3, column: 1, endColumn: 7 });
    expect(d!.message).toContain("'servers'");
  });

  it('requires the fields of the type, at the type value', () => {
    expect(check('type: evaluator_optimizer\nname: e\ngenerator: g\n')).toContainEqual([
      'missing-field',
      'error',
      1,
      7,
    ]);
    expect(check('type: chain\nname: c\nsequence:\n')).toEqual([['missing-field', 'error', 3, 1]]);
  });

  it('refuses a float schema_version even when it is integral', () => {
    expect(check('name: s\ntype: agent\nschema_version: 1.0\n')).toEqual([
      ['invalid-value', 'error', 3, 17],
    ]);
    expect(check('name: s\ntype: agent\nschema_version: 2\n')).toEqual([]);
  });

  it('checks combinations of fields', () => {
    expect(check('type: agent\nname: a\ndefault: true\ntool_only: true\n')).toEqual([
      ['invalid-value', 'error', 4, 12],
    ]);
    expect(check('type: agent\nname: a\nsave_trajectory: true\n')).toEqual([
      ['invalid-value', 'error', 3, 18],
    ]);
  });

  it('spells types exactly in the rfc profile and folds case in the fast-agent one', () => {
    expect(check('type: Chain\nname: c\nsequence: [a]\n')[0]).toEqual([
      'unknown-type',
      'error',
      1,
      7,
    ]);
    const fast = checkLoadSet(
      { 'c.yaml': 'type: Chain\nname: c\nsequence: [a]\n', 'a.yaml': 'name: a\n' },
      { profile: 'fast-agent' },
    );
    expect(fast.diagnostics).toEqual([]);
    expect(fast.agents.map((a) => a.type)).toEqual(['agent', 'chain']);
  });

  it('warns about rfc-only shapes that fast-agent rejects, and rejects them in the fast-agent profile', () => {
    const text = 'type: agent\nname: a\nservers:\n  - local:\n      url: http://localhost/mcp\n';
    expect(check(text)).toEqual([['portability', 'warning', 4, 5]]);
    expect(check(text, 'fast-agent')).toEqual([['invalid-value', 'error', 4, 5]]);
  });
});
