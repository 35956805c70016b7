import { describe, expect, it } from 'vitest';
import { applyEdits, applyFixes, type Fix } from './fix.ts';

const rename = (file: string, from: number, to: number, insert: string, safe = true): Fix => ({
  title: `Change to ${insert}`,
  safe,
  edits: [{ file, from, to, insert }],
});

describe('applyEdits', () => {
  it('applies edits given in any order against the original offsets', () => {
    const text = 'modle: x\ntpye: chain\n';
    expect(
      applyEdits(text, [
        { file: 'a', from: 0, to: 5, insert: 'model' },
        { file: 'a', from: 9, to: 13, insert: 'type' },
      ]),
    ).toBe('model: x\ntype: chain\n');
    expect(
      applyEdits(text, [
        { file: 'a', from: 9, to: 13, insert: 'type' },
        { file: 'a', from: 0, to: 5, insert: 'model' },
      ]),
    ).toBe('model: x\ntype: chain\n');
  });

  it('clamps offsets past the end', () => {
    expect(applyEdits('ab', [{ file: 'a', from: 5, to: 9, insert: 'c' }])).toBe('abc');
  });
});

describe('applyFixes', () => {
  it('skips a fix that overlaps one already chosen, keeping the first', () => {
    const files = new Map([['a.md', 'modle: x\n']]);
    const first = rename('a.md', 0, 5, 'model');
    const second = rename('a.md', 2, 4, 'XX');
    const result = applyFixes(files, [first, second]);
    expect(result.files.get('a.md')).toBe('model: x\n');
    expect(result.applied).toEqual([first]);
    expect(result.skipped).toEqual([second]);
  });

  it('treats two insertions at one point as a conflict', () => {
    const files = new Map([['a.md', 'x']]);
    const result = applyFixes(files, [rename('a.md', 1, 1, 'A'), rename('a.md', 1, 1, 'B')]);
    expect(result.files.get('a.md')).toBe('xA');
    expect(result.skipped).toHaveLength(1);
  });

  it('creates a file an edit names that does not exist, and leaves other files alone', () => {
    const files = new Map([['a.md', 'keep']]);
    const create: Fix = {
      title: 'Create history.json',
      safe: false,
      edits: [{ file: 'history.json', from: 0, to: 0, insert: '[]\n' }],
    };
    const result = applyFixes(files, [create]);
    expect(result.files.get('history.json')).toBe('[]\n');
    expect(result.files.get('a.md')).toBe('keep');
    expect(files.has('history.json')).toBe(false);
  });

  it('applies a fix whose edits span two files whole', () => {
    const files = new Map([
      ['a.md', 'aaa'],
      ['b.md', 'bbb'],
    ]);
    const fix: Fix = {
      title: 'both',
      safe: true,
      edits: [
        { file: 'a.md', from: 0, to: 1, insert: 'A' },
        { file: 'b.md', from: 2, to: 3, insert: 'B' },
      ],
    };
    expect([...applyFixes(files, [fix]).files]).toEqual([
      ['a.md', 'Aaa'],
      ['b.md', 'bbB'],
    ]);
  });
});
