import { describe, expect, it } from 'vitest';
import { checkLoadSet } from '../load-set/check-load-set.ts';
import { createdFileProblem, fileTargetProblem, safeFileBase } from './file-targets.ts';

describe('fileTargetProblem', () => {
  it('accepts plain relative paths', () => {
    for (const path of ['a.md', 'cards/a.history.md', 'x/y/z-2.json', 'ü-名前.md'])
      expect(fileTargetProblem(path), path).toBeUndefined();
  });

  it('refuses paths outside the root, in dot-folders, and names some system cannot hold', () => {
    for (const path of [
      '',
      '/etc/passwd',
      'C:x.md',
      '../x.md',
      'a/../../x.md',
      'a//b.md',
      './a.md',
      '.git/index.lock',
      'cards/.git/HEAD',
      '.hidden.md',
      'a*b.md',
      'a?.md',
      'a<b>.md',
      'a|b.md',
      'a"b.md',
      'a:b.md',
      'a\\b.md',
      'a\u0000b.md',
      'a\u001bb.md',
      'con',
      'NUL.md',
      'com1.json',
      'cards/lpt9.history.md',
      'trailing.',
      'trailing ',
      `${'x'.repeat(253)}.md`,
      `${'é'.repeat(127)}.md`,
    ])
      expect(fileTargetProblem(path), JSON.stringify(path)).toBeDefined();
  });

  it('leaves the leading ../ steps of a created file to the host', () => {
    expect(createdFileProblem('../cards/a.md')).toBeUndefined();
    expect(createdFileProblem('../.git/a.md')).toBeDefined();
  });
});

describe('safeFileBase', () => {
  it('makes any name a valid file name', () => {
    const names = [
      'con',
      'a/b',
      '..x',
      'nul.history',
      'a*?"<>|b',
      'x\u0000\u001b',
      '.',
      'é'.repeat(300),
    ];
    for (const name of names) {
      const base = safeFileBase(name, '.md', 'card');
      expect(fileTargetProblem(`${base}-99.md`), JSON.stringify([name, base])).toBeUndefined();
    }
    expect(safeFileBase('con', '.md', 'card')).toBe('con_');
    expect(safeFileBase('nul.history', '.md', 'card')).toBe('nul_.history');
  });
});

describe('fixes create no file a system cannot hold', () => {
  it('offers no fix creating a history file in a dot-folder', () => {
    for (const target of ['.git/index.lock', 'sub/.git/HEAD', 'con.md', 'a?.md']) {
      const card = `type: agent\nname: a\nmessages: ${JSON.stringify(target)}\n`;
      const d = checkLoadSet({ 'a.yaml': card }).diagnostics.find(
        (x) => x.code === 'messages-file-not-found',
      );
      expect(d, target).toBeDefined();
      expect(d!.fixes, target).toBeUndefined();
    }
  });

  it('names the split files of hostile card names validly, and the split is then not safe', () => {
    const text = `---\ntype: agent\nname: a\n---\nA.\n\n---\ntype: agent\nname: "con"\n---\nB.\n\n---\ntype: agent\nname: "x?*|y"\n---\nC.\n`;
    const fix = checkLoadSet({ 'b.md': text })
      .diagnostics.flatMap((d) => d.fixes ?? [])
      .find((f) => f.title.startsWith('Split'))!;
    const created = fix.edits.map((e) => e.file).filter((f) => f !== 'b.md');
    expect(created).toEqual(['con_.md', 'x_y.md']);
    expect(fix.safe).toBe(false);
  });

  it('offers no split of a bundle inside a dot-folder', () => {
    const text = `---\ntype: agent\nname: a\n---\nA.\n\n---\ntype: agent\nname: b\n---\nB.\n`;
    const titles = checkLoadSet({ '.agents/b.md': text })
      .diagnostics.flatMap((d) => d.fixes ?? [])
      .map((f) => f.title);
    expect(titles.filter((t) => t.startsWith('Split'))).toEqual([]);
  });
});
