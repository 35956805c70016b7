/**
 * What `agentcard check --fix` guarantees, each case on a real temp folder: no card is lost, a plan that
 * cannot be written whole writes nothing, the report is a fresh check's, a second run changes nothing.
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.ts';
import { HISTORY_BUNDLE } from '../support/history-bundle.ts';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agentcard-fix-plan-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function cli(...args: string[]) {
  let out = '';
  let err = '';
  const code = run(['check', '--root', '.', '--no-pretty', ...args], {
    cwd: dir,
    out: (t) => (out += t),
    err: (t) => (err += t),
  });
  return { code, out, err };
}
const write = (file: string, text: string) => {
  mkdirSync(join(dir, file, '..'), { recursive: true });
  writeFileSync(join(dir, file), text);
};
const read = (file: string) => readFileSync(join(dir, file), 'utf8');
/** Every file under the folder, by relative path, with its text. */
function snapshot(sub = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(join(dir, sub), { withFileTypes: true })) {
    const path = sub === '' ? e.name : `${sub}/${e.name}`;
    if (e.isDirectory()) Object.assign(out, snapshot(path));
    else out[path] = read(path);
  }
  return out;
}
/** The names of the agents a fresh check of `paths` finds, with the rfc profile (bundles split). */
function freshAgents(...paths: string[]): string[] {
  const { out } = cli('--json', ...paths);
  return (JSON.parse(out) as { agents: Array<{ name: string }> }).agents.map((a) => a.name).sort();
}

describe('check --fix on a Markdown bundle whose first card has inline history', () => {
  it('keeps every card: splits the bundle, then moves only the first card’s history', () => {
    write('bundle.md', HISTORY_BUNDLE);
    const { code, out, err } = cli('--profile', 'fast-agent', '--fix', 'bundle.md');
    expect(read('bundle.md')).toBe(
      '---\ntype: agent\nname: first\nmessages: first.history.md\n---\nBe first.\n',
    );
    expect(read('first.history.md')).toBe('---USER\nhi\n\n---ASSISTANT\nhello\n');
    expect(read('second.md')).toBe('---\ntype: agent\nname: second\n---\nSecond.\n');
    expect(read('third.md')).toBe('---\ntype: agent\nname: third\n---\nThird.\n');
    expect(freshAgents('.')).toEqual(['first', 'second', 'third']);
    // The report is a check of every file the run wrote, created ones (the history too) included.
    expect(out).toMatch(/0 errors, 0 warnings.* in 4 files/);
    expect(err.split('\n').slice(0, 2)).toEqual([
      'agentcard: applied 2 fixes in 4 files',
      '  bundle.md',
    ]);
    expect(err).toMatch(/\n {4}Split this Markdown bundle .*move 'second' to second\.md/);
    expect(err).toMatch(/\n {4}Move the inline history blocks to first\.history\.md/);
    expect(code).toBe(0);
    const before = snapshot();
    const again = cli('--profile', 'fast-agent', '--fix', 'bundle.md', 'second.md', 'third.md');
    expect(again.err).toBe('');
    expect(snapshot()).toEqual(before);
  });
});

describe('check --fix refuses a plan it cannot write whole, and writes nothing', () => {
  const TWO = '---\ntype: agent\nname: one\n---\nOne.\n\n---\ntype: agent\nname: two\n---\nTwo.\n';

  it('when a new file’s name is a folder', () => {
    write('b.md', TWO);
    mkdirSync(join(dir, 'two.md'));
    const before = snapshot();
    const { code, err } = cli('--profile', 'fast-agent', '--fix', 'b.md');
    expect(err).toMatch(/refusing to create two\.md: a folder of that name is there/);
    expect(err).toMatch(/nothing written/);
    expect(code).toBe(2);
    expect(snapshot()).toEqual(before);
  });

  it('when a new file’s name is a file the check could not read (not part of the plan)', () => {
    if (process.getuid?.() === 0) return; // root reads every file
    write('b.md', TWO);
    write('two.md', 'mine\n');
    chmodSync(join(dir, 'two.md'), 0o000);
    try {
      const { code, err } = cli('--profile', 'fast-agent', '--fix', 'b.md');
      expect(err).toMatch(/refusing to create two\.md: a file of that name is there/);
      expect(code).toBe(2);
      expect(read('b.md')).toBe(TWO);
    } finally {
      chmodSync(join(dir, 'two.md'), 0o644);
    }
    expect(read('two.md')).toBe('mine\n');
  });
});

