import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { allowedFields, CARD_TYPES } from '../../core/index.ts';
import { cardEditorConfig } from './editor-config.ts';
import { fieldCompletionSource } from './field-completion.ts';

/** Completes at the `|` in `doc`. */
function complete(
  doc: string,
  options: { path?: string; profile?: 'rfc' | 'fast-agent'; explicit?: boolean } = {},
): CompletionResult | null {
  const pos = doc.indexOf('|');
  const text = doc.slice(0, pos) + doc.slice(pos + 1);
  const state = EditorState.create({
    doc: text,
    extensions: cardEditorConfig.of({
      path: options.path ?? 'a.md',
      profile: options.profile ?? 'rfc',
    }),
  });
  return fieldCompletionSource(new CompletionContext(state, pos, options.explicit ?? false));
}

const labels = (result: CompletionResult | null) => result?.options.map((o) => o.label) ?? [];

describe('fieldCompletionSource', () => {
  it("offers the fields of the card's type at the start of a header line", () => {
    const result = complete('---\ntype: chain\nse|\n---\n');
    expect(result?.from).toBe('---\ntype: chain\n'.length);
    expect(labels(result)).toContain('sequence');
    expect(labels(result)).not.toContain('type');
    expect(new Set(labels(result))).toEqual(
      new Set(allowedFields('chain', 'rfc').filter((f) => f !== 'type')),
    );
  });

  it('leaves out fields the header already has, but not the one being typed', () => {
    const result = complete('---\nname: a\ntools: []\nmo|del: x\n---\n');
    expect(labels(result)).not.toContain('name');
    expect(labels(result)).not.toContain('tools');
    expect(labels(result)).toContain('model');
  });

  it('inserts `name: ` unless the line already has a colon', () => {
    const fresh = complete('---\nmod|\n---\n');
    expect(fresh?.options.find((o) => o.label === 'model')?.apply).toBe('model: ');
    const existing = complete('---\nmod|el: x\n---\n');
    expect(existing?.options.find((o) => o.label === 'model')?.apply).toBe('model');
    expect(existing?.to).toBe('---\nmodel'.length);
  });

  it('uses agent fields for a card without a type, and the second card its own type', () => {
    expect(labels(complete('---\nin|\n---\n'))).toContain('instruction');
    const bundle = '---\ntype: agent\n---\nA\n---\ntype: router\nag|\n---\n';
    expect(labels(complete(bundle))).toEqual(expect.arrayContaining(['agents']));
  });

  it('completes type values, with a2a only in the fast-agent profile', () => {
    expect(labels(complete('---\ntype: ch|\n---\n'))).toEqual([...CARD_TYPES]);
    expect(complete('---\ntype: ch|\n---\n')?.from).toBe('---\ntype: '.length);
    expect(labels(complete('---\ntype: |\n---\n', { profile: 'fast-agent' }))).toContain('a2a');
  });

  it('stays quiet on empty lines unless asked, and outside headers', () => {
    expect(complete('---\nname: a\n|\n---\n')).toBeNull();
    expect(labels(complete('---\nname: a\n|\n---\n', { explicit: true }))).toContain('model');
    expect(complete('---\nname: a\n---\nbo|dy\n')).toBeNull();
    expect(complete('---\nservers:\n  fi|\n---\n')).toBeNull();
    expect(complete('mo|', { path: 'notes.txt' })).toBeNull();
  });

  it('offers no field names for a card whose type is unknown', () => {
    expect(complete('---\ntype: wizard\nmo|\n---\n')).toBeNull();
  });

  it('completes in YAML card files, up to the end of the file', () => {
    expect(labels(complete('type: router\nag|', { path: 'r.yaml' }))).toContain('agents');
  });

  it('offers no AgentCard fields in a file the core reads as another format', () => {
    const spec = 'kind: openagentspec:v1/agent\nname: tutor\nmo|\n';
    expect(complete(spec, { path: 'spec.yaml', explicit: true })).toBeNull();
    expect(complete(spec, { path: 'agents/spec.yml', explicit: true })).toBeNull();
    const afm = '---\nspec_version: "0.3"\nmo|\n---\n# Role\nTeach.\n';
    expect(complete(afm, { path: 'tutor.md', explicit: true })).toBeNull();
    expect(labels(complete('name: tutor\nmo|\n', { path: 'spec.yaml' }))).toContain('model');
  });

  it('marks required fields', () => {
    const option = complete('---\ntype: chain\nse|\n---\n')?.options.find(
      (o) => o.label === 'sequence',
    );
    expect(option?.detail).toBe('required');
  });
});
