import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics.ts';
import { checkLoadSet } from '../load-set/check-load-set.ts';
import { applyFixes } from './fix.ts';

/** The diagnostic with `code` whose message names `'word'` in a check of `files`. */
function about(files: Record<string, string>, code: string, word: string): Diagnostic {
  const d = checkLoadSet(files).diagnostics.find(
    (x) => x.code === code && x.message.includes(`'${word}'`),
  );
  if (!d) throw new Error(`no ${code} about '${word}'`);
  return d;
}

/** The text of the diagnostic's file after its first fix. */
function fixed(files: Record<string, string>, d: Diagnostic): string {
  return applyFixes(new Map(Object.entries(files)), [d.fixes![0]!]).files.get(d.file)!;
}

const AFM_BODY = '\n# Role\nHelps.\n\n# Instructions\nBe brief.\n';
const afm = (yaml: string) => ({ 'x.afm.md': `---\n${yaml}\n---${AFM_BODY}` });

describe('AFM did-you-mean fixes', () => {
  it('renames a misspelt frontmatter field, safe when one field is that close', () => {
    const files = afm('nme: x');
    const d = about(files, 'unknown-field', 'nme');
    expect(d.fixes).toMatchObject([{ title: "Change to 'name'", safe: true }]);
    expect(fixed(files, d)).toBe(afm('name: x')['x.afm.md']);
  });

  it('renames a misspelt JSON Schema keyword in a signature', () => {
    const sig = (k: string) =>
      afm(
        `interfaces:\n  - type: webchat\n    signature:\n      input:\n        type: object\n        ${k}: {}`,
      );
    const files = sig('propertes');
    const d = about(files, 'afm-schema-keyword', 'propertes');
    expect(d.fixes).toMatchObject([{ title: "Change to 'properties'" }]);
    expect(fixed(files, d)).toBe(sig('properties')['x.afm.md']);
  });

  it('proposes no fix when the corrected field is already there', () => {
    const d = about(afm('name: x\nnme: y'), 'unknown-field', 'nme');
    expect(d.message).toContain("did you mean 'name'");
    expect(d.fixes).toBeUndefined();
  });
});

const OAS_HEAD = `kind: "openagentspec:v1/agent"
name: helpdesk
description: An agent that answers questions
intent: You answer questions for the help desk.
owner: team-a
`;
const oas = (body: string) => ({ 'x.yaml': OAS_HEAD + body });

describe('OpenAgentSpec did-you-mean fixes', () => {
  it('renames a camelCase spelling of a field to its snake_case name, safe', () => {
    const files = oas('capabilities:\n  web:\n    userIdentity: false\n');
    const d = about(files, 'unknown-field', 'userIdentity');
    expect(d.fixes).toMatchObject([{ title: "Change to 'user_identity'", safe: true }]);
    expect(fixed(files, d)).toBe(
      oas('capabilities:\n  web:\n    user_identity: false\n')['x.yaml'],
    );
  });

  it('renames a misspelt top-level field', () => {
    const files = oas('capabilities:\n  web: {}\nguardrils: {}\n');
    const d = about(files, 'unknown-field', 'guardrils');
    expect(d.fixes).toMatchObject([{ title: "Change to 'guardrails'", safe: true }]);
    expect(fixed(files, d)).toBe(oas('capabilities:\n  web: {}\nguardrails: {}\n')['x.yaml']);
  });

  it('proposes no fix when nothing is close', () => {
    const d = about(oas('capabilities:\n  web: {}\nwidgets: {}\n'), 'unknown-field', 'widgets');
    expect(d.fixes).toBeUndefined();
  });
});

const A2A_CARD = {
  protocolVersion: '0.3.0',
  name: 'Trip Planner',
  description: 'Plans trips.',
  url: 'https://trips.example.com/a2a',
  version: '1.0.0',
  capabilities: {},
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 'plan', name: 'Plan', description: 'Plans.', tags: ['travel'] }],
};
const a2a = (card: unknown) => ({ 'agent-card.json': JSON.stringify(card, null, 2) + '\n' });

describe('A2A did-you-mean fixes', () => {
  it('renames a misspelt property inside its quotes, safe when one property is that close', () => {
    const files = a2a({ ...A2A_CARD, documentationUr: 'https://docs.example.com' });
    const d = about(files, 'a2a-unknown-property', 'documentationUr');
    const text = files['agent-card.json'];
    expect(d.fixes).toMatchObject([{ title: "Change to 'documentationUrl'", safe: true }]);
    expect(d.fixes![0]!.edits[0]!.from).toBe(text.indexOf('documentationUr'));
    expect(fixed(files, d)).toBe(
      a2a({ ...A2A_CARD, documentationUrl: 'https://docs.example.com' })['agent-card.json'],
    );
  });

  it('proposes no fix when the corrected property is already in the object', () => {
    const files = a2a({ ...A2A_CARD, versoin: '2' });
    const d = about(files, 'a2a-unknown-property', 'versoin');
    expect(d.message).toContain("did you mean 'version'");
    expect(d.fixes).toBeUndefined();
  });
});

const TS_METADATA = {
  name: 'Helper',
  description: 'Helps.',
  created: '2025-04-07T17:32:29.081Z',
  lastAccessed: '2025-04-07T17:32:29.081Z',
};
const TS_SETTINGS = { maxChatTurns: '10', temperature: '0.5', mostRecentModel: 'gemini:flash' };
const tsagent = (config: unknown) => ({
  'a/tsagent.json': JSON.stringify(config, null, 2) + '\n',
  'a/prompt.md': 'You help.\n',
});

describe('TsAgent did-you-mean fixes', () => {
  it('renames a misspelt metadata key inside its JSON quotes', () => {
    const files = tsagent({ metadata: { ...TS_METADATA, descripton: 'x' }, settings: TS_SETTINGS });
    const d = about(files, 'unknown-field', 'descripton');
    expect(d.fixes).toBeUndefined();
    const alone = tsagent({
      metadata: { name: 'Helper', descripton: 'Helps.', created: TS_METADATA.created },
      settings: TS_SETTINGS,
    });
    const fix = about(alone, 'unknown-field', 'descripton');
    expect(fix.fixes).toMatchObject([{ title: "Change to 'description'", safe: true }]);
    expect(fixed(alone, fix)).toBe(
      tsagent({
        metadata: { name: 'Helper', description: 'Helps.', created: TS_METADATA.created },
        settings: TS_SETTINGS,
      })['a/tsagent.json'],
    );
  });

  it('renames a misspelt setting', () => {
    const files = tsagent({
      metadata: TS_METADATA,
      settings: { ...TS_SETTINGS, maxChatTurn: '5' },
    });
    const d = about(files, 'unknown-field', 'maxChatTurn');
    expect(d.message).toContain("did you mean 'maxChatTurns'");
    expect(d.fixes).toBeUndefined();
    const alone = tsagent({ metadata: TS_METADATA, settings: { temperatur: '0.5' } });
    const fix = about(alone, 'unknown-field', 'temperatur');
    expect(fix.fixes).toMatchObject([{ title: "Change to 'temperature'" }]);
    expect(fixed(alone, fix)).toContain('"temperature": "0.5"');
  });
});
