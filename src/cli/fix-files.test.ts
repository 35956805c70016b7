import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planProblems, writeChanges, type FileChange } from './fix-files.ts';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agentcard-fix-files-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const io = () => ({ cwd: dir, out: () => {}, err: () => {} });
const created = (file: string, after = 'x\n'): FileChange => ({ file, before: undefined, after });

describe('planProblems', () => {
  it('accepts new files with valid names inside the root and edits of existing files', () => {
    writeFileSync(join(dir, 'a.md'), 'old');
    const plan = [
      created('b.md'),
      created('sub/c.history.md'),
      { file: 'a.md', before: 'old', after: 'new' },
    ];
    expect(planProblems(plan, dir, dir)).toEqual([]);
  });

  it('refuses every new file that is not free, not a valid name everywhere, in a dot-folder or outside the root', () => {
    mkdirSync(join(dir, 'folder.md'));
    writeFileSync(join(dir, 'there.md'), 'mine');
    mkdirSync(join(dir, 'elsewhere'));
    symlinkSync(join(dir, 'elsewhere'), join(dir, 'link'));
    const names = [
      'folder.md',
      'there.md',
      '.git/index.lock',
      'sub/.hidden/x.md',
      'a*b.md',
      'q?.md',
      'p|.md',
      'lt<.md',
      'quote".md',
      'nul\u0000.md',
      'esc\u001b.md',
      'con.md',
      'NUL',
      'com1.history.md',
      `${'x'.repeat(256)}.md`,
      '../up.md',
    ];
    const problems = planProblems(
      names.map((n) => created(n)),
      join(dir),
      dir,
    );
    expect(problems).toHaveLength(names.length);
    expect(problems[0]).toMatch(/folder\.md: a folder of that name is there/);
    expect(problems[1]).toMatch(/there\.md: a file of that name is there/);
    expect(problems[2]).toMatch(/dot-folder/);
    // Names are shown with their control characters escaped.
    expect(problems.join('\n')).not.toMatch(/[\u0000\u001b]/);
  });

  it('refuses a rewrite of a file that is no longer a regular file', () => {
    mkdirSync(join(dir, 'a.md'));
    expect(planProblems([{ file: 'a.md', before: 'old', after: 'new' }], dir, dir)[0]).toMatch(
      /a\.md: it is no longer a file/,
    );
  });
});

describe('writeChanges', () => {
  it('writes new files before rewriting existing ones: a failed new file leaves the old text whole', () => {
    writeFileSync(join(dir, 'bundle.md'), 'card one\ncard two\n');
    writeFileSync(join(dir, 'blocker'), 'a file where a folder is needed');
    const failed = writeChanges(
      [
        { file: 'bundle.md', before: 'card one\ncard two\n', after: 'card one\n' },
        created('blocker/two.md', 'card two\n'),
      ],
      io(),
    );
    expect(failed).toMatch(/cannot write blocker\/two\.md/);
    expect(readFileSync(join(dir, 'bundle.md'), 'utf8')).toBe('card one\ncard two\n');
  });

  it('goes through a temporary file in the same folder and leaves none behind', () => {
    writeFileSync(join(dir, 'a.md'), 'old');
    expect(
      writeChanges([{ file: 'a.md', before: 'old', after: 'new' }, created('b/c.md')], io()),
    ).toBeUndefined();
    expect(readFileSync(join(dir, 'a.md'), 'utf8')).toBe('new');
    expect(readFileSync(join(dir, 'b', 'c.md'), 'utf8')).toBe('x\n');
    expect(readdirSync(dir).sort()).toEqual(['a.md', 'b']);
    expect(readdirSync(join(dir, 'b'))).toEqual(['c.md']);
  });

  it('never replaces a file that appeared where a new one goes', () => {
    writeFileSync(join(dir, 'n.md'), 'appeared');
    expect(writeChanges([created('n.md', 'mine')], io())).toMatch(/cannot write n\.md/);
    expect(readFileSync(join(dir, 'n.md'), 'utf8')).toBe('appeared');
    expect(existsSync(join(dir, 'n.md'))).toBe(true);
    expect(readdirSync(dir)).toEqual(['n.md']);
  });
});
