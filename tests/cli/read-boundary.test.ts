import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.ts';
import { defaultRoot, MAX_READ_BYTES } from '../../src/cli/read-boundary.ts';

function runCli(args: string[], cwd: string) {
  let out = '';
  let err = '';
  const code = run(args, { cwd, out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

interface Json {
  agents: Array<{ name: string; history: Array<{ role: string; content: string }> }>;
  diagnostics: Array<{
    code: string;
    severity: string;
    file: string;
    line: number;
    column: number;
  }>;
}

/** `agentcard check --json` in `cwd`: the exit code, the parsed report and the raw text. */
function check(args: string[], cwd: string): { code: number; json: Json; out: string } {
  const { code, out, err } = runCli(['check', '--json', ...args], cwd);
  expect(err).toBe('');
  return { code, json: JSON.parse(out) as Json, out };
}

const SECRET = 'SECRET-CONTENT-42';
const card = (messages: string) =>
  `---\ntype: agent\nname: a\nmessages: ${JSON.stringify(messages)}\n---\nHi.\n`;

// base/secret.md, base/repo/.git/, base/repo/history/h.md, base/repo/cards/*.md
const base = realpathSync(mkdtempSync(join(tmpdir(), 'agentcard-boundary-')));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const repo = join(base, 'repo');
const cards = join(repo, 'cards');
mkdirSync(join(repo, '.git'), { recursive: true });
mkdirSync(join(repo, 'history'));
mkdirSync(cards);
writeFileSync(join(base, 'secret.md'), `---USER\n${SECRET}\n`);
writeFileSync(join(repo, 'history', 'h.md'), '---USER\ninside\n');
symlinkSync('../../secret.md', join(cards, 'link-out.md'));
symlinkSync('../history/h.md', join(cards, 'link-in.md'));
symlinkSync('../../no-such-file.md', join(cards, 'dangling-out.md'));
const fifo = join(repo, 'fifo.md');
const hasFifo = spawnSync('mkfifo', [fifo]).status === 0;

/** The one diagnostic of checking a card whose `messages` is `target`, run in `cards`. */
function refused(target: string, args: string[] = []) {
  writeFileSync(join(cards, 'a.md'), card(target));
  const { code, json, out } = check([...args, 'a.md'], cards);
  return { code, json, out, codes: json.diagnostics.map((d) => [d.code, d.severity, d.line]) };
}

describe('agentcard check reads files that cards name only inside the load-set root', () => {
  it('reads a history inside the Git repository that holds the cards, even above their folder', () => {
    const { code, json } = refused('../history/h.md');
    expect(code).toBe(0);
    expect(json.diagnostics).toEqual([]);
    expect(json.agents[0]!.history).toEqual([{ role: 'user', content: 'inside' }]);
  });

  for (const [what, target] of [
    ['a relative path that climbs out with ..', '../../secret.md'],
    ['an absolute path', join(base, 'secret.md')],
    ['a symlink inside the root that leads out', 'link-out.md'],
    ['the device /dev/zero', '/dev/zero'],
    ['the device /dev/null', '/dev/null'],
    ['/proc/self/environ', '/proc/self/environ'],
    ['a .. path within the folder that still ends outside', 'x/../../../secret.md'],
  ] as const) {
    it(`refuses ${what} with a path-outside-root warning at the entry, and prints nothing of it`, () => {
      const { code, codes, out } = refused(target);
      expect(code).toBe(0);
      expect(codes).toEqual([['path-outside-root', 'warning', 4]]);
      expect(out).not.toContain(SECRET);
    });
  }

  it.skipIf(!hasFifo)('refuses a FIFO inside the root without blocking on it', () => {
    expect(refused('../fifo.md').codes).toEqual([['path-outside-root', 'warning', 4]]);
  });

  it('ends a symlink loop inside the root as a missing file, not a hang', () => {
    symlinkSync('loop-b.md', join(cards, 'loop-a.md'));
    symlinkSync('loop-a.md', join(cards, 'loop-b.md'));
    expect(refused('loop-a.md').codes).toEqual([['messages-file-not-found', 'error', 4]]);
  });

  it('follows a symlink that stays inside the root', () => {
    const { json } = refused('link-in.md');
    expect(json.diagnostics).toEqual([]);
    expect(json.agents[0]!.history).toEqual([{ role: 'user', content: 'inside' }]);
  });

  it('says exactly the same for a missing file outside the root as for a present one', () => {
    const present = refused('../../other.md');
    const dangling = refused('dangling-out.md');
    writeFileSync(join(base, 'other.md'), 'x');
    const after = refused('../../other.md');
    unlinkSync(join(base, 'other.md'));
    expect(after.out).toBe(present.out);
    expect(dangling.codes).toEqual([['path-outside-root', 'warning', 4]]);
  });

  it('reads outside the root with --allow-outside-root, but never /proc or a device', () => {
    const { json } = refused('../../secret.md', ['--allow-outside-root']);
    expect(json.diagnostics).toEqual([]);
    expect(json.agents[0]!.history).toEqual([{ role: 'user', content: SECRET }]);
    expect(refused('/proc/self/environ', ['--allow-outside-root']).codes).toEqual([
      ['path-outside-root', 'warning', 4],
    ]);
  });

  it('takes the root from --root', () => {
    expect(refused('../../secret.md', ['--root', base]).json.agents[0]!.history).toEqual([
      { role: 'user', content: SECRET },
    ]);
    expect(refused('../history/h.md', ['--root=.']).codes).toEqual([
      ['path-outside-root', 'warning', 4],
    ]);
  });

  it('exits 2 when --root is not a folder', () => {
    const { code, err } = runCli(['check', '--root', 'no-such-folder', 'a.md'], cards);
    expect(code).toBe(2);
    expect(err).toMatch(/--root no-such-folder: no such folder/);
  });

  it('refuses {{file:…}}, Python files and ---RESOURCE paths outside the root at their reference', () => {
    writeFileSync(
      join(cards, 'b.md'),
      '---\ntype: agent\nname: b\nfunction_tools:\n  - ../../tools.py:fn\nmessages: ../history/r.md\n---\nSee {{file:../../secret.md}}.\n',
    );
    writeFileSync(join(repo, 'history', 'r.md'), '---USER\nlook\n---RESOURCE\n../../secret.md\n');
    const { json, out } = check(['b.md'], cards);
    expect(json.diagnostics.map((d) => [d.code, d.file, d.line])).toEqual([
      ['path-outside-root', '../history/r.md', 4],
      ['path-outside-root', 'b.md', 5],
      ['path-outside-root', 'b.md', 8],
    ]);
    expect(out).not.toContain(SECRET);
  });
});

describe('the default load-set root', () => {
  it('is the nearest folder with .git above the PATHs', () => {
    expect(defaultRoot(['a.md'], cards)).toBe(repo);
    expect(defaultRoot([join(cards, 'a.md')], base)).toBe(repo);
  });

  it('outside a repository, is the current folder when the PATHs are inside it, else their common folder', () => {
    const plain = realpathSync(mkdtempSync(join(tmpdir(), 'agentcard-noroot-')));
    try {
      mkdirSync(join(plain, 'x', 'y'), { recursive: true });
      mkdirSync(join(plain, 'x', 'z'));
      writeFileSync(join(plain, 'x', 'y', 'a.md'), card('../../h.md'));
      writeFileSync(join(plain, 'x', 'z', 'b.md'), card('h.md'));
      if (existsSync(join(plain, '..', '.git'))) return; // a repository above the system temp folder
      expect(defaultRoot(['x/y/a.md'], plain)).toBe(plain);
      expect(defaultRoot(['../y/a.md', 'b.md'], join(plain, 'x', 'z'))).toBe(join(plain, 'x'));
      // From the top folder, ../../h.md of x/y/a.md is plain/h.md: inside the current folder.
      writeFileSync(join(plain, 'h.md'), '---USER\ntop\n');
      expect(check(['x/y/a.md'], plain).json.diagnostics).toEqual([]);
      // From x/y, the root is x/y itself: the same reference leaves it.
      expect(check(['a.md'], join(plain, 'x', 'y')).json.diagnostics.map((d) => d.code)).toEqual([
        'path-outside-root',
      ]);
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });
});

describe('a card file over the read limit', () => {
  it('gets input-too-large (exit 1) instead of a usage error', () => {
    const big = join(cards, 'big.md');
    writeFileSync(big, '');
    truncateSync(big, MAX_READ_BYTES + 1); // sparse: no disk space used
    try {
      const { code, out, err } = runCli(['check', '--json', 'big.md'], cards);
      expect(err).toBe('');
      expect(code).toBe(1);
      const json = JSON.parse(out) as Json;
      expect(json.diagnostics.map((d) => [d.code, d.severity, d.file, d.line, d.column])).toEqual([
        ['input-too-large', 'error', 'big.md', 1, 1],
      ]);
    } finally {
      rmSync(big);
    }
  });
});
