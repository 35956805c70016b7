import { describe, expect, it } from 'vitest';
import {
  additionEdit,
  cardText,
  nameProblem,
  placeFiles,
  replacementEdit,
  suggestName,
  undoEdit,
  type CardSource,
} from './conversion-plan.ts';

const BUNDLE = '---\nname: a\n---\nA.\n\n---\nname: b\n---\nB.\n\n---\nname: c\n---\nC.\n';
const middle: CardSource = {
  file: 'agents/post.md',
  fileText: BUNDLE,
  from: BUNDLE.indexOf('---\nname: b'),
  to: BUNDLE.indexOf('---\nname: c'),
  cards: 3,
};
const none = () => false;

describe('suggestName', () => {
  it('adds the target to the name, numbered when that is taken too', () => {
    expect(suggestName('writer', 'afm', none)).toBe('writer_afm');
    const taken = new Set(['writer_afm', 'writer_afm_2']);
    expect(suggestName('writer', 'afm', (n) => taken.has(n))).toBe('writer_afm_3');
  });
});

describe('nameProblem', () => {
  const names = ['a', 'b', 'c'];
  it('refuses the original’s name for a copy, and accepts it for a replacement', () => {
    expect(nameProblem('b', { names, original: 'b', replacing: false })).toMatch(/original's name/);
    expect(nameProblem('b', { names, original: 'b', replacing: true })).toBe('');
    expect(nameProblem('b_afm', { names, original: 'b', replacing: false })).toBe('');
  });

  it('refuses a name another agent has, even when replacing, and blank or control names', () => {
    expect(nameProblem('c', { names, original: 'b', replacing: true })).toMatch(/exists already/);
    expect(nameProblem('b', { names: [...names, 'b'], original: 'b', replacing: true })).toMatch(
      /original's name/,
    );
    expect(nameProblem(' ', { names, original: 'b', replacing: false })).toMatch(/needs a name/);
    expect(nameProblem(' x', { names, original: 'b', replacing: false })).toMatch(/space/);
    expect(nameProblem('x\u0000y', { names, original: 'b', replacing: false })).toMatch(/control/);
    expect(nameProblem('x\u202ey', { names, original: 'b', replacing: false })).toMatch(/control/);
  });
});

describe('placeFiles', () => {
  it('puts the files in the source’s folder under free names', () => {
    const taken = (p: string) => p === 'agents/b.afm.md';
    expect(placeFiles(middle, { 'b.afm.md': 'X', 'fastagent.config.yaml': 'Y' }, taken)).toEqual({
      'agents/b-2.afm.md': 'X',
      'agents/fastagent.config.yaml': 'Y',
    });
    expect(placeFiles({ file: 'top.md' }, { 'b.json': '{}' }, none)).toEqual({ 'b.json': '{}' });
  });
});

describe('additionEdit', () => {
  it('adds the files and leaves the original as it is', () => {
    expect(additionEdit(middle, { 'b.afm.md': 'X' }, none)).toEqual({
      remove: [],
      write: {},
      add: { 'agents/b.afm.md': 'X' },
    });
  });
});

describe('replacementEdit', () => {
  it('cuts the card out of its bundle and keeps every other card whole', () => {
    expect(cardText(middle)).toBe('---\nname: b\n---\nB.\n\n');
    const edit = replacementEdit(middle, { 'b.afm.md': 'X' }, BUNDLE, none)!;
    expect(edit.remove).toEqual([]);
    expect(edit.write).toEqual({
      'agents/post.md': '---\nname: a\n---\nA.\n\n---\nname: c\n---\nC.\n',
    });
    expect(edit.add).toEqual({ 'agents/b.afm.md': 'X' });
  });

  it('removes a file that holds only the card, freeing its name for the new file', () => {
    const only: CardSource = { file: 'b.json', fileText: '{}', from: 0, to: 2, cards: 1 };
    const taken = (p: string) => p === 'b.json';
    expect(replacementEdit(only, { 'b.json': '{"x":1}' }, '{}', taken)).toEqual({
      remove: ['b.json'],
      write: {},
      add: { 'b.json': '{"x":1}' },
    });
  });

  it('refuses when the file changed since the conversion', () => {
    expect(replacementEdit(middle, { 'b.afm.md': 'X' }, `${BUNDLE}\n`, none)).toBeNull();
    expect(replacementEdit(middle, { 'b.afm.md': 'X' }, undefined, none)).toBeNull();
  });
});

describe('undoEdit', () => {
  const edit = replacementEdit(middle, { 'b.afm.md': 'X' }, BUNDLE, none)!;
  const after: Record<string, string> = { ...edit.write, ...edit.add };
  const now = (files: Record<string, string>) => (p: string) =>
    Object.hasOwn(files, p) ? files[p] : undefined;

  it('takes the added files out and puts the cut card back', () => {
    expect(undoEdit(edit, { 'agents/post.md': BUNDLE }, now(after))).toEqual({
      remove: ['agents/b.afm.md'],
      write: { 'agents/post.md': BUNDLE },
      add: {},
    });
    const whole = { remove: ['b.json'], write: {}, add: { 'b.json': 'new' } };
    expect(undoEdit(whole, { 'b.json': 'old' }, now({ 'b.json': 'new' }))).toEqual({
      remove: ['b.json'],
      write: {},
      add: { 'b.json': 'old' },
    });
  });

  it('refuses once a file it would undo has changed', () => {
    const before = { 'agents/post.md': BUNDLE };
    expect(undoEdit(edit, before, now({ ...after, 'agents/b.afm.md': 'edited' }))).toBeNull();
    expect(undoEdit(edit, before, now({ ...after, 'agents/post.md': 'edited' }))).toBeNull();
    expect(undoEdit(edit, before, now({ 'agents/post.md': after['agents/post.md']! }))).toBeNull();
    const whole = { remove: ['a.md'], write: {}, add: { 'a.afm.md': 'X' } };
    expect(undoEdit(whole, { 'a.md': 'A' }, now({ 'a.afm.md': 'X', 'a.md': 'new' }))).toBeNull();
  });
});
