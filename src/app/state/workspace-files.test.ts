import { describe, expect, it } from 'vitest';
import {
  activate,
  addFiles,
  applyEdit,
  chooseFormat,
  cleanPath,
  createFile,
  deleteFile,
  journalSnapshot,
  keepHistory,
  makeWorkspace,
  renameFile,
  writeFile,
} from './workspace-files.ts';

const workspace = (files: Record<string, string>, active = Object.keys(files)[0] ?? '') =>
  makeWorkspace('W', files, active);

describe('makeWorkspace', () => {
  it('makes a never-saved, hot-swap workspace with its own copy of the files and a new id', () => {
    const files = { 'a.md': 'A' };
    const a = makeWorkspace('A', files, 'a.md');
    const b = makeWorkspace('B', files, 'a.md', 'fast-agent');
    expect(a).toMatchObject({ name: 'A', active: 'a.md', profile: 'rfc', revision: 0 });
    expect(a.reloadMode).toBe('hot-swap');
    expect(b.profile).toBe('fast-agent');
    expect(a.id).not.toBe(b.id);
    expect(a.files).not.toBe(files);
  });
});

describe('cleanPath', () => {
  it('keeps relative `/` paths and drops empty, `.` and `..` segments', () => {
    expect(cleanPath(' /a\\ b /./../c.md ')).toBe('a/b/c.md');
    expect(cleanPath('../..')).toBe('');
  });

  it('cuts a path to 300 characters', () => {
    expect(cleanPath('x'.repeat(400))).toHaveLength(300);
  });
});

describe('addFiles', () => {
  it('numbers a taken path instead of overwriting, and activates the first added file', () => {
    const ws = workspace({ 'a.md': 'A' });
    expect(addFiles(ws, { 'a.md': 'A2', 'b.md': 'B' })).toEqual(['a-2.md', 'b.md']);
    expect(ws.files).toEqual({ 'a.md': 'A', 'a-2.md': 'A2', 'b.md': 'B' });
    expect(ws.active).toBe('a-2.md');
  });

  it('names a file with nothing left of its path untitled.md and can leave the active file alone', () => {
    const ws = workspace({ 'a.md': 'A' });
    expect(addFiles(ws, { '..': 'X' }, false)).toEqual(['untitled.md']);
    expect(ws.active).toBe('a.md');
  });

  it('adds files named like members of Object.prototype as own entries', () => {
    const ws = workspace({});
    addFiles(ws, { constructor: 'C', __proto__: 'P' });
    expect(Object.hasOwn(ws.files, 'constructor')).toBe(true);
    expect(Object.getPrototypeOf(ws.files)).toBe(Object.prototype);
  });
});

describe('writeFile', () => {
  it('says whether the text changed, adding a missing file', () => {
    const ws = workspace({ 'a.md': 'A' });
    expect(writeFile(ws, 'a.md', 'A')).toBe(false);
    expect(writeFile(ws, 'a.md', 'B')).toBe(true);
    expect(writeFile(ws, 'toString', 'T')).toBe(true);
    expect(ws.files).toEqual({ 'a.md': 'B', toString: 'T' });
  });
});

describe('renameFile', () => {
  it('moves the text, history and format choice, keeping entry order, and follows the active file', () => {
    const ws = workspace({ 'a.md': 'A', 'b.md': 'B' });
    ws.history = { 'a.md': 1 };
    ws.formats = { 'a.md': 'afm' };
    expect(renameFile(ws, 'a.md', 'dir/c.md')).toBeNull();
    expect(Object.keys(ws.files)).toEqual(['dir/c.md', 'b.md']);
    expect(ws).toMatchObject({
      active: 'dir/c.md',
      history: { 'dir/c.md': 1 },
      formats: { 'dir/c.md': 'afm' },
    });
  });

  it('refuses an empty name, a taken name and a missing file, changing nothing', () => {
    const ws = workspace({ 'a.md': 'A', 'b.md': 'B' });
    const before = structuredClone(ws);
    expect(renameFile(ws, 'a.md', '  ')).toBe('A file needs a name.');
    expect(renameFile(ws, 'a.md', 'b.md')).toBe('b.md exists already.');
    expect(renameFile(ws, 'constructor', 'c.md')).toBe('constructor is not in the workspace.');
    expect(renameFile(ws, 'a.md', ' a.md ')).toBeNull();
    expect(renameFile(ws, 'a.md', './a.md')).toMatch(/“\.”/);
    expect(renameFile(ws, 'a.md', 'c\u0000.md')).toMatch(/control characters/);
    expect(ws).toEqual(before);
  });

  it('keeps a typed known extension and adds .md to a name without one', () => {
    const ws = workspace({ 'a.md': 'A' });
    expect(renameFile(ws, 'a.md', 'fastagent.config.yaml')).toBeNull();
    expect(renameFile(ws, 'fastagent.config.yaml', 'notes')).toBeNull();
    expect(Object.keys(ws.files)).toEqual(['notes.md']);
  });
});