describe('check --fix reports the truth about the files it creates', () => {
  it('fixes and checks a created file in the same run; the exit code is the fresh check’s', () => {
    const text =
      '---\ntype: agent\nname: one\n---\nOne.\n\n---\ntype: chain\nname: two\nsequnce: [one]\nsequence: [nobody]\n---\n';
    write('b.md', text.replace('sequnce: [one]\n', 'modle: x\n'));
    const { code, out } = cli('--profile', 'fast-agent', '--fix', 'b.md');
    expect(existsSync(join(dir, 'two.md'))).toBe(true);
    expect(out).toMatch(/^two\.md:\d+:\d+ error unknown-field /m);
    expect(out).toMatch(/^two\.md:\d+:\d+ error unknown-agent-ref /m);
    expect(out).toMatch(/2 errors.* in 2 files/);
    expect(code).toBe(1);
    const before = snapshot();
    const again = cli('--profile', 'fast-agent', '--fix', 'b.md', 'two.md');
    expect(again.err).toBe('');
    expect(again.code).toBe(1);
    expect(snapshot()).toEqual(before);
  });

  it('applies a safe fix inside a created file before reporting (a second run is a no-op)', () => {
    write(
      'b.md',
      '---\ntype: agent\nname: one\n---\nOne.\n\n---\ntype: agent\nname: two\nmodle: x\n---\nTwo.\n',
    );
    const { code, out } = cli('--profile', 'fast-agent', '--fix', 'b.md');
    expect(read('two.md')).toBe('---\ntype: agent\nname: two\nmodel: x\n---\nTwo.\n');
    expect(out).toMatch(/0 errors/);
    expect(code).toBe(0);
  });
});

describe('check --fix and meaning', () => {
  it('does not turn fast-agent’s removed history_mode into history_source', () => {
    write('a.yaml', 'type: agent\nname: a\nhistory_mode: scratch\n');
    const { code, out, err } = cli('--profile', 'fast-agent', '--fix', 'a.yaml');
    expect(read('a.yaml')).toBe('type: agent\nname: a\nhistory_mode: scratch\n');
    expect(err).toBe('');
    expect(out).toMatch(/unknown-field/);
    expect(code).toBe(1);
  });
});

describe('check --fix-unsafe on inline server settings', () => {
  const CARD =
    'type: agent\nname: a\ninstruction: A.\nservers:\n  - web:\n      url: https://x.test/mcp\n      headers: {Authorization: "Bearer t"}\n';

  it('merges the settings into the fastagent.config.yaml of the root and says so', () => {
    const config = '# my settings\nmcp:\n  servers:\n    old:\n      command: run-old\n';
    write('fastagent.config.yaml', config);
    write('a.yaml', CARD);
    const { code, err } = cli('--profile', 'fast-agent', '--fix-unsafe', 'a.yaml');
    expect(read('a.yaml')).toBe('type: agent\nname: a\ninstruction: A.\nservers:\n  - web\n');
    expect(read('fastagent.config.yaml')).toBe(
      `${config}    web:\n      url: https://x.test/mcp\n      headers:\n        Authorization: Bearer t\n`,
    );
    expect(err).toMatch(/ {2}a\.yaml\n {4}Use server names .*adds web to fastagent\.config\.yaml/);
    expect(code).toBe(0);
  });

  it('keeps the settings as a comment in the card when the root has no config, and prints where they go', () => {
    write('a.yaml', CARD);
    const { err } = cli('--profile', 'fast-agent', '--fix-unsafe', 'a.yaml');
    expect(read('a.yaml')).toBe(
      'type: agent\nname: a\ninstruction: A.\nservers:\n  - web\n' +
        '# for fastagent.config.yaml under mcp.servers (fast-agent takes server names only):\n' +
        '#   web: {"url":"https://x.test/mcp","headers":{"Authorization":"Bearer t"}}\n',
    );
    expect(existsSync(join(dir, 'fastagent.config.yaml'))).toBe(false);
    expect(err).toMatch(/kept as a comment in the card: add them to fastagent\.config\.yaml/);
  });
});

describe('check --fix and dot-folders', () => {
  it('never creates .git/index.lock for messages: .git/index.lock', () => {
    mkdirSync(join(dir, '.git'));
    write('a.yaml', 'type: agent\nname: a\nmessages: .git/index.lock\n');
    const { code, out } = cli('--fix-unsafe', 'a.yaml');
    expect(existsSync(join(dir, '.git', 'index.lock'))).toBe(false);
    expect(out).toMatch(/messages-file-not-found/);
    expect(code).toBe(1);
  });

  it('prints fix titles with control characters escaped', () => {
    write('a\u001b[31m.yaml', 'type: agent\nname: a\nmodle: x\n');
    const { err } = cli('--fix', 'a\u001b[31m.yaml');
    expect(err).not.toContain('\u001b');
    expect(err).toContain('a\\e[31m.yaml');
  });
});
