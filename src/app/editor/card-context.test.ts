import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { cardHeaderAt, readScalar, readTopLevelKey, resolveCardType } from './card-context.ts';
import { cardBundleSupport } from './card-language.ts';
import { cardEditorConfig } from './editor-config.ts';

const stateFor = (path: string, doc: string, profile: 'rfc' | 'fast-agent' = 'rfc') =>
  EditorState.create({ doc, extensions: cardEditorConfig.of({ path, profile }) });

describe('readTopLevelKey', () => {
  it('reads plain and quoted keys at column 0', () => {
    expect(readTopLevelKey('model: x')).toEqual({ name: 'model', from: 0, to: 5 });
    expect(readTopLevelKey('"use_history": true')).toEqual({
      name: 'use_history',
      from: 1,
      to: 12,
    });
    expect(readTopLevelKey('name:')).toEqual({ name: 'name', from: 0, to: 4 });
  });

  it('ignores indented keys, list items, comments and URLs', () => {
    expect(readTopLevelKey('  model: x')).toBeNull();
    expect(readTopLevelKey('- a: b')).toBeNull();
    expect(readTopLevelKey('# model: x')).toBeNull();
    expect(readTopLevelKey('http://example.com')).toBeNull();
  });
});

describe('readScalar', () => {
  it('drops quotes, comments and spaces', () => {
    expect(readScalar(' chain # the workflow')).toBe('chain');
    expect(readScalar(' "router" ')).toBe('router');
    expect(readScalar(" 'a#b'")).toBe('a#b');
    expect(readScalar('')).toBe('');
  });
});

describe('resolveCardType', () => {
  it('reads a missing, blank or null type as agent', () => {
    expect(resolveCardType(null, 'rfc')).toBe('agent');
    expect(resolveCardType('', 'rfc')).toBe('agent');
    expect(resolveCardType('~', 'rfc')).toBe('agent');
  });

  it('matches types exactly, then case-insensitively', () => {
    expect(resolveCardType('MAKER', 'rfc')).toBe('MAKER');
    expect(resolveCardType('maker', 'rfc')).toBe('MAKER');
    expect(resolveCardType('Chain', 'rfc')).toBe('chain');
  });

  it('accepts a2a and smart only in the fast-agent profile', () => {
    expect(resolveCardType('a2a', 'rfc')).toBeNull();
    expect(resolveCardType('a2a', 'fast-agent')).toBe('a2a');
    expect(resolveCardType('smart', 'fast-agent')).toBe('agent');
    expect(resolveCardType('wizard', 'fast-agent')).toBeNull();
  });
});

describe('cardHeaderAt', () => {
  const bundle = '---\ntype: chain\nname: a\n---\nbody\n---\ntype: router\nname: b\n---\nB\n';

  it('gives the header of the card around a position, with its type and keys', () => {
    const state = stateFor('agents.md', bundle);
    const header = cardHeaderAt(state, bundle.indexOf('name: b'));
    expect(header).toMatchObject({ type: 'router', typeText: 'router' });
    expect(header?.keys.map((k) => k.name)).toEqual(['type', 'name']);
    expect(cardHeaderAt(state, bundle.indexOf('name: a'))?.type).toBe('chain');
  });

  it('is null in bodies, on fence lines and in files that hold no cards', () => {
    const state = stateFor('agents.md', bundle);
    expect(cardHeaderAt(state, bundle.indexOf('body'))).toBeNull();
    expect(cardHeaderAt(state, bundle.indexOf('---\nbody'))).toBeNull();
    expect(cardHeaderAt(stateFor('notes.txt', bundle), 5)).toBeNull();
    expect(cardHeaderAt(stateFor('fastagent.config.yaml', 'type: agent\n'), 0)).toBeNull();
  });

  it('treats each document of a YAML card file as a header, up to the end of the file', () => {
    const doc = 'type: agent\nname: a\n---\ntype: chain\n';
    const state = stateFor('cards.yaml', doc);
    expect(cardHeaderAt(state, 0)?.type).toBe('agent');
    expect(cardHeaderAt(state, doc.length)?.type).toBe('chain');
  });

  it('reads the headers from the card language tree as the scan does', () => {
    const text = `\n---\nname: lead\n---\nA\n---\nprose\n---\ntype: chain\n---\n${bundle}`;
    const plain = stateFor('agents.md', text);
    const parsed = EditorState.create({
      doc: text,
      extensions: [cardEditorConfig.of({ path: 'agents.md' }), cardBundleSupport()],
    });
    expect(ensureSyntaxTree(parsed, text.length, 5000)).not.toBeNull();
    for (let pos = 0; pos <= text.length; pos++)
      expect(cardHeaderAt(parsed, pos), `at ${pos}`).toEqual(cardHeaderAt(plain, pos));
  });

  it('gives a null type for a value that is not a card type', () => {
    const state = stateFor('a.md', '---\ntype: wizard\n---\n');
    expect(cardHeaderAt(state, 5)).toMatchObject({ type: null, typeText: 'wizard' });
  });
});