describe('deleteFile', () => {
  it('removes the file with its history and format, and activates the first remaining path', () => {
    const ws = workspace({ 'c.md': 'C', 'b.md': 'B', 'a.md': 'A' }, 'c.md');
    ws.history = { 'c.md': 1 };
    ws.formats = { 'c.md': 'afm' };
    expect(deleteFile(ws, 'c.md')).toBe(true);
    expect(ws).toMatchObject({ active: 'a.md', history: {}, formats: {} });
    expect(deleteFile(ws, 'c.md')).toBe(false);
  });

  it('leaves no active file when the last one goes', () => {
    const ws = workspace({ 'a.md': 'A' });
    deleteFile(ws, 'a.md');
    expect(ws.active).toBe('');
  });
});

describe('activate and chooseFormat', () => {
  it('report no change for a missing file or the same choice', () => {
    const ws = workspace({ 'a.md': 'A', 'b.md': 'B' });
    expect(activate(ws, 'a.md')).toBe(false);
    expect(activate(ws, 'valueOf')).toBe(false);
    expect(activate(ws, 'b.md')).toBe(true);
    expect(chooseFormat(ws, 'b.md', null)).toBe(false);
    expect(chooseFormat(ws, 'b.md', 'afm')).toBe(true);
    expect(chooseFormat(ws, 'b.md', 'afm')).toBe(false);
    expect(chooseFormat(ws, 'b.md', null)).toBe(true);
    expect(ws.formats).toEqual({});
  });
});

describe('keepHistory and journalSnapshot', () => {
  it('journals plain data without the undo history', () => {
    const ws = workspace({ 'a.md': 'A' });
    keepHistory(ws, 'a.md', { done: [] });
    keepHistory(ws, 'a.md', { done: [1] });
    expect(ws.history).toEqual({ 'a.md': { done: [1] } });
    const snapshot = journalSnapshot(ws);
    expect(snapshot).not.toHaveProperty('history');
    expect(snapshot).not.toHaveProperty('formats');
    expect(snapshot.files).toEqual({ 'a.md': 'A' });
    ws.formats = { 'a.md': 'afm' };
    expect(journalSnapshot(ws).formats).toEqual({ 'a.md': 'afm' });
  });
});

describe('createFile', () => {
  it('creates the typed name with the text its name calls for, and opens it', () => {
    const ws = workspace({ 'a.md': 'A' });
    expect(createFile(ws, 'fastagent.config.yaml')).toBeNull();
    expect(createFile(ws, 'helper')).toBeNull();
    expect(ws.files).toEqual({
      'a.md': 'A',
      'fastagent.config.yaml': '',
      'helper.md': expect.stringMatching(/^---\ntype: agent\n---\n/),
    });
    expect(ws.active).toBe('helper.md');
  });

  it('refuses a taken or hostile name, changing nothing', () => {
    const ws = workspace({ 'a.md': 'A' });
    const before = structuredClone(ws);
    expect(createFile(ws, 'a.md')).toBe('a.md exists already.');
    expect(createFile(ws, '.git/index.lock')).toMatch(/starts with a dot/);
    expect(createFile(ws, 'a/../../b.md')).toMatch(/“\.\.”/);
    expect(ws).toEqual(before);
  });
});

describe('applyEdit', () => {
  it('removes, rewrites and adds under the exact paths, opening the first added file', () => {
    const ws = workspace({ 'a.md': 'A', 'b.md': 'B', 'c.md': 'C' });
    ws.history = { 'a.md': 1 };
    applyEdit(ws, {
      remove: ['a.md'],
      write: { 'b.md': 'B2' },
      add: { 'dir/x.afm.md': 'X', 'dir/y.yaml': 'Y' },
    });
    expect(ws.files).toEqual({ 'b.md': 'B2', 'c.md': 'C', 'dir/x.afm.md': 'X', 'dir/y.yaml': 'Y' });
    expect(ws.history).toEqual({});
    expect(ws.active).toBe('dir/x.afm.md');
  });

  it('never overwrites a file through an add', () => {
    const ws = workspace({ 'a.md': 'A' });
    applyEdit(ws, { remove: [], write: {}, add: { 'a.md': 'other' } });
    expect(ws.files).toEqual({ 'a.md': 'A' });
  });
});
