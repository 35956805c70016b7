import { describe, expect, it } from 'vitest';
import type { Fix, FixEdit } from '../../core/index.ts';
import { currentFixEdits, mapEdits } from './fix-edits.ts';

const edit = (from: number, to: number, insert: string, file = 'a.md'): FixEdit => ({
  file,
  from,
  to,
  insert,
});

describe('mapEdits', () => {
  const analysed = 'name: x\nmodle: y\n';

  it('keeps the offsets when the text is the one analysed', () => {
    expect(mapEdits([edit(8, 13, 'model')], analysed, analysed)).toEqual([edit(8, 13, 'model')]);
  });

  it('shifts an edit after a change and keeps one before it', () => {
    const typedBefore = 'name: xyz\nmodle: y\n'; // two characters typed in line 1
    expect(mapEdits([edit(8, 13, 'model')], analysed, typedBefore)).toEqual([
      edit(10, 15, 'model'),
    ]);
    const typedAfter = 'name: x\nmodle: y\nmore\n';
    expect(mapEdits([edit(8, 13, 'model')], analysed, typedAfter)).toEqual([edit(8, 13, 'model')]);
  });

  it('drops the fix when text it replaces was edited since', () => {
    expect(mapEdits([edit(8, 13, 'model')], analysed, 'name: x\nmodel: y\n')).toBeNull();
    expect(mapEdits([edit(8, 13, 'model')], analysed, 'name: x\nmo: y\n')).toBeNull();
  });

  it('drops a whole fix when one of its edits is stale', () => {
    const edited = 'name: x\nmodle: q\n';
    expect(mapEdits([edit(0, 4, 'title'), edit(15, 16, 'w')], analysed, edited)).toBeNull();
  });

  it('drops an edit that text was typed right next to', () => {
    expect(mapEdits([edit(8, 8, '# note\n')], analysed, 'name: x\nQmodle: y\n')).toBeNull();
    expect(mapEdits([edit(8, 13, 'model')], analysed, 'name: x\nmodles: y\n')).toBeNull();
  });

  it('drops edits that do not fit the analysed text', () => {
    expect(mapEdits([edit(5, 3, '')], analysed, analysed)).toBeNull();
    expect(mapEdits([edit(0, analysed.length + 1, '')], analysed, analysed)).toBeNull();
    expect(mapEdits([edit(-1, 0, '')], analysed, analysed)).toBeNull();
    expect(mapEdits([edit(Number.NaN, 0, '')], analysed, analysed)).toBeNull();
  });
});

describe('currentFixEdits', () => {
  const fix = (edits: FixEdit[]): Fix => ({ title: 't', safe: false, edits });
  const texts = (analysed: Record<string, string>, current: Record<string, string>) => ({
    analysed: (f: string) => analysed[f],
    current: (f: string) => current[f],
  });

  it('maps every file through its own changes', () => {
    const f = fix([edit(0, 1, 'X', 'a.md'), edit(2, 3, 'Y', 'b.md')]);
    expect(
      currentFixEdits(
        f,
        texts({ 'a.md': 'aaa', 'b.md': 'bbb' }, { 'a.md': 'aaa', 'b.md': 'zbbb' }),
      ),
    ).toEqual([edit(0, 1, 'X', 'a.md'), edit(3, 4, 'Y', 'b.md')]);
  });

  it('creates a file that did not exist and still does not', () => {
    const f = fix([edit(0, 0, 'history', 'h.md')]);
    expect(currentFixEdits(f, texts({}, {}))).toEqual([edit(0, 0, 'history', 'h.md')]);
  });

  it('is stale when a file it creates exists now, or a file it edits was removed', () => {
    expect(currentFixEdits(fix([edit(0, 0, 'h', 'h.md')]), texts({}, { 'h.md': '' }))).toBeNull();
    expect(currentFixEdits(fix([edit(0, 1, 'X', 'a.md')]), texts({ 'a.md': 'a' }, {}))).toBeNull();
  });
});
