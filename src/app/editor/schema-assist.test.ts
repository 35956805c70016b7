import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { allowedFields, schemaFields } from '../../core/index.ts';
import { cardEditorConfig } from './editor-config.ts';
import { fieldCompletionSource } from './field-completion.ts';
import { fieldHoverAt } from './field-hover.ts';
import { schemaCompletionSource, schemaHoverAt } from './schema-assist.ts';

const stateFor = (doc: string, path: string) =>
  EditorState.create({ doc, extensions: cardEditorConfig.of({ path, profile: 'rfc' }) });

/** Completes at the `|` in `doc`. */
function complete(doc: string, path: string, explicit = false): CompletionResult | null {
  const pos = doc.indexOf('|');
  const state = stateFor(doc.slice(0, pos) + doc.slice(pos + 1), path);
  return schemaCompletionSource(new CompletionContext(state, pos, explicit));
}

const labels = (result: CompletionResult | null) => result?.options.map((o) => o.label) ?? [];

const AFM = 'helper.afm.md';
const OAS = 'spec.yaml';
const oas = (rest: string) => `kind: openagentspec:v1/agent\nname: sizer\n${rest}`;

describe('schemaCompletionSource: AFM frontmatter', () => {
  it('offers the top-level fields not yet written, with shape and description', () => {
    const result = complete('---\nname: Sizer\nmo|\n---\n# Role\n', AFM);
    expect(result?.from).toBe('---\nname: Sizer\n'.length);
    expect(labels(result)).toContain('model');
    expect(labels(result)).toContain('interfaces');
    expect(labels(result)).not.toContain('name');
    expect(labels(result)).not.toContain('type');
    const model = result?.options.find((o) => o.label === 'model');
    expect(model).toMatchObject({
      apply: 'model: ',
      detail: 'mapping',
      info: 'The language model the agent runs on.',
    });
  });

  it('offers the fields of a nested mapping by indentation', () => {
    const result = complete('---\nmodel:\n  provider: openai\n  |\n---\n', AFM, true);
    expect(labels(result)).toEqual(['name', 'url', 'authentication']);
  });

  it("offers the fields of a list item's variant, by its `type`", () => {
    const doc = '---\ninterfaces:\n  - type: webhook\n    pr|\n---\n';
    expect(labels(complete(doc, AFM))).toEqual(['prompt', 'signature', 'exposure', 'subscription']);
    const fresh = complete('---\ninterfaces:\n  - |\n---\n', AFM, true);
    expect(labels(fresh)).toContain('type');
    expect(fresh?.from).toBe('---\ninterfaces:\n  - '.length);
  });

  it('gives nothing in the body, on an empty line unless asked, and in values', () => {
    expect(complete('---\nname: a\n---\nmo|\n', AFM)).toBeNull();
    expect(complete('---\nname: a\n|\n---\n', AFM)).toBeNull();
    expect(labels(complete('---\nname: a\n|\n---\n', AFM, true))).toContain('model');
    expect(complete('---\nname: mo|\n---\n', AFM)).toBeNull();
  });
});

describe('schemaCompletionSource: OpenAgentSpec', () => {
  it('offers the top-level fields, required ones marked, and not AgentCard fields', () => {
    const result = complete(oas('|\n'), OAS, true);
    expect(labels(result)).toEqual([
      'description',
      'intent',
      'owner',
      'capabilities',
      'guardrails',
      'exposes',
      'lifespan',
    ]);
    expect(result?.options.find((o) => o.label === 'owner')).toMatchObject({
      detail: 'required · string',
      boost: 1,
    });
    expect(labels(result)).not.toContain('instruction');
  });

  it('offers capability settings under a capability reference, keeping an existing colon', () => {
    const doc = oas('capabilities:\n  web-search:\n    collect_results: true\n    us|er: x\n');
    const result = complete(doc, OAS);
    expect(labels(result)).toEqual([
      'user_identity',
      'static_identity',
      'input_restriction',
      'output_restriction',
    ]);
    expect(result?.options[0]?.apply).toBe('user_identity');
  });

  it('gives nothing for a free-form mapping (capability names)', () => {
    expect(complete(oas('capabilities:\n  we|\n'), OAS)).toBeNull();
  });
});

describe('schemaHoverAt', () => {
  it('describes an AFM key at any depth, with its shape', () => {
    const doc = '---\ninterfaces:\n  - type: webchat\n    exposure:\n      http: {}\n---\n';
    const at = doc.indexOf('exposure') + 2;
    expect(schemaHoverAt(stateFor(doc, AFM), at)).toEqual({
      from: doc.indexOf('exposure'),
      to: doc.indexOf('exposure') + 'exposure'.length,
      format: 'afm',
      field: 'exposure',
      spec: {
        name: 'exposure',
        description: 'Where the interface is served.',
        shape: 'mapping',
        required: false,
      },
      path: ['interfaces', 0, 'exposure'],
    });
    expect(schemaHoverAt(stateFor(doc, AFM), doc.indexOf('http'))?.spec?.description).toBe(
      'The HTTP endpoint.',
    );
  });

  it('says when a key is not a field of its mapping', () => {
    const doc = '---\nmodel:\n  temprature: 1\n---\n';
    expect(schemaHoverAt(stateFor(doc, AFM), doc.indexOf('temprature'))).toMatchObject({
      field: 'temprature',
      spec: null,
    });
  });

  it('describes OpenAgentSpec keys, not values, free-form names or other files', () => {
    const doc = oas('lifespan:\n  short_circuit: 3\ncapabilities:\n  web-search: {}\n');
    const state = stateFor(doc, OAS);
    expect(schemaHoverAt(state, doc.indexOf('short_circuit'))?.spec).toEqual(
      schemaFields('openagentspec', ['lifespan']).find((f) => f.name === 'short_circuit'),
    );
    expect(schemaHoverAt(state, 1)?.spec).toMatchObject({ required: true });
    expect(schemaHoverAt(state, doc.indexOf('sizer'))).toBeNull();
    expect(schemaHoverAt(state, doc.indexOf('web-search'))).toBeNull();
    expect(schemaHoverAt(stateFor(doc, 'card.md'), 1)).toBeNull();
  });
});

describe('AgentCard files keep their own help', () => {
  it('gets card fields from the card tables and nothing from the schema sources', () => {
    const doc = '---\ntype: agent\nmo\n---\n';
    const state = stateFor(doc, 'card.md');
    const pos = doc.indexOf('mo') + 2;
    expect(schemaCompletionSource(new CompletionContext(state, pos, true))).toBeNull();
    const card = fieldCompletionSource(new CompletionContext(state, pos, true));
    expect(labels(card)).toEqual(allowedFields('agent', 'rfc').filter((f) => f !== 'type'));
    expect(schemaHoverAt(state, 5)).toBeNull();
    expect(fieldHoverAt(state, 5)).toMatchObject({ field: 'type' });
  });

  it('offers no card fields in AFM and OpenAgentSpec files', () => {
    const afm = '---\nname: a\nmo\n---\n';
    const state = stateFor(afm, AFM);
    expect(
      fieldCompletionSource(new CompletionContext(state, afm.indexOf('mo') + 2, true)),
    ).toBeNull();
  });
});
