import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics.ts';
import { checkLoadSet } from '../load-set/check-load-set.ts';
import { applyFixes } from './fix.ts';
import { freeName } from './name-fixes.ts';

function found(files: Record<string, string>, code: string) {
  return checkLoadSet(files).diagnostics.filter((d) => d.code === code);
}

function fixedFiles(files: Record<string, string>, d: Diagnostic): Map<string, string> {
  return applyFixes(new Map(Object.entries(files)), [d.fixes![0]!]).files;
}

describe('freeName', () => {
  it('keeps a free name and suffixes a taken one with the first free number', () => {
    expect(freeName('a', new Set())).toBe('a');
    expect(freeName('a', new Set(['a']))).toBe('a_2');
    expect(freeName('a', new Set(['a', 'a_2', 'a_3']))).toBe('a_4');
  });
});

describe('missing-name fixes', () => {
  const bundle =
    '---\ntype: agent\nname: lead\n---\nLead.\n---\ntype: agent\nmodel: gpt\n---\nHelp.\n';

  it('inserts a name from the file stem and the card position at the top of the frontmatter', () => {
    const files = { 'post_writer.md': bundle };
    const [d] = found(files, 'missing-name');
    const at = bundle.indexOf('type: agent\nmodel');
    expect(d!.fixes).toMatchObject([
      {
        title: "Name the card 'post_writer_2'",
        safe: false,
        edits: [{ file: 'post_writer.md', from: at, to: at, insert: 'name: post_writer_2\n' }],
      },
    ]);
    const after = fixedFiles(files, d!).get('post_writer.md')!;
    expect(after).toBe(
      bundle.replace('type: agent\nmodel', 'name: post_writer_2\ntype: agent\nmodel'),
    );
    expect(
      checkLoadSet({ 'post_writer.md': after }).diagnostics.filter((x) => x.severity === 'error'),
    ).toEqual([]);
  });

  it('never picks a name another card already has', () => {
    const files = {
      'post_writer.md': bundle,
      'other.yaml': 'type: agent\nname: post_writer_2\ninstruction: Hi.\n',
    };
    const [d] = found(files, 'missing-name');
    expect(d!.fixes![0]!.edits[0]!.insert).toBe('name: post_writer_2_2\n');
  });

  it('gives two nameless cards of one bundle different names', () => {
    const text = '---\ntype: agent\n---\nA.\n---\ntype: agent\n---\nB.\n';
    const ds = found({ 'team.md': text }, 'missing-name');
    expect(ds.map((d) => d.fixes![0]!.edits[0]!.insert)).toEqual([
      'name: team_1\n',
      'name: team_2\n',
    ]);
  });

  it('names a card of a YAML bundle', () => {
    const text = 'type: agent\nname: a\n---\ntype: agent\ninstruction: Hi.\n';
    const [d] = found({ 'crew.yaml': text }, 'missing-name');
    const at = text.indexOf('type: agent\ninstruction');
    expect(d!.fixes![0]!.edits[0]).toMatchObject({ from: at, to: at, insert: 'name: crew_2\n' });
  });

  it('proposes no fix in a flow-style frontmatter', () => {
    const text = '---\nname: a\ntype: agent\n---\nA.\n---\n{type: agent}\n---\nB.\n';
    const [d] = found({ 'team.md': text }, 'missing-name');
    expect(d).toBeDefined();
    expect(d!.fixes).toBeUndefined();
  });
});

describe('duplicate-name fixes', () => {
  it('renames the later card with the first free suffix', () => {
    const files = {
      'a.yaml': 'type: agent\nname: writer\ninstruction: A.\n',
      'b.yaml': 'type: agent\nname: writer\ninstruction: B.\n',
      'c.yaml': 'type: agent\nname: writer_2\ninstruction: C.\n',
    };
    const ds = found(files, 'duplicate-name');
    expect(ds).toHaveLength(1);
    expect(ds[0]!.file).toBe('b.yaml');
    expect(ds[0]!.fixes).toMatchObject([
      {
        title: "Rename to 'writer_3'",
        safe: false,
        edits: [{ file: 'b.yaml', from: 18, to: 24, insert: 'writer_3' }],
      },
    ]);
    const after = fixedFiles(files, ds[0]!);
    expect(after.get('b.yaml')).toBe('type: agent\nname: writer_3\ninstruction: B.\n');
    expect(found(Object.fromEntries(after), 'duplicate-name')).toEqual([]);
  });

  it('renames a quoted name to a plain one, and several duplicates to different names', () => {
    const files = {
      'a.yaml': 'type: agent\nname: "w"\ninstruction: A.\n',
      'b.yaml': 'type: agent\nname: "w"\ninstruction: B.\n',
      'c.yaml': "type: agent\nname: 'w'\ninstruction: C.\n",
    };
    const ds = found(files, 'duplicate-name');
    expect(ds.map((d) => [d.file, d.fixes![0]!.edits[0]!.insert])).toEqual([
      ['b.yaml', 'w_2'],
      ['c.yaml', 'w_3'],
    ]);
    expect(fixedFiles(files, ds[0]!).get('b.yaml')).toBe(
      'type: agent\nname: w_2\ninstruction: B.\n',
    );
  });

  it('proposes no fix when the name comes from the file name', () => {
    const files = {
      'w.yaml': 'type: agent\ninstruction: A.\n',
      'b.yaml': 'type: agent\nname: w\ninstruction: B.\n',
    };
    const ds = found(files, 'duplicate-name');
    expect(ds.length).toBeGreaterThan(0);
    for (const d of ds) if (d.file === 'w.yaml') expect(d.fixes).toBeUndefined();
  });
});

describe('messages-file-not-found fixes', () => {
  it('creates a missing JSON history with an empty message list', () => {
    const files = { 'a.yaml': 'type: agent\nname: a\ninstruction: Hi.\nmessages: h/past.json\n' };
    const [d] = found(files, 'messages-file-not-found');
    expect(d!.fixes).toMatchObject([
      {
        title: 'Create h/past.json with an empty history',
        safe: false,
        edits: [{ file: 'h/past.json', from: 0, to: 0, insert: '{"messages": []}\n' }],
      },
    ]);
    const after = Object.fromEntries(fixedFiles(files, d!));
    expect(after['h/past.json']).toBe('{"messages": []}\n');
    expect(checkLoadSet(after).diagnostics).toEqual([]);
  });

  it('creates a missing delimited history empty, resolved against the card folder', () => {
    const files = { 'cards/a.md': '---\ntype: agent\nmessages: ../h/past.md\n---\nHi.\n' };
    const [d] = found(files, 'messages-file-not-found');
    expect(d!.fixes![0]!.edits).toMatchObject([{ file: 'h/past.md', from: 0, to: 0, insert: '' }]);
    const after = Object.fromEntries(fixedFiles(files, d!));
    expect(after['h/past.md']).toBe('');
    expect(checkLoadSet(after).diagnostics.filter((x) => x.severity === 'error')).toEqual([]);
  });

  it('proposes no fix for a path outside the load-set root', () => {
    for (const entry of ['../x.json', '/tmp/x.json']) {
      const files = { 'a.yaml': `type: agent\nname: a\ninstruction: Hi.\nmessages: ${entry}\n` };
      const [d] = found(files, 'messages-file-not-found');
      expect(d, entry).toBeDefined();
      expect(d!.fixes, entry).toBeUndefined();
    }
  });
});
